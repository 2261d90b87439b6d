/**
 * Payout bank accounts (marketplace-seller.md section 5 "Bank account inputs"
 * and section 9 "Payout countries"). Pure and zod-free: the payout form imports
 * it at render time (subpath `@harbor/contracts/bank-accounts`) and the server
 * validates a token request with the same rules (bank-account-schema.ts).
 *
 * Messages are i18n keys of the `payments` namespace, so the form and the API
 * report the same text.
 */

/** The 36 payout countries of the English texts (the Finnish part lists 35; the longer list is kept). */
export const PAYOUT_COUNTRIES = [
  'AT', 'AU', 'BE', 'BG', 'CA', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GR', 'HK', 'IE',
  'IT', 'JP', 'LT', 'LU', 'LV', 'MT', 'MX', 'NL', 'NO', 'NZ', 'PL', 'PT', 'RO', 'SE', 'SG', 'SI', 'SK', 'US',
] as const;
export type PayoutCountry = (typeof PAYOUT_COUNTRIES)[number];

/** The payout account's default merchant category code (section 9). */
export const PAYOUT_DEFAULT_MCC = '5734';
/** The bank account token is requested only after the inputs have been still this long (section 5). */
export const BANK_TOKEN_DEBOUNCE_MS = 1000;
export const PAYOUT_ACCOUNT_TYPES = ['individual', 'company'] as const;
export type PayoutAccountType = (typeof PAYOUT_ACCOUNT_TYPES)[number];

/**
 * The currency a bank account in the country is held in (passed with the token
 * request, as the spec says). Bulgaria has used the euro since 1 January 2026;
 * CZ, PL and RO pay out in their own currencies, which the payment provider
 * supports for payouts even though listings are priced in the marketplace currency.
 */
export const PAYOUT_COUNTRY_CURRENCY: Record<PayoutCountry, string> = {
  AT: 'EUR', AU: 'AUD', BE: 'EUR', BG: 'EUR', CA: 'CAD', CH: 'CHF', CY: 'EUR', CZ: 'CZK', DE: 'EUR',
  DK: 'DKK', EE: 'EUR', ES: 'EUR', FI: 'EUR', FR: 'EUR', GB: 'GBP', GR: 'EUR', HK: 'HKD', IE: 'EUR',
  IT: 'EUR', JP: 'JPY', LT: 'EUR', LU: 'EUR', LV: 'EUR', MT: 'EUR', MX: 'MXN', NL: 'EUR', NO: 'NOK',
  NZ: 'NZD', PL: 'PLN', PT: 'EUR', RO: 'RON', SE: 'SEK', SG: 'SGD', SI: 'EUR', SK: 'EUR', US: 'USD',
};

/** IBAN length per IBAN country (EU members among the payout countries, CH and NO). */
export const IBAN_LENGTHS = {
  AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GR: 27, IE: 22,
  IT: 27, LT: 20, LU: 20, LV: 21, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24,
} as const satisfies Partial<Record<PayoutCountry, number>>;
export type IbanCountry = keyof typeof IBAN_LENGTHS;
export const IBAN_COUNTRIES = Object.keys(IBAN_LENGTHS) as IbanCountry[];

export const BANK_FIELDS = [
  'iban',
  'bsb',
  'transitNumber',
  'institutionNumber',
  'sortCode',
  'routingNumber',
  'clearingCode',
  'bankCode',
  'branchCode',
  'bankName',
  'branchName',
  'accountHolderName',
  'clabe',
  'accountNumber',
] as const;
export type BankField = (typeof BANK_FIELDS)[number];
export type BankAccountFields = Partial<Record<BankField, string>>;

const NON_IBAN_FIELDS = {
  AU: ['bsb', 'accountNumber'],
  CA: ['transitNumber', 'institutionNumber', 'accountNumber'],
  GB: ['sortCode', 'accountNumber'],
  US: ['routingNumber', 'accountNumber'],
  SG: ['bankCode', 'branchCode', 'accountNumber'],
  HK: ['clearingCode', 'branchCode', 'accountNumber'],
  JP: ['bankName', 'branchName', 'bankCode', 'branchCode', 'accountNumber', 'accountHolderName'],
  MX: ['clabe'],
  NZ: ['accountNumber'],
} as const satisfies Record<Exclude<PayoutCountry, IbanCountry>, readonly BankField[]>;

/** i18n keys of the bank input errors (namespace `payments`). */
export const BANK_MESSAGES = {
  required: 'payments:bank.errors.required',
  unsupportedCountry: 'payments:bank.errors.unsupportedCountry',
  ibanCountry: 'payments:bank.errors.ibanCountry',
  ibanLength: 'payments:bank.errors.ibanLength',
  ibanChecksum: 'payments:bank.errors.ibanChecksum',
  routingChecksum: 'payments:bank.errors.routingChecksum',
  clabeChecksum: 'payments:bank.errors.clabeChecksum',
  digits: 'payments:bank.errors.digits',
} as const;

export function isPayoutCountry(country: unknown): country is PayoutCountry {
  return typeof country === 'string' && (PAYOUT_COUNTRIES as readonly string[]).includes(country);
}

export function isIbanCountry(country: string): country is IbanCountry {
  return Object.hasOwn(IBAN_LENGTHS, country);
}

