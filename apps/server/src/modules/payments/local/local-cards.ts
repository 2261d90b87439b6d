import { TEST_CARDS, type CardErrorCode } from '@harbor/contracts';

/**
 * The local provider's card form checks, in the order a card form makes them:
 * the number (complete, Luhn), the expiry (complete, a real month, not past),
 * the CVC; then the test number's outcome decides as a card network would.
 * Only the brand, the last four digits, the expiry and the outcome leave here.
 */

export type CardOutcome = 'succeeds' | 'card_declined' | 'expired_card' | 'incorrect_cvc' | 'processing_error';

export interface CheckedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: CardOutcome;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  if (/^3(0|6|8)/.test(digits)) return 'diners';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** MM/YY or MM/YYYY (spaces ignored). */
function parseExpiry(raw: string): { month: number; year: number } | 'incomplete' | null {
  const v = raw.replace(/\s+/g, '');
  const m = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(v);
  if (!m) return v.length < 4 ? 'incomplete' : null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return { month, year };
}

export type CardCheck = { ok: true; card: CheckedCard } | { ok: false; error: CardErrorCode; field: 'number' | 'expiry' | 'cvc' };

export function checkCard(input: { number: string; expiry: string; cvc: string }, now: Date = new Date()): CardCheck {
  const digits = input.number.replace(/[\s-]+/g, '');
  if (!/^\d*$/.test(digits)) return { ok: false, error: 'invalid_number', field: 'number' };
  if (digits.length < 13) return { ok: false, error: 'incomplete_number', field: 'number' };
  if (digits.length > 19 || !luhnValid(digits)) return { ok: false, error: 'incorrect_number', field: 'number' };
  const expiry = parseExpiry(input.expiry);
  if (expiry === 'incomplete') return { ok: false, error: 'incomplete_expiry', field: 'expiry' };
  if (!expiry) return { ok: false, error: 'invalid_expiry_year', field: 'expiry' };
  if (expiry.month < 1 || expiry.month > 12) return { ok: false, error: 'invalid_expiry_month', field: 'expiry' };
  const year = now.getFullYear();
  if (expiry.year < year) return { ok: false, error: 'invalid_expiry_year_past', field: 'expiry' };
  if (expiry.year === year && expiry.month < now.getMonth() + 1) return { ok: false, error: 'invalid_expiry_month', field: 'expiry' };
  if (expiry.year > year + 50) return { ok: false, error: 'invalid_expiry_year', field: 'expiry' };
  const brand = cardBrand(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  const cvc = input.cvc.trim();
  if (!/^\d*$/.test(cvc)) return { ok: false, error: 'invalid_cvc', field: 'cvc' };
  if (cvc.length < cvcLength) return { ok: false, error: 'incomplete_cvc', field: 'cvc' };
  if (cvc.length > cvcLength) return { ok: false, error: 'invalid_cvc', field: 'cvc' };
  // Any other valid number succeeds, as with the provider's test mode.
  const outcome = (TEST_CARDS as Record<string, CardOutcome>)[digits] ?? 'succeeds';
  return { ok: true, card: { brand, last4: digits.slice(-4), expMonth: expiry.month, expYear: expiry.year, outcome } };
}
