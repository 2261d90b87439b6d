import { lazyImport } from '../../../shared/api-client/index.ts';

/** The organizations feature's response schemas (organizations-response-schemas.ts), fetched once on first use. */
export const organizationsResponseSchemas = lazyImport(() => import('./organizations-response-schemas.ts'));
