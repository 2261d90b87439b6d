import { z } from 'zod';
import { emailField, lineString } from './validation.ts';

export const loginBodySchema = z.object({
  email: emailField,
  password: z.string().min(1, 'validation.required').max(256, 'validation.passwordTooLong'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().describe('seconds until the access token expires'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const refreshBodySchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: lineString().min(1, 'validation.required').max(1000, 'validation.tooLong'),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;

/** Claims of the access token (a short-lived signed JWT). */
export const accessClaimsSchema = z.object({
  sub: z.string().uuid(),
  org: z.string().uuid(),
  roles: z.number().int().describe('organization roles bitmask'),
  scopes: z.array(z.string()),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
