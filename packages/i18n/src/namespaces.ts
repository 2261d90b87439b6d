/**
 * The locale namespaces, one per module (the server module and web feature of
 * the same name). Kept apart from the texts so the web app can know the list
 * without loading any language.
 */
import type { en } from './en.ts';

export const namespaces = [
  'map',
  'zones',
  'port-calls',
  'vessels',
  'ais',
  'organizations',
  'listings',
  'carts',
  'transactions',
  'messages',
  'reviews',
  'images',
  'common',
  'errors',
  'validation',
  'auth',
  'users',
  'operator',
  'notifications',
  'site',
  'payments',
  'reports',
  'weather',
  'subscriptions',
] as const;

export type Namespace = (typeof namespaces)[number];

/**
 * The namespaces the web app's shell needs on every page (layout, errors,
 * validation, the error and not-found pages): loaded before the first render.
 * The others load with the pages that use them.
 */
export const coreNamespaces = ['common', 'errors', 'validation', 'site'] as const satisfies readonly Namespace[];

/** One language's texts: the shape is English's, so a missing Finnish file fails to compile. */
export type LanguageResources = typeof en;
