import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  addMoney,
  currencyDecimals,
  formatAmount,
  formatMoney,
  isSafeAmount,
  moneySchema,
  toMajorUnits,
  toMinorUnits,
} from './money.ts';

describe('money', () => {
  it('supports the 16 currencies of the spec, JPY without decimals', () => {
    expect(CURRENCIES).toHaveLength(16);
    expect(currencyDecimals('EUR')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
  });

  it('converts between major and minor units', () => {
    expect(toMinorUnits(12.5, 'EUR')).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinorUnits(1.005, 'EUR')).toBe(101);
    expect(toMinorUnits(1234, 'JPY')).toBe(1234);
    expect(toMajorUnits(1250, 'EUR')).toBe(12.5);
    expect(() => toMinorUnits(Number.MAX_SAFE_INTEGER, 'EUR')).toThrow(RangeError);
  });

  it('formats with 2 decimals, 0 for JPY', () => {
    expect(formatAmount(1250, 'EUR')).toBe('12.50');
    expect(formatAmount(5, 'EUR')).toBe('0.05');
    expect(formatAmount(-1999, 'USD')).toBe('-19.99');
    expect(formatAmount(1500, 'JPY')).toBe('1500');
    expect(formatMoney({ amount: 100000, currency: 'EUR' })).toBe('1000.00 EUR');
  });

  it('accepts only safe integers of a supported currency', () => {
    expect(isSafeAmount(1)).toBe(true);
    expect(isSafeAmount(1.5)).toBe(false);
    expect(isSafeAmount(2 ** 53)).toBe(false);
    expect(moneySchema.safeParse({ amount: 100, currency: 'EUR' }).data).toEqual({ amount: 100, currency: 'EUR' });
    expect(moneySchema.safeParse({ amount: 100, currency: 'eur' }).success).toBe(false);
    expect(moneySchema.safeParse({ amount: 1.5, currency: 'EUR' }).success).toBe(false);
    expect(moneySchema.safeParse({ amount: 100, currency: 'XYZ' }).success).toBe(false);
  });

  it('adds only equal currencies', () => {
    expect(addMoney({ amount: 1, currency: 'EUR' }, { amount: 2, currency: 'EUR' })).toEqual({ amount: 3, currency: 'EUR' });
    expect(() => addMoney({ amount: 1, currency: 'EUR' }, { amount: 2, currency: 'USD' })).toThrow();
  });
});
