/**
 * The sign-in and sign-up form schemas. Loaded only through `lazyZodResolver`
 * (shared/forms/lazy-resolver.ts), so zod and the contracts stay out of the
 * pages' initial JavaScript.
 */
import '../../../shared/forms/zod-messages.ts';

export { loginBodySchema, registerBodySchema } from '@harbor/contracts';
