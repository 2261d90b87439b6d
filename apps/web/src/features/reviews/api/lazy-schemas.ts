import { lazyImport } from '../../../shared/api-client/index.ts';

/** The reviews feature's response schemas (reviews-response-schemas.ts), fetched once on first use. */
export const reviewsResponseSchemas = lazyImport(() => import('./reviews-response-schemas.ts'));
