import { z } from 'zod';
import { SIGNUP_ROLES } from './roles.ts';
import {
  emailField,
  passwordField,
  phoneField,
  portCodeField,
  lineString,
  lineText,
  multilineString,
  requiredMultilineText,
  requiredText,
  webAddressField,
} from './validation.ts';
import { LANGUAGES, TEXTAREA_MAX } from './constants.ts';

export const USER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Sign-up fields (marketplace-seller.md section 3): every one is required. */
export const signupFieldsSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailField,
  phone: phoneField,
  companyName: requiredText(200),
  businessId: requiredText(50),
  webAddress: webAddressField,
  defaultPort: portCodeField,
  roles: z.array(z.enum(SIGNUP_ROLES)).min(1, 'validation.rolesRequired'),
  /** The language the person signed up in: their e-mails are written in it (English when absent). */
  language: z.enum(LANGUAGES).optional(),
});

export const registerBodySchema = signupFieldsSchema.extend({ password: passwordField });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** A person signing up through an external identity provider: no password, the idp token proves the e-mail. */
export const createUserWithIdpBodySchema = signupFieldsSchema.extend({
  idpId: lineString().min(1, 'validation.required').max(200, 'validation.tooLong'),
  idpToken: lineString().min(1, 'validation.required').max(8192, 'validation.tooLong'),
});
export type CreateUserWithIdpBody = z.infer<typeof createUserWithIdpBodySchema>;

export const registerResponseSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(USER_STATUSES),
});

const profileImageSchema = z
  .object({ id: z.string(), variants: z.record(z.string(), z.object({ url: z.string(), width: z.number(), height: z.number() })) })
  .nullable();

/** Public user (seller spec section 3 User). */
export const userSchema = z.object({
  id: z.string().uuid(),
  displayName: z.string(),
  abbreviatedName: z.string(),
  bio: z.string().nullable(),
  banned: z.boolean(),
  deleted: z.boolean(),
  profileImage: profileImageSchema,
  metadata: z.object({ logoUrl: z.string().nullable() }),
  roles: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;

/** The signed-in user: public fields plus the private ones. */
export const currentUserSchema = userSchema.extend({
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  stripeConnected: z.boolean(),
  status: z.enum(USER_STATUSES),
  defaultPort: z.string(),
  organization: z.object({ id: z.string().uuid(), name: z.string(), roles: z.number().int() }),
  scopes: z.array(z.string()),
  /** The language of the user's e-mails. */
  language: z.enum(LANGUAGES),
  /** Whether new messages on orders are e-mailed (order e-mails always are). */
  messageEmails: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const updateProfileBodySchema = z.object({
  firstName: requiredText(100).optional(),
  lastName: requiredText(100).optional(),
  bio: multilineString().max(TEXTAREA_MAX, 'validation.tooLong').nullable().optional(),
  phoneNumber: phoneField.nullable().optional(),
  defaultPort: portCodeField.optional(),
  /** The web app sends its language when the user picks one, so e-mails follow. */
  language: z.enum(LANGUAGES).optional(),
  messageEmails: z.boolean().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'validation.required'),
  newPassword: passwordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changeEmailBodySchema = z.object({
  email: emailField,
  currentPassword: z.string().min(1, 'validation.required'),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const recoveryBodySchema = z.object({ email: emailField });
export type RecoveryBody = z.infer<typeof recoveryBodySchema>;

export const resetPasswordBodySchema = z.object({
  email: emailField,
  passwordResetToken: lineString().min(1, 'validation.required').max(200, 'validation.tooLong'),
  newPassword: passwordField,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const verifyEmailBodySchema = z.object({
  verificationToken: lineString().min(1, 'validation.required').max(200, 'validation.tooLong'),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

export const serviceRequestBodySchema = z.object({
  email: emailField,
  subject: requiredText(200),
  content: requiredMultilineText(TEXTAREA_MAX),
  tag: lineText(50).optional(),
});
export type ServiceRequestBody = z.infer<typeof serviceRequestBodySchema>;
