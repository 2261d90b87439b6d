/**
 * The organization settings forms' schemas. Loaded only through
 * `lazyZodResolver` (shared/forms/lazy-resolver.ts), so zod and the contracts
 * stay out of the page's initial JavaScript.
 */
import '../../../shared/forms/zod-messages.ts';

export { organizationPortBodySchema, organizationProfileFieldsSchema } from '@harbor/contracts';
