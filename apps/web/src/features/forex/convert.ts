import { currencyDivisor, toMinorUnits, type Currency, type Money } from '@harbor/contracts/money-format';

/**
 * An amount in another currency for display only: minor units of `from` to
 * major units, times the ECB multiplier, back to minor units of `to`
 * (rounded half away from zero). Sums are never made of these: subtotals
 * stay summed in EUR and each shown total is converted once.
 */
export function convertForDisplay(money: Money, to: Currency, multiplier: number): Money {
  const major = (money.amount / currencyDivisor(money.currency)) * multiplier;
  return { amount: toMinorUnits(major, to), currency: to };
}
