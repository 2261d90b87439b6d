import { z } from 'zod';
import { attachmentSchema } from './attachments.ts';
import { REVIEW_TYPES } from './reviews.ts';
import { TEXTAREA_MAX } from './constants.ts';
import { PORT_CALL_ID_MAX, SHIP_NAME_MAX, CART_NAME_MAX } from './cart-constants.ts';
import { DELIVERY_METHODS, LISTING_UNITS } from './listing-constants.ts';
import { latLngSchema, orderLineBodySchema, paginationMetaSchema } from './listings.ts';
import { moneySchema } from './money.ts';
import { ORDER_TABS, PROCESS_ALIASES, TRANSACTION_STATES, TRANSITION_NAMES } from './processes.ts';
import {
  BOOKING_STATES,
  INITIATING_TRANSITIONS,
  LINE_ITEM_CODES,
  PAYMENT_STATUSES,
  TRANSACTION_ROLES,
  TRANSACTIONS_PER_PAGE,
} from './transaction-constants.ts';

/**
 * Transactions (marketplace-buyer.md sections 3, 4 and 7): placing an order
 * line (`POST /api/transactions/initiate`), moving it along its process graph
 * (`POST /api/transactions/{id}/transition`), reading it back, the line items
 * an order would get and the seller's sales notifications. Amounts are
 * integer minor units; the server computes every price itself.
 */
export * from './processes.ts';
export * from './transaction-constants.ts';

const text = (max = TEXTAREA_MAX) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .refine((v) => !v.includes('\u0000'), 'validation.invalid');
const required = (max = TEXTAREA_MAX) => text(max).min(1, 'validation.required');
const isoDateTime = z.iso.datetime({ offset: true, message: 'validation.invalid' });
const positiveMoney = moneySchema.refine((m) => m.amount >= 0, { path: ['amount'], message: 'listings:validation.amountMin' });

/** What the cart knows about the line's context; kept on the transaction as protectedData. */
export const initiateProtectedDataSchema = z.object({
  cartId: z.uuid().optional(),
  cartProductId: z.uuid().optional().describe('the cart line this call places; marked placed in the same database transaction'),
  cartName: text(CART_NAME_MAX).optional(),
  portCallId: text(PORT_CALL_ID_MAX).optional(),
  portName: text(PORT_CALL_ID_MAX).optional(),
  shipName: text(SHIP_NAME_MAX).optional(),
  shipImo: z.number().int().min(1_000_000).max(9_999_999).nullish(),
  comment: text().optional().describe('the buyer’s message (an enquiry needs one)'),
});
export type InitiateProtectedData = z.infer<typeof initiateProtectedDataSchema>;

/** POST /api/transactions/initiate: one call per cart line (section 7). */
export const initiateBodySchema = z.object({
  processAlias: z.enum(PROCESS_ALIASES),
  transition: z.enum(INITIATING_TRANSITIONS),
  params: orderLineBodySchema.extend({
    listingId: z.uuid('validation.invalid'),
    protectedData: initiateProtectedDataSchema.default({}),
  }),
});
export type InitiateBody = z.infer<typeof initiateBodySchema>;
export type InitiateBodyInput = z.input<typeof initiateBodySchema>;

/** Parameters of a later transition (section 7: negotiatedTotal, protectedData.comment, …, reviewRating, reviewContent). */
export const transitionParamsSchema = z.object({
  negotiatedTotal: positiveMoney.optional().describe('the quote’s total for the service, without the delivery charge'),
  reviewRating: z.number().int().min(1, 'validation.tooSmall').max(5, 'validation.tooBig').optional(),
  reviewContent: required().optional(),
  protectedData: z
    .object({
      comment: required().optional(),
      reason: required().optional().describe('a dispute’s or an operator cancellation’s reason'),
      negotiatedDeliveryCharge: positiveMoney.optional(),
      validUntil: isoDateTime.optional().describe('until when a quote holds; it expires then'),
    })
    .default({}),
});
export type TransitionParams = z.infer<typeof transitionParamsSchema>;

/** POST /api/transactions/{id}/transition. */
export const transitionBodySchema = z.object({
  transition: z.enum(TRANSITION_NAMES),
  params: transitionParamsSchema.default({ protectedData: {} }),
});
export type TransitionBody = z.infer<typeof transitionBodySchema>;
export type TransitionBodyInput = z.input<typeof transitionBodySchema>;

/** POST /api/transactions/{id}/operator-cancel: the operator cancels any open transaction with a reason. */
export const operatorCancelBodySchema = z.object({ reason: required() });
export type OperatorCancelBody = z.infer<typeof operatorCancelBodySchema>;

/** One line item (section 3): customer and provider may see different ones; a reversal cancels an earlier one. */
export const lineItemSchema = z.object({
  code: z.enum(LINE_ITEM_CODES),
  includeFor: z.array(z.enum(['customer', 'provider'])),
  quantity: z.number().nullable(),
  percentage: z.number().nullable(),
  unitPrice: moneySchema,
  lineTotal: moneySchema,
  reversal: z.boolean(),
});
export type LineItem = z.infer<typeof lineItemSchema>;

export const transitionRecordSchema = z.object({
  createdAt: z.string(),
  by: z.enum(['customer', 'provider', 'operator', 'system']),
  transition: z.enum(TRANSITION_NAMES),
  /** The message given with it (a decline or cancel comment, a quote's message, a dispute's reason); shown in the order's history. */
  comment: z.string().nullable(),
});
export type TransitionRecord = z.infer<typeof transitionRecordSchema>;

