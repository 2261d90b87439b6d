import { afterAll, beforeEach, vi } from 'vitest';
import type { PayoutAccount } from '@harbor/contracts';
import { externalNavigation } from './api/external-navigation.ts';

/**
 * The browser leaving for the payment provider (checkout, onboarding), caught instead of
 * followed: the spy is cleared before each test of the file and restored after the last.
 */
export function catchExternalNavigation() {
  const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
  beforeEach(() => assign.mockClear());
  afterAll(() => assign.mockRestore());
  return assign;
}

/** A Finnish company's payout account with its bank account saved, waiting for verification. */
export const payoutAccount = (over: Partial<PayoutAccount> = {}): PayoutAccount => ({
  id: 'acct_1',
  provider: 'local',
  accountType: 'company',
  country: 'FI',
  defaultCurrency: 'EUR',
  businessProfileURL: null,
  businessProfileMCC: '5734',
  bankAccount: { last4: '0785', country: 'FI', currency: 'EUR', bankName: null },
  status: { type: 'verificationNeeded' },
  currentlyDue: ['individual.id_number'],
  errors: [],
  chargesEnabled: false,
  payoutsEnabled: false,
  ...over,
});
