import { randomUUID } from 'node:crypto';
import { computeLinePrice, isSupportedCurrency, type Subscription, type SubscriptionCreateBody, type SubscriptionPatchBody, type SubscriptionRole, type SubscriptionStatus } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { AccessToken } from '../auth/index.ts';
import { cartForPlacement } from '../carts/index.ts';
import { isOrderable, listingsRepository, publicDataOf } from '../listings/index.ts';
import { cancelTimers, scheduleTimer } from '../timers/index.ts';
import { zonesService } from '../zones/index.ts';
import { cyclesAfter } from './subscriptions.cycles.ts';
import { queueSubscriptionMail, scheduleText, statusText } from './subscriptions.mail.ts';
import * as repo from './subscriptions.repository.ts';
import type { SubscriptionRow } from './subscriptions.schema.ts';
import { toSubscription } from './subscriptions.view.ts';

type Auth = Pick<AccessToken, 'sub' | 'org'>;

/** The timer of a subscription's next cycle: key = subscription id, payload = the cycle's local date. */
export const CYCLE_TIMER_KIND = 'subscription-cycle';
/** Where a listing's port is unknown, the marketplace's home zone (the reports count days in it too). */
export const FALLBACK_TIME_ZONE = 'Europe/Helsinki';

/** The caller's side: their organization buys or sells it; null answers 404 so ids do not leak. */
function roleOf(row: Pick<SubscriptionRow, 'buyerOrgId' | 'sellerOrgId'>, auth: Auth): SubscriptionRole | null {
  if (row.buyerOrgId === auth.org) return 'buyer';
  if (row.sellerOrgId === auth.org) return 'seller';
  return null;
}

async function view(db: Tx, joined: repo.JoinedSubscription[], auth: Auth, now: Date): Promise<Subscription[]> {
  const ids = joined.map((j) => j.s.id);
  const [events, cycles] = await Promise.all([repo.eventsOf(db, ids), repo.cyclesOf(db, ids)]);
  return joined.map((j) =>
    toSubscription(
      j,
      roleOf(j.s, auth)!,
      events.filter((e) => e.e.subscriptionId === j.s.id),
      cycles.filter((c) => c.subscriptionId === j.s.id),
      now,
    ),
  );
}

export async function list(ctx: AppContext, auth: Auth): Promise<Subscription[]> {
  return view(ctx.db, await repo.listForOrg(ctx.db, auth.org), auth, new Date());
}

export async function show(ctx: AppContext, auth: Auth, id: string): Promise<Subscription> {
  const j = await repo.findJoined(ctx.db, id);
  if (!j || !roleOf(j.s, auth)) throw notFound();
  return (await view(ctx.db, [j], auth, new Date()))[0]!;
}

