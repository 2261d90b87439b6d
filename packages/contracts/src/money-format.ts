/**
 * Money is an integer count of minor units plus a currency (buyer spec section 3),
 * so sums never drift. Divisor 100 for every supported currency except JPY (1).
 *
 * Zod-free: the web app imports these through '@harbor/contracts/money-format',
 * so pages that only show prices do not load zod; money.ts re-exports them
 * beside its schemas.
 */
export const CURRENCY_DIVISORS = {
  AUD: 100,
  CAD: 100,
  CHF: 100,
  CNY: 100,
  DKK: 100,
  EUR: 100,
  GBP: 100,
  HKD: 100,
  INR: 100,
  JPY: 1,
  MXN: 100,
  NOK: 100,
  NZD: 100,
  SEK: 100,
  SGD: 100,
  USD: 100,
} as const;
export type Currency = keyof typeof CURRENCY_DIVISORS;
export const CURRENCIES = Object.keys(CURRENCY_DIVISORS) as [Currency, ...Currency[]];
/** Display base; the marketplace currency itself comes from configuration. */
export const BASE_CURRENCY: Currency = 'EUR';
export const VAT_PERCENT = 0;

/** An amount in minor units plus its currency (moneySchema in money.ts checks the same shape). */
export interface Money {
  amount: number;
  currency: Currency;
}

export function isSupportedCurrency(code: string): code is Currency {
  return Object.hasOwn(CURRENCY_DIVISORS, code);
}

export function currencyDivisor(currency: Currency): number {
  return CURRENCY_DIVISORS[currency];
}

/** Digits shown after the point: 2, or 0 when the divisor is 1. */
export function currencyDecimals(currency: Currency): number {
  return currencyDivisor(currency) === 1 ? 0 : 2;
}

/** A money amount must be a safe integer of minor units. */
export function isSafeAmount(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isSafeInteger(amount);
}

/** Major units (12.5) to minor units (1250), rounding half away from zero. */
export function toMinorUnits(major: number, currency: Currency): number {
  const minor = Math.round(Math.abs(major) * currencyDivisor(currency) + 1e-9) * Math.sign(major);
  if (!isSafeAmount(minor)) throw new RangeError('amount is not a safe integer');
  return minor === 0 ? 0 : minor;
}

export function toMajorUnits(amount: number, currency: Currency): number {
  return amount / currencyDivisor(currency);
}

/** Fixed-point text without grouping: "1234.50" (EUR), "1235" (JPY). */
export function formatAmount(amount: number, currency: Currency): string {
  const divisor = currencyDivisor(currency);
  const decimals = currencyDecimals(currency);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (decimals === 0) return `${sign}${abs}`;
  const whole = Math.trunc(abs / divisor);
  const cents = String(abs % divisor).padStart(decimals, '0');
  return `${sign}${whole}.${cents}`;
}

/** Display with the currency code, e.g. "12.50 EUR". */
export function formatMoney(money: Money): string {
  return `${formatAmount(money.amount, money.currency)} ${money.currency}`;
}

export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new Error(`currency mismatch: ${a.currency} and ${b.currency}`);
  const amount = a.amount + b.amount;
  if (!isSafeAmount(amount)) throw new RangeError('amount is not a safe integer');
  return { amount, currency: a.currency };
}
