/**
 * Just enough JSON Schema (the OpenAPI 3.0 dialect @fastify/swagger writes from
 * the zod contracts) for the bad-input fuzzer: a plausible value per schema to
 * mutate from, and a check that a mutated field really breaks its schema, so a
 * request that changes data is only sent when it must be refused.
 */
import { prng } from '@harbor/ais';

export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  example?: unknown;
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

/** A seeded generator (mulberry32): the same seed gives the same requests, run after run. */
export class Rng {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = prng(seed);
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    if (xs.length === 0) throw new Error('pick from an empty list');
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  uuid(): string {
    const hex = () => this.int(16).toString(16);
    const s = Array.from({ length: 32 }, hex);
    s[12] = '4';
    s[16] = '89ab'[this.int(4)]!;
    const j = s.join('');
    return `${j.slice(0, 8)}-${j.slice(8, 12)}-${j.slice(12, 16)}-${j.slice(16, 20)}-${j.slice(20)}`;
  }
}

/** The JSON types a schema admits; empty when it does not say (anything goes). */
export function typesOf(s: JsonSchema): Set<JsonType> {
  const out = new Set<JsonType>();
  const add = (t: string) => out.add(t as JsonType);
  if (s.type) (Array.isArray(s.type) ? s.type : [s.type]).forEach(add);
  if (s.nullable) out.add('null');
  if (s.type === 'integer') out.add('integer');
  if (s.enum) for (const v of s.enum) out.add(jsonTypeOf(v));
  if (s.const !== undefined) out.add(jsonTypeOf(s.const));
  for (const sub of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const t = typesOf(sub);
    if (t.size === 0) return new Set();
    t.forEach((x) => out.add(x));
  }
  if (out.size === 0 && s.allOf) for (const sub of s.allOf) typesOf(sub).forEach((x) => out.add(x));
  if (out.size === 0 && s.properties) out.add('object');
  return out;
}

export function jsonTypeOf(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as JsonType;
}

function admitsType(types: Set<JsonType>, v: unknown): boolean {
  if (types.size === 0) return true;
  const t = jsonTypeOf(v);
  return types.has(t) || (t === 'integer' && types.has('number'));
}

/** True when `value` certainly breaks `s` (false when unsure: the caller then treats the value as acceptable). */
export function violates(s: JsonSchema, value: unknown): boolean {
  if (s.allOf?.some((sub) => violates(sub, value))) return true;
  const alternatives = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  if (alternatives.length > 0 && alternatives.every((sub) => violates(sub, value))) return true;
  if (value === null) return !s.nullable && !typesOf(s).has('null') && typesOf(s).size > 0;
  const own: JsonSchema = { ...s, anyOf: undefined, oneOf: undefined, allOf: undefined };
  if (own.type || own.enum) {
    if (!admitsType(typesOf(own), value)) return true;
  }
  if (own.enum && !own.enum.some((e) => e === value)) return true;
  if (own.const !== undefined && own.const !== value) return true;
  if (typeof value === 'string') {
    if (own.minLength !== undefined && codePoints(value, own.minLength) < own.minLength) return true;
    if (own.maxLength !== undefined && codePoints(value, own.maxLength + 1) > own.maxLength) return true;
    if (own.pattern && !regex(own.pattern).test(value)) return true;
    if (own.format === 'uuid' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return true;
    if (own.format === 'date-time' && Number.isNaN(Date.parse(value))) return true;
  }
  if (typeof value === 'number') {
    if (own.minimum !== undefined && value < own.minimum) return true;
    if (own.maximum !== undefined && value > own.maximum) return true;
    if (typeof own.exclusiveMinimum === 'number' && value <= own.exclusiveMinimum) return true;
    if (typeof own.exclusiveMaximum === 'number' && value >= own.exclusiveMaximum) return true;
    if (own.type === 'integer' && !Number.isInteger(value)) return true;
  }
  if (Array.isArray(value)) {
    if (own.minItems !== undefined && value.length < own.minItems) return true;
    if (own.maxItems !== undefined && value.length > own.maxItems) return true;
    if (own.items && value.some((v) => violates(own.items!, v))) return true;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    if (own.required?.some((k) => !(k in obj))) return true;
    for (const [k, v] of Object.entries(obj)) {
      const ps = own.properties?.[k];
      if (ps && violates(ps, v)) return true;
      if (!ps && own.additionalProperties === false) return true;
      if (!ps && typeof own.additionalProperties === 'object' && violates(own.additionalProperties, v)) return true;
    }
  }
  return false;
}

const regexes = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let r = regexes.get(pattern);
  if (!r) regexes.set(pattern, (r = new RegExp(pattern, 'u')));
  return r;
}

/** Code points of `s` (what JSON Schema lengths count), counted no further than `upTo`: a 100 kB string is not walked to compare with 200. */
function codePoints(s: string, upTo: number): number {
  if (s.length <= upTo) return [...s].length;
  let n = 0;
  for (const _ of s) if (++n >= upTo) break;
  return n;
}

/** Samples for the patterns the contracts use, so the base value of a field passes and the mutation is what fails. */
const PATTERN_SAMPLES = ['FIHEL', 'Harbor', 'a@harbor.example', '+358 40 123 4567', '2026-06-01', '12:30', '230000000', 'EUR', 'FI', 'abc', '1', 'https://example.com'];

/** A plausible value for `s` (valid where this simple generator can manage; the fuzzer only needs a base to break). */
export function sample(s: JsonSchema, rng: Rng, depth = 0, idPool: string[] = []): unknown {
  if (s.default !== undefined) return structuredClone(s.default);
  if (s.example !== undefined) return structuredClone(s.example);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return rng.pick(s.enum);
  if (s.allOf?.length) {
    const merged: JsonSchema = Object.assign({}, ...s.allOf, { ...s, allOf: undefined });
    const v = sample(merged, rng, depth, idPool);
    return v;
  }
  const alternatives = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].filter((x) => !(x.type === 'null'));
  if (alternatives.length) return sample(rng.pick(alternatives), rng, depth, idPool);
  const types = [...typesOf(s)].filter((t) => t !== 'null');
  const type = types[0] ?? 'string';
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, ps] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(k) || (depth < 4 && rng.chance(0.5))) out[k] = sample(ps, rng, depth + 1, idPool);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(s.minItems ?? 0, depth < 4 ? 1 : 0);
      return Array.from({ length: Math.min(n, s.maxItems ?? n) }, () => sample(s.items ?? {}, rng, depth + 1, idPool));
    }
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 0);
      const hi = s.maximum ?? lo + 100;
      return Math.min(hi, lo + rng.int(Math.max(1, Math.min(10, hi - lo + 1))));
    }
    case 'boolean':
      return rng.chance(0.5);
    default:
      return sampleString(s, rng, idPool);
  }
}

function sampleString(s: JsonSchema, rng: Rng, idPool: string[]): string {
  if (s.format === 'uuid') return idPool.length && rng.chance(0.6) ? rng.pick(idPool) : rng.uuid();
  if (s.format === 'date-time') return '2026-06-01T12:00:00Z';
  if (s.format === 'uri') return 'https://example.com/x';
  const fits = (v: string) => !violates({ ...s, type: 'string' }, v);
  const found = PATTERN_SAMPLES.find(fits);
  if (found) return found;
  const n = Math.max(s.minLength ?? 1, 1);
  const v = 'x'.repeat(Math.min(n, s.maxLength ?? n));
  return v;
}
