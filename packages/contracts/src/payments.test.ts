import { describe, expect, it } from 'vitest';
import { isCardErrorCode, isCardExpired, minimumCharge } from './payments.ts';

describe('payments contracts', () => {
  it('a card is expired when its year is past, or this year and its month past', () => {
    const now = new Date(2026, 10, 25); // November 2026
    expect(isCardExpired({ expirationMonth: 12, expirationYear: 2025 }, now)).toBe(true);
    expect(isCardExpired({ expirationMonth: 10, expirationYear: 2026 }, now)).toBe(true);
    expect(isCardExpired({ expirationMonth: 11, expirationYear: 2026 }, now)).toBe(false);
    expect(isCardExpired({ expirationMonth: 1, expirationYear: 2027 }, now)).toBe(false);
  });

  it('knows the card error codes and the minimum charge', () => {
    expect(isCardErrorCode('card_declined')).toBe(true);
    expect(isCardErrorCode('nope')).toBe(false);
    expect(minimumCharge('EUR')).toBe(50);
    expect(minimumCharge('JPY')).toBe(50);
    expect(minimumCharge('XXX')).toBe(50);
  });
});
