/**
 * The resolver part of form validation, loaded with the first form schema by
 * `lazyZodResolver` (lazy-resolver.ts), never statically. It needs no zod code
 * of its own; the schema modules bring zod and its messages (zod-messages.ts).
 */
export { zodResolver } from '@hookform/resolvers/zod';
