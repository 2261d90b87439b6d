import { z } from 'zod';
import { REPORT_GROUPINGS, REPORT_MAX_DAYS, REPORT_ROLES } from './reports-constants.ts';
import { isoDateField } from './validation.ts';

/**
 * Reporting (buyer spec sections 2, 3, 5, 9): the caller's organization's
 * purchases or sales between two dates, grouped by day, ISO week (Monday
 * start) or month, in EUR cents with running totals.
 */

export { REPORT_GROUPINGS, REPORT_ROLES, REPORT_TIME_ZONE, REPORT_MAX_DAYS } from './reports-constants.ts';
export type { ReportGrouping, ReportRole } from './reports-constants.ts';

export const reportQuerySchema = z
  .object({
    start: isoDateField().describe('first day (YYYY-MM-DD), inclusive'),
    end: isoDateField().describe('last day (YYYY-MM-DD), inclusive'),
    grouping: z.enum(REPORT_GROUPINGS).default('month'),
    role: z.enum(REPORT_ROLES).default('purchases'),
  })
  .superRefine((q, c) => {
    // The spec's rule (section 5): end not before start.
    if (q.end < q.start) c.addIssue({ code: 'custom', path: ['end'], message: 'reports:validation.endBeforeStart' });
    else if ((Date.parse(q.end) - Date.parse(q.start)) / 86_400_000 > REPORT_MAX_DAYS)
      c.addIssue({ code: 'custom', path: ['end'], message: 'reports:validation.rangeTooLong' });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportRowSchema = z.object({
  /** Day YYYY-MM-DD, ISO week YYYY-Www, or month YYYY-MM. */
  groupTitle: z.string(),
  /** First day of the group (YYYY-MM-DD); charts place the row here. */
  groupStart: z.string(),
  /** Number of orders in the group. */
  quantity: z.number().int(),
  quantityCumulative: z.number().int(),
  /** EUR cents. */
  amount: z.number().int(),
  amountCumulative: z.number().int(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportRateSchema = z.object({
  currency: z.string(),
  /** Units of the currency per 1 EUR (ECB convention). */
  rate: z.number(),
  /** The day the rate is from. */
  date: z.string(),
});
export type ReportRate = z.infer<typeof reportRateSchema>;

export const reportResponseSchema = z.object({
  data: z.object({
    start: z.string(),
    end: z.string(),
    grouping: z.enum(REPORT_GROUPINGS),
    role: z.enum(REPORT_ROLES),
    currency: z.literal('EUR'),
    rows: z.array(reportRowSchema),
    /** The rates the amounts of other currencies were converted at (empty when every order was in EUR). */
    rates: z.array(reportRateSchema),
  }),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;
export type Report = ReportResponse['data'];
