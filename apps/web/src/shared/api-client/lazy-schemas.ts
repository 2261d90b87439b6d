import type * as ResponseSchemaModule from './response-schemas.ts';

type ResponseSchemas = typeof ResponseSchemaModule;

let pending: Promise<ResponseSchemas> | undefined;

/** The shell's response schemas, fetched once on first use (see response-schemas.ts). */
export function responseSchemas(): Promise<ResponseSchemas> {
  pending ??= import('./response-schemas.ts');
  return pending;
}
