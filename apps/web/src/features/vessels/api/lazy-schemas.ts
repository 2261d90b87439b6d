import { lazyImport } from '../../../shared/api-client/index.ts';

/** The vessels feature's response schemas (vessels-response-schemas.ts), fetched once on first use. */
export const vesselsResponseSchemas = lazyImport(() => import('./vessels-response-schemas.ts'));
