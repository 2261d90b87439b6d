import { MAX_PER_PAGE } from './listing-constants.ts';
import type { TransitionName } from './processes.ts';

/**
 * Transaction constants (marketplace-buyer.md sections 4, 7 and 9). Zod-free:
 * the orders pages and the top bar's sales badge read them at render time.
 */
/** Transactions per page (the spec's query: per_page 100). */
export const TRANSACTIONS_PER_PAGE = MAX_PER_PAGE;
/** Sales notifications: last transitions, page 1, 100 per page. */
export const SALES_NOTIFICATIONS_PER_PAGE = 100;
/** The buyer has this long to confirm an online payment (section 9). */
export const PAYMENT_WINDOW_MS = 15 * 60_000;
/** The header that makes placing idempotent: a retried call with the same key answers the first result. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 200;
/** The content type of the spec's transit-encoded line-items call. */
export const TRANSIT_CONTENT_TYPE = 'application/transit+json';

/** Online payment states (section 4). */
export const PAYMENT_STATUSES = ['OFFLINE', 'ONLINE_PENDING', 'ONLINE_CONFIRM', 'ONLINE_CANCEL'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The transitions that start a transaction, one per way of placing a line. */
export const INITIATING_TRANSITIONS = ['order', 'request-payment', 'request-for-quote', 'enquire'] as const;
export type InitiatingTransition = (typeof INITIATING_TRANSITIONS)[number];

/** A sale shows in the seller's notifications while its last transition waits for the seller. */
export const SALES_NOTIFICATION_TRANSITIONS = [
  'order',
  'order-after-enquiry',
  'confirm-payment',
  'enquire',
  'request-for-quote',
  'customer-accept',
] as const satisfies readonly TransitionName[];

export const TRANSACTION_ROLES = ['customer', 'provider', 'operator'] as const;
export type TransactionRole = (typeof TRANSACTION_ROLES)[number];

export const BOOKING_STATES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export const LINE_ITEM_CODES = [
  'line-item/units',
  'line-item/day',
  'line-item/hour',
  'line-item/discount',
  'line-item/setup-fee',
  'line-item/delivery',
  'line-item/negotiated-total',
  'line-item/negotiated-delivery-charge',
] as const;
export type LineItemCode = (typeof LINE_ITEM_CODES)[number];
