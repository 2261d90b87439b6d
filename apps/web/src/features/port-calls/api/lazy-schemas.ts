import { lazyImport } from '../../../shared/api-client/index.ts';

/** The port-calls feature's response schemas (port-calls-response-schemas.ts), fetched once on first use. */
export const portCallsResponseSchemas = lazyImport(() => import('./port-calls-response-schemas.ts'));
