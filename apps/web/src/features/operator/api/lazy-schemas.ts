import { lazyImport } from '../../../shared/api-client/index.ts';

/** The operator feature's response schemas (operator-response-schemas.ts), fetched once on first use. */
export const operatorResponseSchemas = lazyImport(() => import('./operator-response-schemas.ts'));
