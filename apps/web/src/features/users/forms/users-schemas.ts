/**
 * The account forms' schemas. Loaded only through `lazyZodResolver`
 * (shared/forms/lazy-resolver.ts), so zod and the contracts stay out of the
 * pages' initial JavaScript.
 */
import '../../../shared/forms/zod-messages.ts';
import { phoneField, resetPasswordBodySchema, updateProfileBodySchema } from '@harbor/contracts';

export { changeEmailBodySchema, changePasswordBodySchema, recoveryBodySchema, serviceRequestBodySchema } from '@harbor/contracts';

/** Profile settings edit the profile part of the update body. */
export const profileSchema = updateProfileBodySchema.pick({ firstName: true, lastName: true, bio: true, defaultPort: true });

/** The phone number is required here as at sign-up: the same field rule, shown grouped 3-2-7. */
export const phoneSchema = updateProfileBodySchema.pick({ phoneNumber: true }).extend({ phoneNumber: phoneField });

/** The reset link carries the token and e-mail; the form asks only for the new password. */
export const newPasswordSchema = resetPasswordBodySchema.pick({ newPassword: true });