async function timeZoneOfPort(ctx: AppContext, port: string | null | undefined): Promise<string> {
  if (!port) return FALLBACK_TIME_ZONE;
  try {
    return (await zonesService.getPort(ctx, port)).properties.timezone ?? FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** POST: a pending subscription from the buyer's cart of exactly one line, of a listing that allows subscriptions. */
export async function create(ctx: AppContext, auth: Auth, body: SubscriptionCreateBody): Promise<Subscription> {
  const cart = await cartForPlacement(ctx.db, auth.sub, body.cartId);
  const [only] = cart.lines;
  // The spec's rule (section 5): a recurring order needs exactly one cart item.
  if (cart.lines.length !== 1 || !only || only.placed) throw new AppError('subscription-cart-not-single-item', 409, { items: cart.lines.length });
  const row = await listingsRepository.findRow(ctx.db, only.listingId);
  if (!row || row.deleted || !row.isVisible || !isOrderable(row)) throw new AppError('transaction-listing-not-found', 404);
  if (row.authorId === auth.sub) throw new AppError('transaction-own-listing', 403);
  const pd = publicDataOf(row);
  if (!pd.allowSubscription || pd.rfqRequired || row.priceAmount === null || !row.priceCurrency || !isSupportedCurrency(row.priceCurrency)) throw new AppError('subscription-not-allowed', 409);
  const sellerOrgId = await repo.organizationOfUser(ctx.db, row.authorId);
  if (!sellerOrgId) throw new AppError('transaction-listing-not-found', 404);
  const line = only.line;
  const price = computeLinePrice({
    price: { amount: row.priceAmount, currency: row.priceCurrency },
    quantity: line.quantity,
    discount: pd.discount,
    setupFee: pd.setupFee,
    delivery: pd.delivery,
    deliveryMethod: line.deliveryMethod,
  });
  const timeZone = await timeZoneOfPort(ctx, pd.port);
  const id = randomUUID();
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await repo.insert(tx, {
      id,
      status: 'pending',
      listingId: row.id,
      buyerId: auth.sub,
      buyerOrgId: auth.org,
      sellerOrgId,
      schedule: body.schedule,
      timeZone,
      port: pd.port ?? null,
      line: {
        quantity: line.quantity,
        deliveryMethod: line.deliveryMethod,
        deliveryAddress: line.deliveryAddress ?? null,
        deliveryNotes: line.deliveryNotes ?? null,
        durationMs: Math.max(Date.parse(line.endTime) - Date.parse(line.startTime), 0),
        cartName: cart.name,
        shipName: cart.ship.name,
        shipImo: cart.ship.imo,
        portCallId: cart.portCall?.callId ?? null,
        portName: cart.portCall?.portName ?? null,
      },
      quantity: line.quantity,
      cycleAmount: price.subtotal,
      currency: price.currency,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertEvent(tx, { subscriptionId: id, status: 'pending', message: body.message ?? null, by: 'buyer', actorId: auth.sub, createdAt: now });
    await queueSubscriptionMail(ctx, tx, { template: 'created', to: [row.authorId], actorId: auth.sub, listing: row.title, vars: (lang) => ({ schedule: scheduleText(lang, body.schedule) }) });
  });
  return show(ctx, auth, id);
}

/** Who may ask for which status from where: the seller answers a pending one; either side cancels an open one. */
function allowed(from: SubscriptionStatus, to: SubscriptionPatchBody['status'], sides: { buyer: boolean; seller: boolean }): boolean {
  if (to === 'accepted' || to === 'declined') return from === 'pending' && sides.seller;
  return from === 'pending' || from === 'accepted';
}

/** Schedules the timer of the first cycle after `now` (none once the end date has passed). */
export async function scheduleNextCycle(tx: Tx, row: Pick<SubscriptionRow, 'id' | 'schedule' | 'timeZone'>, cycle: { date: string; at: Date } | undefined) {
  if (!cycle) return;
  await scheduleTimer(tx, { kind: CYCLE_TIMER_KIND, key: row.id, dueAt: cycle.at, payload: { cycleDate: cycle.date } });
}

/** PATCH: a status change with its message, which both sides read in the history. */
export async function patch(ctx: AppContext, auth: Auth, id: string, body: SubscriptionPatchBody): Promise<Subscription> {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lock(tx, id);
    const role = row && roleOf(row, auth);
    if (!row || !role) throw notFound();
    const sides = { buyer: row.buyerOrgId === auth.org, seller: row.sellerOrgId === auth.org };
    if (!allowed(row.status, body.status, sides)) throw new AppError('subscription-invalid-status-change', 409, { from: row.status, to: body.status });
    // The seller's side is named for a seller's own step; a cancel by someone on both sides counts as the buyer's.
    const by: SubscriptionRole = body.status === 'cancelled' ? role : 'seller';
    await repo.setStatus(tx, id, body.status, now);
    await repo.insertEvent(tx, { subscriptionId: id, status: body.status, message: body.message, by, actorId: auth.sub, createdAt: now });
    if (body.status === 'accepted') await scheduleNextCycle(tx, row, cyclesAfter(row.schedule, row.timeZone, now, 1)[0]);
    else await cancelTimers(tx, { key: id, kind: CYCLE_TIMER_KIND });
    const j = (await repo.findJoined(tx, id))!;
    const to = by === 'buyer' ? j.sellerId : row.buyerId;
    await queueSubscriptionMail(ctx, tx, {
      template: 'statusChanged',
      to: [to],
      actorId: auth.sub,
      listing: j.listingTitle,
      vars: (lang) => ({ status: statusText(lang, body.status), message: body.message }),
    });
  });
  return show(ctx, auth, id);
}
