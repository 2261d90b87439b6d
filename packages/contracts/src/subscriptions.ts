import { z } from 'zod';
import { CLOCK_RE } from './listing-constants.ts';
import { moneySchema } from './money.ts';
import { isoDateField, requiredMultilineText } from './validation.ts';

/**
 * Subscriptions (recurring orders; buyer spec sections 3, 4, 5, 7): one cart
 * line of a listing that allows subscriptions, repeated weekly or monthly.
 * The seller accepts or declines; either side cancels; every status change
 * carries a message both parties see. Each cycle becomes a real order.
 */

/** `pending` waits for the seller; the spec's three statuses follow it. */
export const SUBSCRIPTION_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** The statuses a PATCH may ask for (who may ask for which is the server's rule). */
export const SUBSCRIPTION_CHANGES = ['accepted', 'declined', 'cancelled'] as const;
export const SUBSCRIPTION_TYPES = ['weekly', 'monthly'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const SUBSCRIPTION_MONTH_DAYS = ['first', 'last'] as const;
export type SubscriptionMonthDay = (typeof SUBSCRIPTION_MONTH_DAYS)[number];
/** Why a cycle made no order. */
export const SUBSCRIPTION_CYCLE_FAILURES = ['out-of-stock', 'listing-closed', 'time-unavailable', 'missed'] as const;
export type SubscriptionCycleFailure = (typeof SUBSCRIPTION_CYCLE_FAILURES)[number];
export const SUBSCRIPTION_INTERVAL_MAX = 52;
export const SUBSCRIPTION_MESSAGE_MAX = 2000;
/** How many upcoming cycles a subscription lists. */
export const SUBSCRIPTION_NEXT_CYCLES = 5;
/** The longest a subscription may run (about five years): keeps the cycle search bounded. */
export const SUBSCRIPTION_MAX_DAYS = 5 * 366;

export const subscriptionScheduleSchema = z
  .object({
    type: z.enum(SUBSCRIPTION_TYPES),
    /** Repeat every N weeks (weekly) or months (monthly). */
    interval: z.number({ message: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.tooSmall').max(SUBSCRIPTION_INTERVAL_MAX, 'validation.tooLarge'),
    /** ISO weekdays, 1 = Monday … 7 = Sunday; weekly only. */
    weekdays: z.array(z.number().int().min(1).max(7)).max(7).optional(),
    /** First or last day of the month; monthly only. */
    monthDay: z.enum(SUBSCRIPTION_MONTH_DAYS).optional(),
    /** Local delivery start time in the port's time zone, HH:MM. */
    startTime: z.string().regex(CLOCK_RE, 'subscriptions:validation.time'),
    startDate: isoDateField(),
    endDate: isoDateField(),
  })
  .superRefine((s, c) => {
    if (s.type === 'weekly' && !s.weekdays?.length) c.addIssue({ code: 'custom', path: ['weekdays'], message: 'subscriptions:validation.weekdays' });
    if (s.type === 'monthly' && !s.monthDay) c.addIssue({ code: 'custom', path: ['monthDay'], message: 'subscriptions:validation.monthDay' });
    if (s.endDate < s.startDate) c.addIssue({ code: 'custom', path: ['endDate'], message: 'subscriptions:validation.endBeforeStart' });
    else if ((Date.parse(s.endDate) - Date.parse(s.startDate)) / 86_400_000 > SUBSCRIPTION_MAX_DAYS)
      c.addIssue({ code: 'custom', path: ['endDate'], message: 'subscriptions:validation.tooLong' });
  });
export type SubscriptionSchedule = z.infer<typeof subscriptionScheduleSchema>;

export const subscriptionCreateBodySchema = z.object({
  /** The buyer's cart; it must hold exactly one line, of a listing that allows subscriptions. */
  cartId: z.uuid({ message: 'validation.invalid' }),
  schedule: subscriptionScheduleSchema,
  message: requiredMultilineText(SUBSCRIPTION_MESSAGE_MAX).optional(),
});
export type SubscriptionCreateBody = z.infer<typeof subscriptionCreateBodySchema>;

export const subscriptionPatchBodySchema = z.object({
  status: z.enum(SUBSCRIPTION_CHANGES, { message: 'validation.invalid' }),
  /** Required: the other side reads why. */
  message: requiredMultilineText(SUBSCRIPTION_MESSAGE_MAX),
});
export type SubscriptionPatchBody = z.infer<typeof subscriptionPatchBodySchema>;

export const subscriptionIdParamsSchema = z.object({ id: z.uuid({ message: 'not-found' }) });

export const subscriptionRoleSchema = z.enum(['buyer', 'seller']);
export type SubscriptionRole = z.infer<typeof subscriptionRoleSchema>;

export const subscriptionEventSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  message: z.string().nullable(),
  by: subscriptionRoleSchema,
  byName: z.string(),
  at: z.string(),
});
export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;

export const subscriptionCycleSchema = z.object({
  /** The cycle's local date in the port's time zone (YYYY-MM-DD). */
  cycleDate: z.string(),
  /** The delivery start of the cycle (UTC instant). */
  startsAt: z.string(),
  state: z.enum(['ordered', 'failed']),
  transactionId: z.string().nullable(),
  failure: z.enum(SUBSCRIPTION_CYCLE_FAILURES).nullable(),
  ranAt: z.string(),
});
export type SubscriptionCycle = z.infer<typeof subscriptionCycleSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** The caller's side. */
  role: subscriptionRoleSchema,
  listing: z.object({ id: z.string(), title: z.string() }),
  buyer: z.object({ organizationId: z.string(), name: z.string() }),
  seller: z.object({ organizationId: z.string(), name: z.string() }),
  schedule: subscriptionScheduleSchema,
  /** The port's IANA time zone, which the schedule's dates and times are in. */
  timeZone: z.string(),
  port: z.string().nullable(),
  quantity: z.number(),
  /** The price of one cycle as agreed (each order is priced from the listing when it is placed). */
  cyclePrice: moneySchema,
  ship: z.object({ name: z.string(), imo: z.number().nullable() }),
  createdAt: z.string(),
  history: z.array(subscriptionEventSchema),
  /** The next cycles' delivery starts (UTC instants), while the subscription is pending or accepted. */
  nextCycles: z.array(z.string()),
  /** Cycles that ran, newest first: their orders and failures. */
  cycles: z.array(subscriptionCycleSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResponseSchema = z.object({ data: subscriptionSchema });
export const subscriptionListResponseSchema = z.object({ data: z.array(subscriptionSchema) });