/** The inputs a bank account of the country needs, in form order; empty for an unsupported country. */
export function bankFieldsFor(country: string): readonly BankField[] {
  if (isIbanCountry(country)) return ['iban'];
  if (Object.hasOwn(NON_IBAN_FIELDS, country)) return NON_IBAN_FIELDS[country as keyof typeof NON_IBAN_FIELDS];
  return [];
}

/** Names are kept as typed (inner spaces belong to them); only their ends are trimmed. */
const NAME_FIELDS: readonly BankField[] = ['bankName', 'branchName', 'accountHolderName'];

/**
 * The value as sent to the provider: spaces stripped (spec), the IBAN in upper
 * case, and for NZ accounts the dashes removed (spec). GB sort codes are
 * written 12-34-56 on every card and statement, so their dashes go too.
 */
export function normalizeBankField(country: string, field: BankField, value: string): string {
  if (NAME_FIELDS.includes(field)) return value.trim().replace(/\s+/g, ' ');
  let out = value.replace(/\s+/g, '');
  if (field === 'iban') out = out.toUpperCase();
  if ((country === 'NZ' && field === 'accountNumber') || field === 'sortCode') out = out.replace(/-/g, '');
  return out;
}

/** ISO 13616 check: move the first four characters to the end, letters to numbers, remainder mod 97 is 1. */
export function ibanChecksumValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const n = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of n) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** ABA routing number: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function routingNumberValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** CLABE (18 digits): weights 3, 7, 1 over the first 17 digits, each product mod 10; the 18th digit completes the sum to a multiple of 10. */
export function clabeValid(clabe: string): boolean {
  if (!/^\d{18}$/.test(clabe)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(clabe[i]) * weights[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10 === Number(clabe[17]);
}

/**
 * Digit counts per numeric input. Banks within a country vary in account length,
 * so account numbers get the country's range; codes have their fixed size.
 */
const DIGITS: Partial<Record<BankField, readonly [number, number]>> = {
  bsb: [6, 6],
  transitNumber: [5, 5],
  institutionNumber: [3, 3],
  sortCode: [6, 6],
  routingNumber: [9, 9],
  clearingCode: [3, 3],
  branchCode: [3, 3],
  bankCode: [4, 4],
  clabe: [18, 18],
};
const ACCOUNT_DIGITS: Partial<Record<PayoutCountry, readonly [number, number]>> = {
  AU: [5, 9],
  CA: [7, 12],
  GB: [8, 8],
  US: [4, 17],
  SG: [6, 17],
  HK: [6, 12],
  JP: [4, 8],
  // Bank (2), branch (4), account (7) and suffix (2 or 3).
  NZ: [15, 16],
};

/** Checks one (normalized) input; returns an i18n key, or null when the value is fine. */
export function bankFieldError(country: string, field: BankField, value: string): string | null {
  if (!value) return BANK_MESSAGES.required;
  if (NAME_FIELDS.includes(field)) return null;
  if (field === 'iban') {
    if (!isIbanCountry(country) || !value.startsWith(country)) return BANK_MESSAGES.ibanCountry;
    if (value.length !== IBAN_LENGTHS[country]) return BANK_MESSAGES.ibanLength;
    return ibanChecksumValid(value) ? null : BANK_MESSAGES.ibanChecksum;
  }
  const range = field === 'accountNumber' ? ACCOUNT_DIGITS[country as PayoutCountry] : DIGITS[field];
  if (range && !new RegExp(`^\\d{${range[0]},${range[1]}}$`).test(value)) return BANK_MESSAGES.digits;
  if (field === 'routingNumber' && !routingNumberValid(value)) return BANK_MESSAGES.routingChecksum;
  if (field === 'clabe' && !clabeValid(value)) return BANK_MESSAGES.clabeChecksum;
  return null;
}

/** The digit range of a numeric input (for the "use N digits" text); null for IBAN and names. */
export function bankFieldDigits(country: string, field: BankField): readonly [number, number] | null {
  if (field === 'accountNumber') return ACCOUNT_DIGITS[country as PayoutCountry] ?? null;
  return DIGITS[field] ?? null;
}

export type BankAccountValidation =
  | { ok: true; country: PayoutCountry; currency: string; fields: BankAccountFields }
  | { ok: false; errors: Partial<Record<BankField | 'country', string>> };

/**
 * Validates a whole bank account: a supported country, then every input the
 * country needs (each required). Inputs the country does not use are dropped.
 */
export function validateBankAccount(country: string, values: BankAccountFields): BankAccountValidation {
  if (!isPayoutCountry(country)) return { ok: false, errors: { country: BANK_MESSAGES.unsupportedCountry } };
  const fields: BankAccountFields = {};
  const errors: Partial<Record<BankField, string>> = {};
  for (const field of bankFieldsFor(country)) {
    const value = normalizeBankField(country, field, values[field] ?? '');
    const error = bankFieldError(country, field, value);
    if (error) errors[field] = error;
    else fields[field] = value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, country, currency: PAYOUT_COUNTRY_CURRENCY[country], fields };
}

/** The last four characters of the account's identifying number, for the saved (masked) state. */
export function bankAccountLast4(fields: BankAccountFields): string {
  const id = fields.iban ?? fields.clabe ?? fields.accountNumber ?? '';
  return id.slice(-4);
}

/** How the saved account is shown: the identifier masked but its last four characters. */
export function maskBankAccount(last4: string): string {
  return `•••• ${last4}`;
}
