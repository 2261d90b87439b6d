import { CURRENCY_DIVISORS, type Currency } from '@harbor/contracts';
import { REFERENCE_RATES as reference } from './reference-rates.ts';

/**
 * The rates seam of the reports. A report converts each non-EUR order at the
 * rate of the order's day; which rates exist is this module's question, so the
 * forex module (an ECB adapter, another issue) can later plug in daily rates
 * with `setReportRateSource` without touching the report query.
 *
 * Until then the source is a fixed snapshot of ECB reference rates shipped in
 * reference-rates.json with its date: every order is converted at that one
 * rate, and the report answers which rates (and dates) it used so the page can
 * say so. EUR orders never need a rate.
 */

/** One rate: `rate` units of `currency` per 1 EUR (the ECB convention), valid from `date` (YYYY-MM-DD) until the next one. */
export interface RateRow {
  currency: string;
  date: string;
  rate: number;
}

export interface ReportRateSource {
  /** Rates of these currencies that may apply to days between from and to (both YYYY-MM-DD): for each, the last one on or before `from` and any after it. */
  ratesFor(currencies: string[], from: string, to: string): Promise<RateRow[]>;
}

export const REFERENCE_RATES_DATE: string = reference.date;
const referenceRates = reference.rates;

/** The shipped snapshot: one rate per currency, whatever the day. */
export const referenceRateSource: ReportRateSource = {
  ratesFor(currencies) {
    return Promise.resolve(
      currencies.filter((c) => referenceRates[c] !== undefined).map((currency) => ({ currency, date: REFERENCE_RATES_DATE, rate: referenceRates[currency]! })),
    );
  },
};

let source: ReportRateSource = referenceRateSource;

/** For the forex module (and tests): replaces where the reports get their rates. */
export function setReportRateSource(next: ReportRateSource) {
  source = next;
}

export const reportRateSource = () => source;

/** Minor units per major unit (100, JPY 1); the rates are per major unit. */
export const divisorOf = (currency: string) => CURRENCY_DIVISORS[currency as Currency] ?? 100;
