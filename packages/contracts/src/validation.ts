import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';

export { formatPhone, slugify } from './text-format.ts';

/**
 * Shared form rules (marketplace-seller.md section 5). The message of each
 * issue is an i18n key, so the web app and the API report the same text.
 */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

/*
 * Text, dates and whole numbers are checked here once, so that no impossible
 * value reaches PostgreSQL: text cannot hold NUL, a date has no year 0000 and
 * an integer column holds at most 2^31 - 1. Every input schema builds on these.
 */

// eslint-disable-next-line no-control-regex -- the point is to find control characters
export const LINE_TEXT_RE = /^[^\u0000-\u001f\u007f]*$/;
/** Multi-line texts (descriptions, messages, notes) may also hold line breaks and tabs. */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
export const MULTILINE_TEXT_RE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export const CONTROL_CHARACTERS_MESSAGE = 'validation.controlCharacters';

/** One line of text: no NUL and no other control character (tab and line breaks included). */
export const lineString = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(LINE_TEXT_RE, CONTROL_CHARACTERS_MESSAGE);
/** Text of several lines: no NUL and no control character other than \n, \r and \t. */
export const multilineString = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(MULTILINE_TEXT_RE, CONTROL_CHARACTERS_MESSAGE);

/** A trimmed one-line text of at most `max` characters (empty allowed). */
export const lineText = (max: number) => lineString().trim().max(max, 'validation.tooLong');
/** A trimmed multi-line text of at most `max` characters (empty allowed). */
export const multilineText = (max: number) => multilineString().trim().max(max, 'validation.tooLong');

/** A one-line text that must not be empty after trimming. */
export const requiredText = (max?: number) => {
  const base = lineString().trim().min(1, 'validation.required');
  return max ? base.max(max, 'validation.tooLong') : base;
};
/** A multi-line text that must not be empty after trimming. */
export const requiredMultilineText = (max: number) =>
  multilineString().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** Dates people enter or search by: years 1900-9999 (PostgreSQL has no year 0, and five-digit years are typos). */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 9999;
export const YEAR_RE = /^(19|[2-9]\d)\d\d-/;
/** Calendar date YYYY-MM-DD, years 1900-9999. */
export const isoDateField = () => z.iso.date({ message: 'validation.invalid', abort: true }).regex(YEAR_RE, 'validation.year');
const YEAR_MIN_MS = Date.UTC(YEAR_MIN, 0, 1);
const YEAR_AFTER_MAX_MS = Date.UTC(YEAR_MAX + 1, 0, 1);
/** True when the instant `ms` falls in the years 1900-9999 (UTC). */
export const inYearRange = (ms: number) => ms >= YEAR_MIN_MS && ms < YEAR_AFTER_MAX_MS;
/**
 * ISO 8601 date and time with an offset (Z or ±HH:MM), years 1900-9999 as
 * written and in UTC: 9999-12-31T23:59-14:00 is already year 10000, which
 * JavaScript writes as +010000 and the database does not read back.
 */
export const isoDateTimeField = () =>
  z.iso
    .datetime({ offset: true, message: 'validation.invalid', abort: true })
    .regex(YEAR_RE, { message: 'validation.year', abort: true })
    .refine((v) => inYearRange(Date.parse(v)), 'validation.year');

/** PostgreSQL integer (int4) and smallint (int2) bounds. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;
export const INT2_MAX = 32_767;
/** A whole number that fits an integer (int4) column; `min` and its message narrow it further. */
export const int4Field = (min = INT4_MIN, minMessage = 'validation.tooSmall') =>
  z.number().int('validation.invalid').min(min, minMessage).max(INT4_MAX, 'validation.tooBig');

export const emailField = lineString()
  .trim()
  .max(320, 'validation.tooLong')
  .regex(EMAIL_RE, 'validation.email')
  .transform((v) => v.toLowerCase());

export const passwordField = z
  .string()
  .min(PASSWORD_MIN, 'validation.passwordTooShort')
  .max(PASSWORD_MAX, 'validation.passwordTooLong');

export const TIME_RE = /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
export const timeField = z.string().regex(TIME_RE, 'validation.time');

/** Web address: a bare host is accepted and stored with https://. */
export const webAddressField = lineString()
  .trim()
  .min(1, 'validation.required')
  .max(2000, 'validation.tooLong')
  .transform((v) => (/^https?:\/\//i.test(v) ? v : `https://${v}`))
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'validation.url');

/** Phone: digits with an optional leading + or 00, grouped freely with spaces or dashes. */
export const phoneField = z
  .string()
  .trim()
  .regex(/^(\+|00)?[\d\s-]{5,20}$/, 'validation.phone');

/** Port code: UN/LOCODE, 2 letters country + 3 alphanumerics. */
export const portCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'validation.portCode');
