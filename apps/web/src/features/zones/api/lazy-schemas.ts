import { lazyImport } from '../../../shared/api-client/index.ts';

/** The zones feature's response schemas (zones-response-schemas.ts), fetched once on first use. */
export const zonesResponseSchemas = lazyImport(() => import('./zones-response-schemas.ts'));
