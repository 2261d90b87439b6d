import {
  computeLinePrice,
  isSupportedCurrency,
  type Cart,
  type CartProduct,
  type CartTemplate,
  type CartTemplateProduct,
  type Currency,
  type LinePrice,
  type Money,
} from '@harbor/contracts';
import { toImageAsset } from '../images/index.ts';
import { isOrderable, publicDataOf, type listingsRepository } from '../listings/index.ts';
import type { CartProductRow, CartRow, CartTemplateProductRow, CartTemplateRow } from './carts.schema.ts';

type JoinedListing = listingsRepository.JoinedListing;
type ListingRow = JoinedListing['listing'];

/**
 * Rows to the contracts' Cart, Cart product and Template. Prices are not
 * stored: every read recomputes them from the listing as it is now, with the
 * same pricing rules the order panel and the transaction engine use.
 */

/** Could this listing be ordered now by someone other than its author? (The author check is the caller's.) */
export function listingOrderable(row: ListingRow, now: number): boolean {
  return row.isVisible && row.priceAmount !== null && isOrderable(row, now);
}

export function priceOf(row: ListingRow, line: Pick<CartProductRow, 'quantity' | 'deliveryMethod'>): LinePrice | null {
  if (row.priceAmount === null || !row.priceCurrency || !isSupportedCurrency(row.priceCurrency)) return null;
  const pd = publicDataOf(row);
  try {
    return computeLinePrice({
      price: { amount: row.priceAmount, currency: row.priceCurrency },
      quantity: line.quantity,
      discount: pd.discount,
      setupFee: pd.setupFee,
      delivery: pd.delivery,
      deliveryMethod: line.deliveryMethod,
    });
  } catch {
    // An amount beyond the safe integers: shown as "no price" rather than a wrong number.
    return null;
  }
}

function cardImageUrls(j: JoinedListing): string[] {
  if (!j.cardImage) return [];
  const variants = toImageAsset(j.cardImage).variants;
  const url = variants['listing-card']?.url ?? Object.values(variants)[0]?.url;
  return url ? [url] : [];
}

export function toCartProduct(p: CartProductRow, j: JoinedListing, ownerId: string, now: number): CartProduct {
  const row = j.listing;
  const pd = publicDataOf(row);
  const delivery = pd.delivery;
  const cost = delivery?.cost;
  return {
    id: p.id,
    productId: row.id,
    cartId: p.cartId,
    name: row.title,
    quantity: p.quantity,
    rfqRequired: pd.rfqRequired ?? false,
    productType: pd.productType ?? null,
    visibility: row.isVisible ? 'public' : 'hidden',
    minOrderAmount: pd.minOrderAmount ?? 0,
    port: row.port,
    categories: pd.categories ?? [],
    description: row.description,
    comment: pd.comment ?? null,
    imageUrls: cardImageUrls(j),
    availability: pd.availability ?? null,
    allowSubscription: pd.allowSubscription ?? false,
    allowOnlinePayment: pd.allowOnlinePayment ?? false,
    unit: pd.unit ?? null,
    // Sellers are organizations (spec section 1): the line names the company.
    sellerName: j.org.name,
    authorId: row.authorId,
    orderable: listingOrderable(row, now) && row.authorId !== ownerId,
    delivery: {
      address: p.deliveryAddress ? { ...p.deliveryAddress, coordinates: p.deliveryAddress.coordinates ?? null } : null,
      arrangedBy: delivery?.arrangedBy ?? null,
      info: delivery?.info ?? null,
      time: delivery?.time ?? null,
      expeditedTime: delivery?.expeditedTime ?? null,
      cost: cost ? { basic: cost.basic ?? null, expedited: cost.expedited ?? null, currency: cost.currency ?? null } : null,
      method: p.deliveryMethod,
      notes: p.deliveryNotes,
      startTime: p.startTime.toISOString(),
      endTime: p.endTime.toISOString(),
      units: (p.deliveryMethod === 'expedited' ? delivery?.expeditedTimeUnit : delivery?.timeUnit) ?? 'hours',
    },
    price: priceOf(row, p),
    placed: p.transactionId && p.placedAt ? { transactionId: p.transactionId, placedAt: p.placedAt.toISOString() } : null,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The unplaced lines' totals summed (0 % VAT); null when one has no price or the currencies differ. */
export function cartTotal(products: CartProduct[], currency: Currency): Money | null {
  let amount = 0;
  for (const p of products) {
    if (p.placed) continue;
    if (!p.price || p.price.currency !== currency) return null;
    amount += p.price.total;
  }
  return Number.isSafeInteger(amount) ? { amount, currency } : null;
}

export function toCart(c: CartRow, products: CartProduct[], currency: Currency): Cart {
  return {
    id: c.id,
    name: c.name,
    created: c.createdAt.toISOString(),
    cartStatus: c.status,
    active: c.active,
    ship: { name: c.shipName, imo: c.shipImo },
    portCall: c.portCallId && c.portName ? { callId: c.portCallId, portName: c.portName } : null,
    sessionId: c.sessionId,
    products,
    total: cartTotal(products, currency),
  };
}

export function toTemplateProduct(p: CartTemplateProductRow, j: JoinedListing, ownerId: string, now: number): CartTemplateProduct {
  const pd = publicDataOf(j.listing);
  return {
    id: p.id,
    productId: p.listingId,
    name: j.listing.title,
    quantity: p.quantity,
    unit: pd.unit ?? null,
    sellerName: j.org.name,
    deliveryMethod: p.deliveryMethod,
    deliveryAddress: p.deliveryAddress ? { ...p.deliveryAddress, coordinates: p.deliveryAddress.coordinates ?? null } : null,
    deliveryNotes: p.deliveryNotes,
    durationMinutes: p.durationMinutes,
    orderable: listingOrderable(j.listing, now) && j.listing.authorId !== ownerId,
  };
}

export function toTemplate(t: CartTemplateRow, products: CartTemplateProduct[]): CartTemplate {
  return {
    id: t.id,
    name: t.name,
    created: t.createdAt.toISOString(),
    ship: { name: t.shipName, imo: t.shipImo },
    products,
  };
}
