import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';

export { formatPhone, slugify } from './text-format.ts';

/**
 * Shared form rules (marketplace-seller.md section 5). The message of each
 * issue is an i18n key, so the web app and the API report the same text.
 */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

export const requiredText = (max?: number) => {
  const base = z.string().trim().min(1, 'validation.required');
  return max ? base.max(max, 'validation.tooLong') : base;
};

export const emailField = z.string().trim().regex(EMAIL_RE, 'validation.email').transform((v) => v.toLowerCase());

export const passwordField = z
  .string()
  .min(PASSWORD_MIN, 'validation.passwordTooShort')
  .max(PASSWORD_MAX, 'validation.passwordTooLong');

export const TIME_RE = /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
export const timeField = z.string().regex(TIME_RE, 'validation.time');

/** Web address: a bare host is accepted and stored with https://. */
export const webAddressField = z
  .string()
  .trim()
  .min(1, 'validation.required')
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
