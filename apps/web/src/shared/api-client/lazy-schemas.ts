import { lazyImport } from './lazy-import.ts';

/** The shell's response schemas, fetched once on first use (see response-schemas.ts). */
export const responseSchemas = lazyImport(() => import('./response-schemas.ts'));
