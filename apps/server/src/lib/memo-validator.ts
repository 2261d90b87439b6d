import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * The app's zod validator, with the querystring's outcome kept per distinct query for the
 * routes a map polls (positions, zones): many maps ask for the same few views every few
 * seconds, and parsing the same `bbox=…` text with zod again was ~6 % of the CPU of a cached
 * 100-ship positions answer (bench/README-ships.md, 2026-12-06). Only valid queries are kept,
 * frozen (a handler that changed one would change it for the next request), at most
 * `maxEntries` of them: a spray of distinct queries starts the memo over, as AnswerCache does.
 * Params and bodies are validated as before.
 */
export function memoQueryValidator(maxEntries = 2000): FastifySchemaCompiler<unknown> {
  return (route) => {
    const validate = validatorCompiler(route as never) as (data: unknown) => Outcome;
    if (route.httpPart !== 'querystring') return validate;
    const held = new Map<string, Outcome>();
    return (data: unknown) => {
      const key = keyOf(data);
      if (key === null) return validate(data);
      const hit = held.get(key);
      if (hit) return hit;
      const result = validate(data);
      if (result.error || result.value === null || typeof result.value !== 'object') return result;
      if (held.size >= maxEntries) held.clear();
      const kept: Outcome = { value: deepFreeze(result.value) };
      held.set(key, kept);
      return kept;
    };
  };
}

type Outcome = { value?: unknown; error?: Error | FastifySchemaValidationError[] };

/** The parsed query as text: names and values, arrays (a repeated name) told apart from a value with a comma. */
function keyOf(data: unknown): string | null {
  if (data === null || typeof data !== 'object') return null;
  let key = '';
  for (const name in data) {
    const v = (data as Record<string, unknown>)[name];
    if (typeof v === 'string') key += `${name}\u0000${v}\u0001`;
    else if (Array.isArray(v)) key += `${name}\u0002${JSON.stringify(v)}\u0001`;
    else return null;
  }
  return key;
}

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}
