/**
 * Applies the contracts' zod messages: i18n keys of the `validation` namespace
 * instead of zod's English sentences. Every module of form schemas loaded by
 * `lazyZodResolver` (features/<x>/forms/<x>-schemas.ts) imports this first, so
 * the messages are set before any of its schemas validates.
 *
 * The contracts' index imports zod-messages too, but a bundler skips that
 * import when only named schemas are taken from the index (the package marks
 * every module but zod-messages, the index included, free of side effects),
 * so it is imported here through its own subpath. It is not imported by
 * zod-resolver.ts: that would split zod's core into a chunk of its own on
 * every page that still loads zod.
 */
import '@harbor/contracts/zod-messages';
