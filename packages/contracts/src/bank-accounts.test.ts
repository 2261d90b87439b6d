import { describe, expect, it } from 'vitest';
import {
  BANK_MESSAGES,
  IBAN_COUNTRIES,
  IBAN_LENGTHS,
  PAYOUT_COUNTRIES,
  PAYOUT_COUNTRY_CURRENCY,
  bankAccountLast4,
  bankFieldsFor,
  clabeValid,
  ibanChecksumValid,
  normalizeBankField,
  routingNumberValid,
  validateBankAccount,
} from './bank-accounts.ts';
import type { BankAccountFields, PayoutCountry } from './bank-accounts.ts';
import { bankAccountInputSchema } from './bank-account-schema.ts';

/** Real-format IBANs published by the banks' associations and registries (ISO 13616 examples). */
const PUBLISHED_IBANS: Record<string, string> = {
  AT: 'AT61 1904 3002 3457 3201',
  BE: 'BE68 5390 0754 7034',
  CH: 'CH93 0076 2011 6238 5295 7',
  CY: 'CY17 0020 0128 0000 0012 0052 7600',
  CZ: 'CZ65 0800 0000 1920 0014 5399',
  DE: 'DE89 3704 0044 0532 0130 00',
  DK: 'DK50 0040 0440 1162 43',
  EE: 'EE38 2200 2210 2014 5685',
  ES: 'ES91 2100 0418 4502 0005 1332',
  FI: 'FI21 1234 5600 0007 85',
  FR: 'FR14 2004 1010 0505 0001 3M02 606',
  GR: 'GR16 0110 1250 0000 0001 2300 695',
  IE: 'IE29 AIBK 9311 5212 3456 78',
  IT: 'IT60 X054 2811 1010 0000 0123 456',
  LT: 'LT12 1000 0111 0100 1000',
  LU: 'LU28 0019 4006 4475 0000',
  LV: 'LV80 BANK 0000 4351 9500 1',
  MT: 'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
  NL: 'NL91 ABNA 0417 1643 00',
  NO: 'NO93 8601 1117 947',
  PL: 'PL61 1090 1014 0000 0712 1981 2874',
  PT: 'PT50 0002 0123 1234 5678 9015 4',
  RO: 'RO49 AAAA 1B31 0075 9384 0000',
  SE: 'SE45 5000 0000 0583 9825 7466',
  SI: 'SI56 2633 0001 2039 086',
  SK: 'SK31 1200 0000 1987 4263 7541',
  BG: 'BG80 BNBG 9661 1020 3456 78',
};

