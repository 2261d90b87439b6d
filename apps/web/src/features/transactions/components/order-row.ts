import type { LineItem, Money, Transaction } from '@harbor/contracts';

/**
 * The orders table's row (buyer spec section 3, Order row) from a
 * transaction as the caller sees it: the company is the other side's, the
 * price the caller's own total (the buyer pays payinTotal, the seller
 * receives payoutTotal), both without VAT (0 %).
 */
export interface OrderRow {
  id: string;
  type: 'purchase' | 'sale';
  company: string;
  item: string;
  portCallId: string | null;
  shipName: string | null;
  quantity: number;
  price: Money;
  processAlias: Transaction['processAlias'];
  state: Transaction['state'];
  createdAt: string;
  paymentStatus: Transaction['protectedData']['paymentStatus'];
  buyerNotes: string | null;
  deliveryCost: Money | null;
  deliveryMethod: Transaction['protectedData']['deliveryMethod'];
  attachments: { name: string; url: string }[];
}

const DELIVERY_CODES: readonly LineItem['code'][] = ['line-item/delivery', 'line-item/negotiated-delivery-charge'];

/** The delivery charge the caller sees: the delivery line items net of reversals (a quote's charge replaces the listing's). */
export function deliveryCostOf(tx: Pick<Transaction, 'lineItems' | 'role'>): Money | null {
  const side = tx.role === 'provider' ? 'provider' : 'customer';
  const items = tx.lineItems.filter((li) => DELIVERY_CODES.includes(li.code) && li.includeFor.includes(side));
  if (!items.length) return null;
  return { amount: items.reduce((sum, li) => sum + li.lineTotal.amount, 0), currency: items[0]!.lineTotal.currency };
}

/** The order's files as the server lists them (the optional `attachments` of a transaction; lists may leave it out). */
function attachmentsOf(tx: Transaction): { name: string; url: string }[] {
  return (tx.attachments ?? []).map(({ name, url }) => ({ name, url }));
}

export function toOrderRow(tx: Transaction): OrderRow {
  const sale = tx.role === 'provider';
  const other = sale ? tx.customer : tx.provider;
  return {
    id: tx.id,
    type: sale ? 'sale' : 'purchase',
    company: other.organization?.name ?? other.displayName,
    item: tx.listing.title,
    portCallId: tx.protectedData.portCallId,
    shipName: tx.protectedData.shipName,
    quantity: tx.quantity,
    price: sale ? tx.payoutTotal : tx.payinTotal,
    processAlias: tx.processAlias,
    state: tx.state,
    createdAt: tx.createdAt,
    paymentStatus: tx.protectedData.paymentStatus,
    buyerNotes: tx.protectedData.deliveryNotes,
    deliveryCost: deliveryCostOf(tx),
    deliveryMethod: tx.protectedData.deliveryMethod,
    attachments: attachmentsOf(tx),
  };
}

/** The short form of a transaction id shown in tables and titles. */
export const shortId = (id: string) => id.slice(0, 8);
