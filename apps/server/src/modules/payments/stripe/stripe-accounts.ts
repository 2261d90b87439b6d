import type Stripe from 'stripe';
import { PAYOUT_DEFAULT_MCC, type PayoutStatusType } from '@harbor/contracts';
import type { BankAccountSummary, BankAccountTokenInput, PayoutAccountData } from '../payment-provider.ts';

/**
 * Connected accounts (sellers) in Stripe's shapes: the bank inputs of the
 * payout form as a bank_account token, and an Account as the payout page's
 * status box.
 */

type BankAccountParams = Stripe.TokenCreateParams.BankAccount;

/**
 * The country's inputs (already normalized by contracts/bank-accounts.ts) as
 * Stripe's two numbers: every local term (BSB, sort code, transit and
 * institution, clearing, bank and branch code) is part of `routing_number`,
 * joined the way Stripe writes that country's routing numbers.
 */
export function bankAccountParams(input: BankAccountTokenInput): BankAccountParams {
  const f = input.fields;
  const base = { country: input.country, currency: input.currency.toLowerCase(), account_holder_type: input.accountHolderType };
  const routed = (routing_number: string, account_number = f.accountNumber ?? ''): BankAccountParams => ({ ...base, routing_number, account_number });
  switch (input.country) {
    case 'AU':
      return routed(f.bsb ?? '');
    case 'CA':
      return routed(`${f.transitNumber ?? ''}${f.institutionNumber ?? ''}`);
    case 'GB':
      return routed(f.sortCode ?? '');
    case 'US':
      return routed(f.routingNumber ?? '');
    case 'SG':
      return routed(`${f.bankCode ?? ''}-${f.branchCode ?? ''}`);
    case 'HK':
      return routed(`${f.clearingCode ?? ''}-${f.branchCode ?? ''}`);
    case 'JP':
      return { ...routed(`${f.bankCode ?? ''}${f.branchCode ?? ''}`), account_holder_name: f.accountHolderName ?? '' };
    case 'MX':
      return { ...base, account_number: f.clabe ?? '' };
    case 'NZ':
      return { ...base, account_number: f.accountNumber ?? '' };
    default:
      // The IBAN countries: the IBAN is the account number, no routing number.
      return { ...base, account_number: f.iban ?? '' };
  }
}

export function bankSummary(bank: Pick<Stripe.BankAccount, 'last4' | 'country' | 'currency' | 'bank_name'>): BankAccountSummary {
  return { last4: bank.last4, country: bank.country, currency: bank.currency.toUpperCase(), bankName: bank.bank_name ?? null };
}

/**
 * The status box from the account's requirements: a rejected account or one
 * whose submitted details failed verification is an error; anything still
 * due (now or past its deadline) needs verification; otherwise it is
 * verified. Charges and payouts are reported beside it: an online order
 * needs chargesEnabled.
 */
export function payoutStatus(account: Stripe.Account): PayoutStatusType {
  const r = account.requirements;
  if (r?.disabled_reason?.startsWith('rejected') || (r?.errors?.length ?? 0) > 0) return 'verificationError';
  if ((r?.currently_due?.length ?? 0) > 0 || (r?.past_due?.length ?? 0) > 0) return 'verificationNeeded';
  return 'verificationSuccess';
}

export function accountData(account: Stripe.Account): PayoutAccountData {
  const r = account.requirements;
  const bank = account.external_accounts?.data.find((x): x is Stripe.BankAccount => x.object === 'bank_account');
  return {
    id: account.id,
    accountType: account.business_type === 'individual' ? 'individual' : 'company',
    country: account.country ?? '',
    defaultCurrency: (account.default_currency ?? bank?.currency ?? '').toUpperCase(),
    businessProfileURL: account.business_profile?.url ?? null,
    businessProfileMCC: account.business_profile?.mcc ?? PAYOUT_DEFAULT_MCC,
    bankAccount: bank ? bankSummary(bank) : null,
    status: payoutStatus(account),
    currentlyDue: [...new Set([...(r?.past_due ?? []), ...(r?.currently_due ?? [])])],
    errors: (r?.errors ?? []).map((e) => e.reason),
    chargesEnabled: account.charges_enabled,
    payoutsEnabled: account.payouts_enabled,
  };
}
