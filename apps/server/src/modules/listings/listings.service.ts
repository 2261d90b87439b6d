import {
  LISTING_DELETION_HOURS,
  type Currency,
  OrgRole,
  type Issue,
  type ListingState,
  type ListingWriteBody,
  mergePublicData,
  pageMeta,
  type PublicData,
  type StockBody,
  HOUR_MS,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { AppError, forbidden, invalidParams, notFound } from '../../plugins/errors.ts';
import type { AccessToken } from '../auth/index.ts';
import { findImageRows, storeImage } from '../images/index.ts';
import { hydrate, publicDataOf } from './listings.mapper.ts';
import * as repo from './listings.repository.ts';
import { listingIssues } from './listings.rules.ts';
import { ACTIVATE, COMPLETE_DELETION, hasPendingTimer, scheduleListingTimer } from './listings.timers.ts';

type Auth = Pick<AccessToken, 'sub' | 'org' | 'roles'>;

const bodyIssues = (issues: Issue[]) => invalidParams(issues.map((i) => ({ ...i, path: `body.${i.path}` })));

export async function loadListing(db: Tx, id: string) {
  const row = await repo.findJoined(db, id);
  if (!row) throw notFound();
  const [listing] = await hydrate(db, [row]);
  return listing!;
}

/** The caller's own live listing, locked for the rest of the transaction. Only the author manages it. */
async function ownRow(tx: Tx, auth: Auth, id: string) {
  const row = await repo.findRow(tx, id, { forUpdate: true });
  if (!row || row.deleteRequestedAt || row.deleted) throw notFound();
  if (row.authorId !== auth.sub) throw forbidden({ reason: 'not-author' });
  return row;
}

/** Search filters are columns; the rest of publicData is kept as jsonb. */
function columnsOf(pd: PublicData) {
  const { port, categories, isVisible, isActive, availability, ...extra } = pd;
  return {
    port: port ?? null,
    categories: categories ?? [],
    isVisible: isVisible ?? true,
    isActive: isActive ?? true,
    availableFrom: availability?.from ?? null,
    availableTo: availability?.to ?? null,
    extra,
  };
}

/**
 * Scheduled visibility: a future availabilityDate turns ordering off now and
 * leaves a durable timer that turns it on at that time (also after restarts).
 */
async function scheduleActivation(tx: Tx, id: string, pd: PublicData, cols: ReturnType<typeof columnsOf>) {
  if (!('availabilityDate' in pd)) return cols;
  const at = pd.availabilityDate ? new Date(pd.availabilityDate) : null;
  const future = at !== null && at.getTime() > Date.now();
  const pending = await hasPendingTimer(tx, id, ACTIVATE);
  await scheduleListingTimer(tx, id, ACTIVATE, future ? at : null);
  if (future) return { ...cols, isActive: false };
  // Moving a scheduled date to now or clearing it enables ordering at once, unless isActive was sent too.
  return pending && pd.isActive === undefined ? { ...cols, isActive: true } : cols;
}

/** Image ids must be the caller's uploads or already on this listing. */
async function checkImages(tx: Tx, auth: Auth, ids: string[], current: string[]) {
  const rows = await findImageRows(tx, ids);
  const ok = new Set(rows.filter((r) => r.uploaderId === auth.sub || current.includes(r.id)).map((r) => r.id));
  const bad = ids.flatMap((id, i) => (ok.has(id) ? [] : [{ path: `images.${i}`, message: 'listings:validation.imageNotFound' }]));
  if (bad.length) throw bodyIssues(bad);
  return [...new Set(ids)];
}

async function write(ctx: AppContext, tx: Tx, auth: Auth, id: string, body: ListingWriteBody, state: ListingState) {
  const row = await ownRow(tx, auth, id);
  const currentImages = await repo.imageIdsOf(tx, id);
  const imageIds = body.images ? await checkImages(tx, auth, body.images, currentImages) : currentImages;
  const publicData = mergePublicData(publicDataOf(row), body.publicData ?? {});
  const price = body.price !== undefined ? body.price : row.priceAmount !== null ? { amount: row.priceAmount, currency: row.priceCurrency as Currency } : null;
  const draft = {
    title: body.title ?? row.title,
    description: body.description ?? row.description,
    price,
    publicData,
    imageCount: imageIds.length,
    currentStock: row.currentStock,
  };
  const { errors, warnings } = listingIssues(draft, { complete: state !== 'draft', currency: ctx.config.MARKETPLACE_CURRENCY });
  if (errors.length) throw bodyIssues(errors);
  const cols = await scheduleActivation(tx, id, body.publicData ?? {}, columnsOf(publicData));
  await repo.updateListing(tx, id, {
    title: draft.title,
    description: draft.description,
    priceAmount: price?.amount ?? null,
    priceCurrency: price?.currency ?? null,
    ...cols,
    ...(body.geolocation !== undefined && { lat: body.geolocation?.lat ?? null, lng: body.geolocation?.lng ?? null }),
    ...(body.availabilityPlan !== undefined && { availabilityPlan: body.availabilityPlan }),
    state,
  });
  if (body.images) await repo.replaceImages(tx, id, imageIds);
  return warnings.map((w) => ({ ...w, path: `body.${w.path}` }));
}

/** A new listing is a draft of the caller's organization; only sellers create listings. */
export async function createListing(ctx: AppContext, auth: Auth, body: ListingWriteBody) {
  if ((auth.roles & OrgRole.Seller) === 0) throw forbidden({ reason: 'not-seller' });
  return ctx.db.transaction(async (tx) => {
    const { id } = await repo.insertListing(tx, {
      authorId: auth.sub,
      organizationId: auth.org,
      currentStock: body.stock ?? null,
    });
    const warnings = await write(ctx, tx, auth, id, body, 'draft');
    return { data: await loadListing(tx, id), warnings };
  });
}

/** Published and pending listings must stay complete; drafts may be partial. */
export async function updateListing(ctx: AppContext, auth: Auth, id: string, body: ListingWriteBody) {
  return ctx.db.transaction(async (tx) => {
    const row = await ownRow(tx, auth, id);
    const warnings = await write(ctx, tx, auth, id, body, row.state);
    return { data: await loadListing(tx, id), warnings };
  });
}

export async function getOwnListing(ctx: AppContext, auth: Auth, id: string) {
  const row = await repo.findRow(ctx.db, id);
  if (!row || row.deleteRequestedAt || row.deleted) throw notFound();
  if (row.authorId !== auth.sub) throw forbidden({ reason: 'not-author' });
  return loadListing(ctx.db, id);
}

export async function listOwnListings(ctx: AppContext, auth: Auth, q: { state?: ListingState; page: number; perPage: number }) {
  const { rows, totalItems } = await repo.pageOwn(ctx.db, auth.sub, q);
  return {
    data: await hydrate(ctx.db, rows, { firstImageOnly: true }),
    meta: pageMeta(q.page, q.perPage, totalItems),
  };
}

const SELLER_TRANSITIONS = {
  publish: { from: 'draft', to: 'pendingApproval' },
  open: { from: 'closed', to: 'published' },
  close: { from: 'published', to: 'closed' },
} as const satisfies Record<string, { from: ListingState; to: ListingState }>;
export type SellerTransition = keyof typeof SELLER_TRANSITIONS;

export function invalidTransition(state: ListingState, to: ListingState) {
  return new AppError('conflict', 409, { reason: 'listings:errors.invalidTransition', state, to });
}

/** draft -> pendingApproval (complete listings only), published <-> closed. */
export async function transition(ctx: AppContext, auth: Auth, id: string, name: SellerTransition) {
  const t = SELLER_TRANSITIONS[name];
  return ctx.db.transaction(async (tx) => {
    const row = await ownRow(tx, auth, id);
    if (row.state !== t.from) throw invalidTransition(row.state, t.to);
    // Publishing re-checks the whole listing as it stands.
    const warnings = name === 'publish' ? await write(ctx, tx, auth, id, {}, t.to) : [];
    await repo.updateListing(tx, id, { state: t.to });
    return { data: await loadListing(tx, id), warnings };
  });
}

/**
 * Deletion: close, hide at once, and ask the operator to complete it. A
 * durable timer completes it after 24 h if the operator has not.
 */
export async function requestDeletion(ctx: AppContext, auth: Auth, body: { id: string; title: string }) {
  await ctx.db.transaction(async (tx) => {
    const row = await ownRow(tx, auth, body.id);
    const now = new Date();
    await repo.updateListing(tx, row.id, {
      state: row.state === 'published' || row.state === 'pendingApproval' ? 'closed' : row.state,
      deleteRequestedAt: now,
      deleteRequestTitle: body.title,
    });
    await scheduleListingTimer(tx, row.id, ACTIVATE, null);
    await scheduleListingTimer(tx, row.id, COMPLETE_DELETION, new Date(now.getTime() + LISTING_DELETION_HOURS * HOUR_MS));
  });
  return { ok: true as const };
}

/** Stock compare-and-set: a stale oldTotal answers old-total-mismatch (409) with the current value. */
export async function setStock(ctx: AppContext, auth: Auth, id: string, body: StockBody) {
  await ownRow(ctx.db, auth, id);
  const row = await repo.compareAndSetStock(ctx.db, id, body.oldTotal, body.newTotal);
  if (!row || row.currentStock === null) {
    const current = await repo.findRow(ctx.db, id);
    throw new AppError('old-total-mismatch', 409, { currentStock: current?.currentStock ?? null });
  }
  return { currentStock: row.currentStock };
}

export async function addImage(ctx: AppContext, auth: Auth, id: string, data: Buffer) {
  await ownRow(ctx.db, auth, id);
  const image = await storeImage(ctx, { data, uploaderId: auth.sub, purpose: 'listing' });
  await ctx.db.transaction(async (tx) => {
    await ownRow(tx, auth, id);
    await repo.appendImage(tx, id, image.id);
  });
  return image;
}

export async function removeImage(ctx: AppContext, auth: Auth, id: string, imageId: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await ownRow(tx, auth, id);
    const ids = await repo.imageIdsOf(tx, id);
    if (!ids.includes(imageId)) throw notFound();
    const rest = ids.filter((x) => x !== imageId);
    // A live listing must keep at least one image.
    if (row.state !== 'draft' && rest.length === 0) throw bodyIssues([{ path: 'images', message: 'listings:validation.imageRequired' }]);
    await repo.replaceImages(tx, id, rest);
    return { data: await loadListing(tx, id), warnings: [] };
  });
}

/**
 * New image order; the first image becomes the main image (cards, listing page).
 * The ids must be exactly the listing's images: an upload or removal in another
 * tab since the seller last loaded the listing answers 409, not a silent merge.
 */
export async function reorderImages(ctx: AppContext, auth: Auth, id: string, imageIds: string[]) {
  return ctx.db.transaction(async (tx) => {
    await ownRow(tx, auth, id);
    const current = await repo.imageIdsOf(tx, id);
    const same = imageIds.length === current.length && imageIds.every((x) => current.includes(x));
    if (!same) throw new AppError('conflict', 409, { reason: 'listings:errors.imagesChanged' });
    await repo.replaceImages(tx, id, imageIds);
    return { data: await loadListing(tx, id), warnings: [] };
  });
}

export async function assertAuthor(ctx: AppContext, auth: Auth, id: string) {
  await ownRow(ctx.db, auth, id);
}
