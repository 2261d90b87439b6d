import { CURRENCY_DIVISORS, type Currency } from '@harbor/contracts';

/** Minor units per major unit (100, JPY 1); the ECB rates are per major unit. */
export const divisorOf = (currency: string) => CURRENCY_DIVISORS[currency as Currency] ?? 100;
