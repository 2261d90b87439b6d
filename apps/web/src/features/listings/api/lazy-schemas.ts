import { lazyImport } from '../../../shared/api-client/index.ts';

/** The listings feature's response schemas (listings-response-schemas.ts), fetched once on first use. */
export const listingsResponseSchemas = lazyImport(() => import('./listings-response-schemas.ts'));
