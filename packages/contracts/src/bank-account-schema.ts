import { z } from 'zod';
import { BANK_FIELDS, PAYOUT_ACCOUNT_TYPES, validateBankAccount } from './bank-accounts.ts';
import type { BankAccountFields, PayoutCountry } from './bank-accounts.ts';

/**
 * A bank account as the payout form sends it to get a bank account token:
 * the country and its inputs (marketplace-seller.md section 5). The rules are
 * bank-accounts.ts's, so an API client gets the form's field errors
 * (invalidParams with paths `fields.<input>` or `country`), and the output
 * carries the normalized inputs (spaces stripped) and the country's currency.
 */
export const bankAccountInputSchema = z
  .object({
    country: z.string().max(2, 'payments:bank.errors.unsupportedCountry'),
    fields: z.partialRecord(z.enum(BANK_FIELDS), z.string().max(100, 'validation.tooLong')),
  })
  .transform((body, ctx): { country: PayoutCountry; currency: string; fields: BankAccountFields } => {
    const result = validateBankAccount(body.country, body.fields);
    if (result.ok) return { country: result.country, currency: result.currency, fields: result.fields };
    for (const [field, message] of Object.entries(result.errors)) {
      ctx.addIssue({ code: 'custom', path: field === 'country' ? ['country'] : ['fields', field], message });
    }
    return z.NEVER;
  });
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;
export type BankAccount = z.output<typeof bankAccountInputSchema>;

export const payoutAccountTypeSchema = z.enum(PAYOUT_ACCOUNT_TYPES);
