import type { JsonSchema } from './schema.ts';

/** One operation of the OpenAPI document, as much of it as the fuzzer uses. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path template, e.g. `/api/listings/{id}`. */
  path: string;
  pathParams: Param[];
  query: Param[];
  headers: Param[];
  /** The application/json request body, when the operation takes one. */
  body?: JsonSchema;
  bodyRequired: boolean;
  /** A file upload (multipart/form-data): the contracts describe these outside the OpenAPI body. */
  multipart: boolean;
}

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: (Param & { in: string })[]; requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> } }>>;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** Upload routes read multipart themselves, so the document shows no body for them. */
const UPLOAD = /\/(images|attachment|profile)$/;

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(item)) {
      const method = m.toUpperCase() as Operation['method'];
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      const of = (where: string) => params.filter((p) => p.in === where).map((p) => ({ name: p.name, required: !!p.required, schema: p.schema ?? {} }));
      const json = op.requestBody?.content['application/json'];
      out.push({
        method,
        path,
        pathParams: of('path'),
        query: of('query'),
        headers: of('header'),
        body: json?.schema,
        bodyRequired: !!op.requestBody?.required,
        multipart: method === 'POST' && !op.requestBody && UPLOAD.test(path),
      });
    }
  }
  return out.sort((a, b) => (a.path + a.method).localeCompare(b.path + b.method));
}

export const changesData = (op: Operation) => op.method !== 'GET';
