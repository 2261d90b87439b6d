import { lazyImport } from '../../../shared/api-client/index.ts';

/** The messages feature's response schemas (messages-response-schemas.ts), fetched once on first use. */
export const messagesResponseSchemas = lazyImport(() => import('./messages-response-schemas.ts'));
