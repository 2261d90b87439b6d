import { lazyImport } from '../../../shared/api-client/index.ts';

/** The transactions feature's response schemas (transactions-response-schemas.ts), fetched once on first use. */
export const transactionsResponseSchemas = lazyImport(() => import('./transactions-response-schemas.ts'));
