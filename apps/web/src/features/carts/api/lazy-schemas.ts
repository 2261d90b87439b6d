import { lazyImport } from '../../../shared/api-client/index.ts';

/** The carts feature's response schemas (carts-response-schemas.ts), fetched once on first use. */
export const cartsResponseSchemas = lazyImport(() => import('./carts-response-schemas.ts'));
