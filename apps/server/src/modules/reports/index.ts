export { reportsRoutes } from './reports.routes.ts';
/** For the forex module: where the reports take their conversion rates from. */
export { setReportRateSource, type ReportRateSource, type RateRow } from './reports.rates.ts';
