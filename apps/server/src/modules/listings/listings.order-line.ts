import { computeLinePrice, isSupportedCurrency, orderPanelIssues, type OrderLineBody } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, forbidden, invalidParams } from '../../plugins/errors.ts';
import type { AccessToken } from '../auth/index.ts';
import { isOrderable, publicDataOf } from './listings.mapper.ts';
import * as repo from './listings.repository.ts';

/** The client refreshes "now" every 60 s; a start it computed within that period is accepted. */
const CLIENT_CLOCK_GRACE_MS = 60_000;

const unavailable = (reason: string, meta: Record<string, unknown> = {}) =>
  new AppError('validation-invalid-value', 409, { reason, ...meta });

/**
 * Validates one order-panel line against the listing and answers the price
 * recomputed from the listing; prices sent by the client are never read.
 */
export async function validateOrderLine(ctx: AppContext, auth: Pick<AccessToken, 'sub'>, id: string, line: OrderLineBody, now = Date.now()) {
  const row = await repo.findRow(ctx.db, id);
  if (!row || row.deleted || row.deleteRequestedAt || row.state !== 'published' || !row.isVisible)
    throw new AppError('transaction-listing-not-found', 404);
  if (row.authorId === auth.sub) throw forbidden({ reason: 'listings:order.ownListing' });
  if (!isOrderable(row, now))
    throw unavailable('listings:order.orderingDisabled', { availabilityDate: row.extra.availabilityDate ?? null });
  if (row.priceAmount === null || !row.priceCurrency) throw unavailable('listings:order.noPrice');
  if (!isSupportedCurrency(row.priceCurrency) || row.priceCurrency !== ctx.config.MARKETPLACE_CURRENCY)
    throw unavailable('listings:order.currencyUnsupported', { currency: row.priceCurrency });

  const publicData = publicDataOf(row);
  const issues = orderPanelIssues(publicData, line, now, CLIENT_CLOCK_GRACE_MS);
  if (issues.length) throw invalidParams(issues.map((i) => ({ ...i, path: `body.${i.path}` })));
  if (row.currentStock !== null && line.quantity > row.currentStock)
    throw new AppError('transaction-listing-insufficient-stock', 409, { currentStock: row.currentStock });

  const price = computeLinePrice({
    price: { amount: row.priceAmount, currency: row.priceCurrency },
    quantity: line.quantity,
    discount: publicData.discount,
    setupFee: publicData.setupFee,
    delivery: publicData.delivery,
    deliveryMethod: line.deliveryMethod,
  });
  return { listingId: row.id, rfqRequired: publicData.rfqRequired ?? false, line, price };
}
