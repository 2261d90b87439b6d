import { z } from 'zod';
import { CURRENCIES, isSafeAmount } from './money-format.ts';

export {
  CURRENCY_DIVISORS,
  CURRENCIES,
  BASE_CURRENCY,
  VAT_PERCENT,
  isSupportedCurrency,
  currencyDivisor,
  currencyDecimals,
  isSafeAmount,
  toMinorUnits,
  toMajorUnits,
  formatAmount,
  formatMoney,
  addMoney,
} from './money-format.ts';
export type { Currency, Money } from './money-format.ts';

/** Uppercase ISO code; no transform, so the same schema also describes responses. */
export const currencyField = z.enum(CURRENCIES, { message: 'listings:validation.currency' });

export const amountField = z.number().refine(isSafeAmount, 'listings:validation.money');

export const moneySchema = z.object({
  amount: amountField.describe('integer minor units (cents; yen for JPY)'),
  currency: currencyField,
});