export const bookingSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** What the buyer asked for; start and end are the same here (no buffer times). */
  displayStart: z.string(),
  displayEnd: z.string(),
  state: z.enum(BOOKING_STATES),
});
export type Booking = z.infer<typeof bookingSchema>;

export const deliveryAddressSchema = z.object({
  street: z.string().optional(),
  postalCode: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  coordinates: latLngSchema.nullish(),
});

export const transactionProtectedDataSchema = z.object({
  comment: z.string().nullable(),
  reason: z.string().nullable(),
  negotiatedDeliveryCharge: moneySchema.nullable(),
  validUntil: z.string().nullable(),
  price: z.object({ subtotal: moneySchema }),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  deliveryAddress: deliveryAddressSchema.nullable(),
  deliveryNotes: z.string().nullable(),
  cartId: z.string().nullable(),
  cartProductId: z.string().nullable(),
  cartName: z.string().nullable(),
  createdBy: z.string().describe('the buyer’s user id'),
  portCallId: z.string().nullable(),
  portName: z.string().nullable(),
  shipName: z.string().nullable(),
  shipImo: z.number().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});
export type TransactionProtectedData = z.infer<typeof transactionProtectedDataSchema>;

export const transactionPartySchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  abbreviatedName: z.string(),
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type TransactionParty = z.infer<typeof transactionPartySchema>;

export const transactionListingSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  unit: z.enum(LISTING_UNITS).nullable(),
  rfqRequired: z.boolean(),
  deleted: z.boolean(),
});

export const transactionSchema = z.object({
  id: z.uuid(),
  processAlias: z.enum(PROCESS_ALIASES),
  processName: z.enum(['order-simple', 'rfq-simple']),
  processVersion: z.number().int(),
  state: z.enum(TRANSACTION_STATES),
  lastTransition: z.enum(TRANSITION_NAMES),
  lastTransitionedAt: z.string(),
  createdAt: z.string(),
  quantity: z.number(),
  lineItems: z.array(lineItemSchema),
  payinTotal: moneySchema,
  payoutTotal: moneySchema,
  transitions: z.array(transitionRecordSchema),
  metadata: z.record(z.string(), z.unknown()),
  protectedData: transactionProtectedDataSchema,
  booking: bookingSchema,
  listing: transactionListingSchema,
  customer: transactionPartySchema,
  provider: transactionPartySchema,
  /** The caller's side: customer (a purchase), provider (a sale) or operator. */
  role: z.enum(TRANSACTION_ROLES),
  /** The order's attachments (PDF, DOC, DOCX, TXT), oldest first; on one transaction's answer and the caller's orders list (not the operator's list). */
  attachments: z.array(attachmentSchema).optional(),
  /**
   * The order's reviews (section 3: Transaction.reviews), on one transaction's answer: both once the
   * order is reviewed (or for the operator), before that only the caller's own.
   */
  reviews: z.array(z.object({ type: z.enum(REVIEW_TYPES), rating: z.number().int(), content: z.string(), createdAt: z.string() })).optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionResponseSchema = z.object({ data: transactionSchema });
export type TransactionResponse = z.infer<typeof transactionResponseSchema>;

const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)));

/** GET /api/transactions: purchases (`order`), sales (`sale`) or both, newest first, 100 per page. */
export const transactionsQuerySchema = z.object({
  only: z.enum(['order', 'sale']).optional(),
  tab: z.enum(ORDER_TABS).optional().describe('the orders page tab (all when absent)'),
  lastTransitions: csv(TRANSITION_NAMES).optional().describe('comma-separated'),
  createdAtStart: isoDateTime.optional(),
  createdAtEnd: isoDateTime.optional().describe('exclusive'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(TRANSACTIONS_PER_PAGE).default(TRANSACTIONS_PER_PAGE),
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

export const transactionPageSchema = z.object({ data: z.array(transactionSchema), meta: paginationMetaSchema });
export type TransactionPage = z.infer<typeof transactionPageSchema>;

/** POST /api/transaction-line-items: the line items an order of this line would get (JSON or transit). */
export const lineItemsBodySchema = orderLineBodySchema.extend({
  listingId: z.uuid('validation.invalid'),
});
export type LineItemsBody = z.infer<typeof lineItemsBodySchema>;
export const lineItemsResponseSchema = z.object({
  data: z.object({ lineItems: z.array(lineItemSchema), payinTotal: moneySchema, payoutTotal: moneySchema }),
});
export type LineItemsResponse = z.infer<typeof lineItemsResponseSchema>;

/** GET /api/transactions/sales-notifications: the caller's sales whose last transition waits for them. */
export const salesNotificationSchema = z.object({
  transactionId: z.uuid(),
  lastTransition: z.enum(TRANSITION_NAMES),
  lastTransitionedAt: z.string(),
  state: z.enum(TRANSACTION_STATES),
  listingTitle: z.string(),
  customerName: z.string(),
});
export type SalesNotification = z.infer<typeof salesNotificationSchema>;
export const salesNotificationsResponseSchema = z.object({ data: z.array(salesNotificationSchema), meta: paginationMetaSchema });
export type SalesNotificationsResponse = z.infer<typeof salesNotificationsResponseSchema>;
