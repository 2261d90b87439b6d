/**
 * Reporting constants (buyer spec section 9), zod-free so the web page can
 * read them without loading any schema.
 */
export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];
export const REPORT_ROLES = ['purchases', 'sales'] as const;
export type ReportRole = (typeof REPORT_ROLES)[number];

/** Dates are calendar days in this zone (a Finnish marketplace): an order at 23:30 UTC on 31.12 is a 1.1 order here. */
export const REPORT_TIME_ZONE = 'Europe/Helsinki';
/** The longest range one report covers: 10 years of days is 3,653 rows, still a small answer. */
export const REPORT_MAX_DAYS = 3_660;
