import {
  TEMPLATES_MAX,
  earliestStart,
  minimumEnd,
  type Cart,
  type CartTemplatePatchBody,
  type Currency,
  type OrderLineBody,
  type SkippedTemplateLine,
  type cartTemplateBodySchema,
} from '@harbor/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { listingsRepository, publicDataOf } from '../listings/index.ts';
import { toCart } from './carts.mapper.ts';
import * as repo from './carts.repository.ts';
import { assertBuyer, assertCartRoom, checkLine, lineColumns, ownCart, reasonOf, refused, type Auth } from './carts.rules.ts';
import { viewTemplates } from './carts.view.ts';

const MINUTE_MS = 60_000;
/** A template line's new window starts on the next quarter hour the listing allows; the buyer moves it as needed. */
const START_STEP_MS = 15 * MINUTE_MS;

async function ownTemplate(ctx: AppContext, auth: Auth, id: string) {
  const row = await repo.findTemplate(ctx.db, auth.sub, id);
  if (!row) throw notFound();
  return row;
}

/**
 * The lines a cart started from a template gets. Templates keep no times, only
 * the window's length: each line starts at the earliest start the listing
 * allows now (rounded up to the quarter hour) and keeps its length, at least
 * the minimum end. Lines that cannot be ordered now are skipped with the reason.
 */
export async function startFromTemplate(ctx: AppContext, auth: Auth, templateId: string, now: number) {
  const template = await ownTemplate(ctx, auth, templateId);
  const tlines = await repo.templateProductsOf(ctx.db, [template.id]);
  const listings = new Map((await listingsRepository.findJoinedMany(ctx.db, tlines.map((l) => l.listingId))).map((j) => [j.listing.id, j]));
  const lines: (ReturnType<typeof lineColumns> & { listingId: string })[] = [];
  const skipped: SkippedTemplateLine[] = [];
  for (const t of tlines) {
    const j = listings.get(t.listingId);
    if (!j) continue;
    const pd = publicDataOf(j.listing);
    const earliest = earliestStart(now, pd.delivery, t.deliveryMethod);
    const start = Math.ceil(earliest / START_STEP_MS) * START_STEP_MS;
    const minEnd = minimumEnd({ start, earliest, unit: pd.unit, minOrderAmount: pd.minOrderAmount, quantity: t.quantity });
    const line: OrderLineBody = {
      quantity: t.quantity,
      startTime: new Date(start).toISOString(),
      endTime: new Date(Math.max(start + t.durationMinutes * MINUTE_MS, minEnd)).toISOString(),
      deliveryMethod: t.deliveryMethod,
      ...(t.deliveryAddress && { deliveryAddress: t.deliveryAddress }),
      ...(t.deliveryNotes !== null && { deliveryNotes: t.deliveryNotes }),
    };
    try {
      const checked = await checkLine(ctx, auth, t.listingId, line, now);
      lines.push({ listingId: t.listingId, ...lineColumns(checked.line) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skipped.push({ productId: t.listingId, name: j.listing.title, code: err.code, reason: reasonOf(err) });
    }
  }
  return { template: { name: template.name, ship: { name: template.shipName, imo: template.shipImo } }, lines, skipped };
}

/**
 * POST /v1/marketplace/cart/template: the cart's lines (placed ones too: an
 * ordered cart is the usual thing to repeat) under a name and a ship. Then,
 * as the spec says, a new cart becomes active: empty, for the same ship and
 * port call, so that what is added next does not go into the saved cart.
 */
export async function saveTemplate(ctx: AppContext, auth: Auth, body: z.output<typeof cartTemplateBodySchema>) {
  assertBuyer(auth);
  const now = Date.now();
  return ctx.db.transaction(async (tx) => {
    await repo.lockOwner(tx, auth.sub);
    const cart = await ownCart(tx, auth, body.cartId);
    const lines = await repo.productsOf(tx, [cart.id]);
    if (!lines.length) throw refused('carts:errors.emptyCart');
    if ((await repo.countTemplates(tx, auth.sub)) >= TEMPLATES_MAX) throw refused('carts:errors.tooManyTemplates', { max: TEMPLATES_MAX });
    const ship = body.ship ?? { name: cart.shipName, imo: cart.shipImo };
    const row = await repo.insertTemplate(tx, { ownerId: auth.sub, name: body.name, shipName: ship.name, shipImo: ship.imo });
    await repo.insertTemplateProducts(
      tx,
      lines.map((l, position) => ({
        templateId: row.id,
        listingId: l.listingId,
        position,
        quantity: l.quantity,
        deliveryMethod: l.deliveryMethod,
        deliveryAddress: l.deliveryAddress,
        deliveryNotes: l.deliveryNotes,
        durationMinutes: Math.max(0, Math.round((l.endTime.getTime() - l.startTime.getTime()) / MINUTE_MS)),
      })),
    );
    let activeCart: Cart | null = null;
    if (body.startNewCart) {
      await assertCartRoom(tx, auth.sub);
      await repo.clearActive(tx, auth.sub);
      const next = await repo.insertCart(tx, {
        ownerId: auth.sub,
        name: body.newCartName ?? cart.name,
        active: true,
        shipName: cart.shipName,
        shipImo: cart.shipImo,
        portCallId: cart.portCallId,
        portName: cart.portName,
        sessionId: cart.sessionId,
      });
      activeCart = toCart(next, [], ctx.config.MARKETPLACE_CURRENCY as Currency);
    }
    const [template] = await viewTemplates(tx, auth.sub, [row], now);
    return { ...template!, activeCart };
  });
}

export async function listTemplates(ctx: AppContext, auth: Auth) {
  const rows = await repo.templatesOf(ctx.db, auth.sub);
  return { data: await viewTemplates(ctx.db, auth.sub, rows) };
}

/** PATCH /v1/marketplace/cart/template/{id}: rename or change the ship. */
export async function patchTemplate(ctx: AppContext, auth: Auth, id: string, body: CartTemplatePatchBody) {
  assertBuyer(auth);
  await ownTemplate(ctx, auth, id);
  const row = await repo.updateTemplate(ctx.db, id, {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.ship && { shipName: body.ship.name, shipImo: body.ship.imo }),
  });
  const [template] = await viewTemplates(ctx.db, auth.sub, [row]);
  return template!;
}

export async function deleteTemplate(ctx: AppContext, auth: Auth, id: string) {
  assertBuyer(auth);
  if (!(await repo.deleteTemplate(ctx.db, auth.sub, id))) throw notFound();
  return { ok: true as const };
}
