import { lazyImport } from '../../../shared/api-client/index.ts';

/** The payments feature's response schemas (payments-response-schemas.ts), fetched once on first use. */
export const paymentsResponseSchemas = lazyImport(() => import('./payments-response-schemas.ts'));