/** A valid account per non-IBAN country (the payment provider's documented test numbers). */
const VALID: Record<string, BankAccountFields> = {
  AU: { bsb: '000 000', accountNumber: '000123456' },
  CA: { transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' },
  GB: { sortCode: '10-88-00', accountNumber: '00012345' },
  US: { routingNumber: '110000000', accountNumber: '000123456789' },
  SG: { bankCode: '1100', branchCode: '000', accountNumber: '000123456' },
  HK: { clearingCode: '110', branchCode: '000', accountNumber: '000123456' },
  JP: { bankName: 'Mizuho Bank', branchName: 'Tokyo', bankCode: '0001', branchCode: '001', accountNumber: '0001234', accountHolderName: 'Taro Yamada' },
  MX: { clabe: '000000001234567897' },
  NZ: { accountNumber: '11-0000-0000000-010' },
};

/** One wrong input per non-IBAN country, with the message it must give. */
const INVALID: Record<string, [BankAccountFields, string, string]> = {
  AU: [{ bsb: '00000', accountNumber: '000123456' }, 'bsb', BANK_MESSAGES.digits],
  CA: [{ transitNumber: '11000', institutionNumber: '0000', accountNumber: '000123456789' }, 'institutionNumber', BANK_MESSAGES.digits],
  GB: [{ sortCode: '108800', accountNumber: '0001234' }, 'accountNumber', BANK_MESSAGES.digits],
  US: [{ routingNumber: '110000001', accountNumber: '000123456789' }, 'routingNumber', BANK_MESSAGES.routingChecksum],
  SG: [{ bankCode: '1100', branchCode: '00A', accountNumber: '000123456' }, 'branchCode', BANK_MESSAGES.digits],
  HK: [{ clearingCode: '110', branchCode: '000', accountNumber: '12345' }, 'accountNumber', BANK_MESSAGES.digits],
  JP: [{ bankName: 'Mizuho', branchName: ' ', bankCode: '0001', branchCode: '001', accountNumber: '0001234', accountHolderName: 'Taro' }, 'branchName', BANK_MESSAGES.required],
  MX: [{ clabe: '000000001234567898' }, 'clabe', BANK_MESSAGES.clabeChecksum],
  NZ: [{ accountNumber: '11-0000-00000' }, 'accountNumber', BANK_MESSAGES.digits],
};

describe('payout countries', () => {
  it('are the 36 of the English texts, each with inputs and a currency', () => {
    expect(PAYOUT_COUNTRIES).toHaveLength(36);
    for (const country of PAYOUT_COUNTRIES) {
      expect(bankFieldsFor(country).length, country).toBeGreaterThan(0);
      expect(PAYOUT_COUNTRY_CURRENCY[country], country).toMatch(/^[A-Z]{3}$/);
    }
  });

  it('use IBAN in the EU countries, CH and NO and the spec inputs elsewhere', () => {
    expect(IBAN_COUNTRIES).toHaveLength(27);
    expect(bankFieldsFor('FI')).toEqual(['iban']);
    expect(bankFieldsFor('NO')).toEqual(['iban']);
    expect(bankFieldsFor('AU')).toEqual(['bsb', 'accountNumber']);
    expect(bankFieldsFor('CA')).toEqual(['transitNumber', 'institutionNumber', 'accountNumber']);
    expect(bankFieldsFor('JP')).toEqual(['bankName', 'branchName', 'bankCode', 'branchCode', 'accountNumber', 'accountHolderName']);
    expect(bankFieldsFor('MX')).toEqual(['clabe']);
  });

  it('refuse an unsupported country with the unsupported-country message', () => {
    expect(validateBankAccount('BR', { accountNumber: '123456' })).toEqual({ ok: false, errors: { country: BANK_MESSAGES.unsupportedCountry } });
    expect(validateBankAccount('', {})).toMatchObject({ ok: false, errors: { country: BANK_MESSAGES.unsupportedCountry } });
    expect(bankFieldsFor('BR')).toEqual([]);
  });
});

describe('IBAN countries', () => {
  it.each(IBAN_COUNTRIES)('%s accepts a published IBAN (spaces stripped) and refuses a wrong check digit', (country) => {
    const iban = PUBLISHED_IBANS[country]!;
    const compact = iban.replace(/ /g, '');
    expect(compact).toHaveLength(IBAN_LENGTHS[country]);
    expect(validateBankAccount(country, { iban: iban.toLowerCase() })).toEqual({
      ok: true,
      country,
      currency: PAYOUT_COUNTRY_CURRENCY[country],
      fields: { iban: compact },
    });
    const broken = compact.slice(0, 2) + String((Number(compact.slice(2, 4)) + 1) % 100).padStart(2, '0') + compact.slice(4);
    expect(validateBankAccount(country, { iban: broken })).toEqual({ ok: false, errors: { iban: BANK_MESSAGES.ibanChecksum } });
  });

  it('refuses an IBAN of another country, a wrong length and an empty one', () => {
    expect(validateBankAccount('FI', { iban: PUBLISHED_IBANS.DE })).toMatchObject({ errors: { iban: BANK_MESSAGES.ibanCountry } });
    expect(validateBankAccount('FI', { iban: 'FI21 1234 5600 0007 8' })).toMatchObject({ errors: { iban: BANK_MESSAGES.ibanLength } });
    expect(validateBankAccount('FI', { iban: '   ' })).toMatchObject({ errors: { iban: BANK_MESSAGES.required } });
    expect(validateBankAccount('FI', {})).toMatchObject({ errors: { iban: BANK_MESSAGES.required } });
  });

  it('detects a swapped pair of digits', () => {
    expect(ibanChecksumValid('DE89370400440532013000')).toBe(true);
    expect(ibanChecksumValid('DE89370400440532010300')).toBe(false);
  });
});

describe('other countries', () => {
  it.each(Object.keys(VALID))('%s accepts a valid account and refuses a wrong input', (country) => {
    const result = validateBankAccount(country, VALID[country]!);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const [fields, field, message] = INVALID[country]!;
    expect(validateBankAccount(country, fields)).toEqual({ ok: false, errors: { [field]: message } });
  });

  it.each(Object.keys(VALID))('%s requires every input', (country) => {
    for (const field of bankFieldsFor(country)) {
      const result = validateBankAccount(country, { ...VALID[country], [field]: '' });
      expect(result).toEqual({ ok: false, errors: { [field]: BANK_MESSAGES.required } });
    }
  });

  it('strips spaces, NZ dashes and sort-code dashes, and drops inputs the country does not use', () => {
    expect(validateBankAccount('NZ', { accountNumber: '11-0000-0000000-010', iban: 'x' })).toEqual({
      ok: true,
      country: 'NZ',
      currency: 'NZD',
      fields: { accountNumber: '1100000000000010' },
    });
    expect(normalizeBankField('GB', 'sortCode', '10-88 00')).toBe('108800');
    expect(normalizeBankField('US', 'accountNumber', '0001 2345')).toBe('00012345');
    // A dash is not stripped where the spec does not say so: it fails the digit rule instead.
    expect(validateBankAccount('US', { routingNumber: '110000000', accountNumber: '0001-2345' })).toMatchObject({ errors: { accountNumber: BANK_MESSAGES.digits } });
    expect(normalizeBankField('JP', 'accountHolderName', '  Taro   Yamada ')).toBe('Taro Yamada');
  });

  it('checks ABA routing numbers', () => {
    for (const good of ['110000000', '021000021', '011000015', '121000358']) expect(routingNumberValid(good), good).toBe(true);
    for (const bad of ['021000022', '12345678', '1234567890', 'abcdefghi']) expect(routingNumberValid(bad), bad).toBe(false);
  });

  it('checks CLABE check digits', () => {
    expect(clabeValid('000000001234567897')).toBe(true);
    expect(clabeValid('032180000118359719')).toBe(true);
    expect(clabeValid('032180000118359710')).toBe(false);
    expect(clabeValid('03218000011835971')).toBe(false);
  });
});

describe('bankAccountInputSchema', () => {
  it('gives the normalized account and the currency', () => {
    expect(bankAccountInputSchema.parse({ country: 'FI', fields: { iban: 'fi21 1234 5600 0007 85' } })).toEqual({
      country: 'FI',
      currency: 'EUR',
      fields: { iban: 'FI2112345600000785' },
    });
  });

  it('reports each wrong input at its path', () => {
    const result = bankAccountInputSchema.safeParse({ country: 'CA', fields: { transitNumber: '1', accountNumber: '' } });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['fields.transitNumber', BANK_MESSAGES.digits],
        ['fields.institutionNumber', BANK_MESSAGES.required],
        ['fields.accountNumber', BANK_MESSAGES.required],
      ]),
    );
  });

  it('reports an unsupported country', () => {
    const result = bankAccountInputSchema.safeParse({ country: 'US2', fields: {} });
    expect(result.error!.issues[0]!.path).toEqual(['country']);
    const br = bankAccountInputSchema.safeParse({ country: 'BR', fields: {} });
    expect(br.error!.issues).toEqual([expect.objectContaining({ path: ['country'], message: BANK_MESSAGES.unsupportedCountry })]);
  });
});

describe('bankAccountLast4', () => {
  it('takes the IBAN, CLABE or account number', () => {
    const last4 = (c: PayoutCountry, f: BankAccountFields) => {
      const r = validateBankAccount(c, f);
      return r.ok ? bankAccountLast4(r.fields) : null;
    };
    expect(last4('FI', { iban: PUBLISHED_IBANS.FI })).toBe('0785');
    expect(last4('MX', VALID.MX!)).toBe('7897');
    expect(last4('US', VALID.US!)).toBe('6789');
  });
});
