import { changesData, type Operation, type Param } from './operations.ts';
import { Rng, sample, typesOf, violates, type JsonSchema, type JsonType } from './schema.ts';

/** What a generated request did wrong; counted per kind in the report. */
export type BadKind =
  | 'wrong-type'
  | 'missing-field'
  | 'extra-field'
  | 'control-chars'
  | 'long-string'
  | 'deep-json'
  | 'non-finite'
  | 'negative-number'
  | 'huge-number'
  | 'malformed-json'
  | 'wrong-content-type'
  | 'oversized-body'
  | 'path-traversal'
  | 'bad-upload';

export interface BadRequest {
  op: Operation;
  kind: BadKind;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** One line saying what was changed, for the report of a failure. */
  note: string;
}

type Values = Record<string, unknown>;
interface Draft {
  path: Values;
  query: Values;
  headers: Record<string, string>;
  /** Raw query text appended as is (for encodings a value cannot express). */
  rawQuery: string[];
  /** Path parameters written into the URL without encoding. */
  rawPath: Set<string>;
  body?: unknown;
  /** The body text, when it is not `JSON.stringify(body)`. */
  bodyText?: string | Buffer;
  contentType?: string;
}

export const CONTROL = ['\u0000', 'a\u0000b', 'bell\u0007', 'esc\u001b[31m', 'del\u007f', 'unit\u001fsep', 'cr\rlf\n', 'lone\ud800surrogate', '\ufeffbom'];
export const TRAVERSAL = [
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '/etc/passwd',
  'a\u0000b',
  '%00',
  '..',
  '.',
  '~root',
  'C:\\boot.ini',
];
const WRONG_TYPE_VALUES: unknown[] = ['text', '123', '', 0, 1, -1.5, true, false, null, [], {}, [1, 2], { a: 1 }, ['x']];
const NEGATIVE = [-1, -0.5, -2147483649, -1e20, -Number.MAX_SAFE_INTEGER];
const HUGE = [2147483648, 2 ** 53, 2 ** 64, 1e20, 1e308, Number.MAX_SAFE_INTEGER + 2];
/** Raw JSON number texts: 1e309 parses to Infinity, the long one to a rounded double. */
const HUGE_RAW = ['1e309', '-1e309', '123456789012345678901234567890', '1e-400', '0.1e99999'];
const NON_FINITE_RAW = ['NaN', 'Infinity', '-Infinity', 'undefined'];
const NON_FINITE_TEXT = ['NaN', 'Infinity', '-Infinity', '1e309', 'nan', '0x10', '1_000', '  1', '1e', '-'];
const MALFORMED = [
  (t: string) => t.slice(0, Math.max(1, Math.floor(t.length / 2))),
  (t: string) => t.replace(/}$/, ',}'),
  (t: string) => t.replaceAll('"', "'"),
  (t: string) => `${t}${t}`,
  (t: string) => `\ufeff${t}`,
  () => '{',
  () => '',
  () => 'null',
  () => '[]',
  () => '"string"',
  () => '12',
  () => '{"a":1,"a":2,}',
  () => '{"__proto__":{"polluted":true}}',
  () => '{"constructor":{"prototype":{"polluted":true}}}',
  () => Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
  () => Buffer.from([0xc3, 0x28, 0xa0, 0xa1]),
];
const WRONG_CONTENT_TYPES = ['application/xml', 'application/x-www-form-urlencoded', 'text/html', 'image/png', 'application/json; charset=utf-16', 'application/jsonx', 'multipart/form-data; boundary=x'];

export interface GeneratorOptions {
  seed: number;
  /** Ids of rows that exist, so some requests reach handlers that find something. */
  idPool: string[];
  /** Headers per role; the generator picks one fitting the operation. */
  roles: Record<string, Record<string, string>>;
}

/**
 * Bad requests for every operation of the document, in a fixed order for a seed:
 * operations take turns, each request breaks one thing. A request to an
 * operation that changes data is only produced when it is certainly invalid
 * (by the schema, by the parser or by a path that names nothing), so a run
 * must leave the data as it found it.
 */
export function* badRequests(ops: Operation[], opts: GeneratorOptions): Generator<BadRequest> {
  const rng = new Rng(opts.seed);
  for (let i = 0; ; i++) {
    const op = ops[i % ops.length]!;
    for (let attempt = 0; attempt < 20; attempt++) {
      const req = generate(op, rng, opts);
      if (req) {
        yield req;
        break;
      }
    }
  }
}

/** The kinds of damage that apply to an operation, repeated by weight: field-level damage where there are fields, the rest now and then. */
function kindsFor(op: Operation, rng: Rng): BadKind[] {
  const kinds: BadKind[] = ['malformed-json', 'wrong-content-type'];
  // A read ignores its body: body damage is checked now and then, field damage most of the time.
  if (!changesData(op) && (op.query.length || op.pathParams.length) && rng.chance(0.7)) kinds.length = 0;
  // A megabyte per request costs; one in a hundred is plenty to show the limit holds.
  if (rng.chance(0.01)) return ['oversized-body'];
  if (op.pathParams.length) kinds.push('path-traversal', 'path-traversal');
  if (op.multipart) kinds.push('bad-upload', 'bad-upload', 'bad-upload');
  const fields = op.body || (!changesData(op) && op.query.length) || op.headers.length;
  if (fields) kinds.push('wrong-type', 'missing-field', 'extra-field', 'control-chars', 'long-string', 'deep-json', 'non-finite', 'negative-number', 'huge-number');
  if (op.body) kinds.push('wrong-type', 'control-chars', 'deep-json', 'non-finite');
  return kinds;
}

function generate(op: Operation, rng: Rng, opts: GeneratorOptions): BadRequest | null {
  const draft: Draft = { path: {}, query: {}, headers: {}, rawQuery: [], rawPath: new Set() };
  for (const p of op.pathParams) draft.path[p.name] = sample(p.schema, rng, 0, opts.idPool);
  for (const p of op.query) if (p.required || rng.chance(0.3)) draft.query[p.name] = sample(p.schema, rng, 0, opts.idPool);
  for (const p of op.headers) if (p.required || rng.chance(0.5)) draft.headers[p.name] = String(sample(p.schema, rng, 0, opts.idPool));
  if (op.body) draft.body = sample(op.body, rng, 0, opts.idPool);
  const kind = rng.pick(kindsFor(op, rng));
  const result = mutate(kind, op, draft, rng);
  if (!result) return null;
  const { note, certain } = result;
  if (changesData(op) && !certain) return null;
  return finish(op, kind, draft, note, rng, opts);
}

/** Applies one mutation; `certain` says the request can no longer be valid. */
function mutate(kind: BadKind, op: Operation, d: Draft, rng: Rng): { note: string; certain: boolean } | null {
  switch (kind) {
    case 'malformed-json': {
      const original = JSON.stringify(d.body ?? { a: 1 });
      const broken = rng.pick(MALFORMED)(original);
      // A well-formed text with no body schema could be accepted as is; only broken text counts then.
      // Well-formed text (after decoding) is only bad where the schema refuses it or it poisons a prototype.
      const text = String(broken).replace(/^\ufeff/, '');
      if (text !== '' && isJson(text) && !/__proto__|constructor/.test(text) && (!op.body || !violates(op.body, JSON.parse(text)))) return null;
      d.bodyText = broken;
      d.contentType = 'application/json';
      return { note: `body ${JSON.stringify(String(broken).slice(0, 60))}`, certain: true };
    }
    case 'wrong-content-type': {
      // text/plain has a parser; it is wrong only where a JSON object is expected.
      const type = op.body && rng.chance(0.3) ? 'text/plain' : rng.pick(WRONG_CONTENT_TYPES);
      const text = JSON.stringify(d.body ?? { a: 1 });
      // JSON is UTF-8 (RFC 8259): a body really in UTF-16 must not parse.
      d.bodyText = type.includes('utf-16') ? Buffer.from(text, 'utf16le') : text;
      d.contentType = type;
      return { note: `content-type ${type}`, certain: true };
    }
    case 'oversized-body': {
      d.bodyText = JSON.stringify({ ...(typeof d.body === 'object' ? d.body : {}), padding: MEGABYTE }) + ' '.repeat(rng.int(4096));
      d.contentType = op.multipart ? 'multipart/form-data; boundary=x' : 'application/json';
      return { note: `body of ${d.bodyText.length} bytes`, certain: true };
    }
    case 'path-traversal': {
      const p = rng.pick(op.pathParams);
      const value = rng.pick(TRAVERSAL);
      d.path[p.name] = value;
      if (rng.chance(0.3)) d.rawPath.add(p.name);
      return { note: `path ${p.name}=${JSON.stringify(value)}${d.rawPath.has(p.name) ? ' (raw)' : ''}`, certain: violates(p.schema, value) || !!p.schema.format };
    }
    case 'bad-upload':
      return badUpload(d, rng);
    default:
      return mutateField(kind, op, d, rng);
  }
}

/** Parses as the server would: bytes decoded as UTF-8 (bad sequences become U+FFFD), a leading BOM ignored. */
function isJson(t: string | Buffer) {
  try {
    JSON.parse(String(t).replace(/^\ufeff/, ''));
    return true;
  } catch {
    return false;
  }
}

/** A place a value can be changed: a body field (by path), a query parameter or a header. */
interface Slot {
  where: 'body' | 'query' | 'header';
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
  parent?: JsonSchema;
}

function slotsOf(op: Operation, d: Draft): Slot[] {
  const slots: Slot[] = [];
  if (op.body && d.body !== undefined) walk(op.body, d.body, [], slots, true);
  if (!changesData(op)) for (const p of op.query) slots.push({ where: 'query', path: [p.name], schema: p.schema, required: p.required });
  for (const p of op.headers) slots.push({ where: 'header', path: [p.name], schema: p.schema, required: p.required });
  return slots;
}

function walk(s: JsonSchema, v: unknown, path: (string | number)[], out: Slot[], required: boolean, parent?: JsonSchema) {
  out.push({ where: 'body', path, schema: s, required, parent });
  const merged = s.allOf ? Object.assign({}, ...s.allOf, s) : s;
  if (Array.isArray(v) && v.length && merged.items) walk(merged.items, v[0], [...path, 0], out, true, merged);
  else if (v && typeof v === 'object' && merged.properties) {
    for (const [k, ps] of Object.entries(merged.properties as Record<string, JsonSchema>)) {
      if (k in (v as object)) walk(ps, (v as Values)[k], [...path, k], out, !!merged.required?.includes(k), merged);
    }
  }
}

function mutateField(kind: BadKind, op: Operation, d: Draft, rng: Rng): { note: string; certain: boolean } | null {
  const slots = slotsOf(op, d);
  if (!slots.length) return null;
  const slot = rng.pick(slots);
  const at = `${slot.where}.${slot.path.join('.')}`;
  const types = typesOf(slot.schema);
  const isNumber = types.has('number') || types.has('integer');
  const isString = types.has('string') || types.size === 0;
  let value: unknown;
  let raw: string | undefined;
  switch (kind) {
    case 'wrong-type': {
      const wrong = WRONG_TYPE_VALUES.filter((v) => !admits(types, v));
      if (!wrong.length) return null;
      value = rng.pick(wrong);
      break;
    }
    case 'missing-field': {
      if (slot.where === 'body' && slot.path.length === 0) {
        d.bodyText = '';
        d.contentType = 'application/json';
        return { note: 'empty JSON body', certain: true };
      }
      // An array item is not a field: dropping one only breaks a minimum count, which `violates` decides.
      if (!slot.required || typeof slot.path.at(-1) !== 'string') return null;
      removeAt(d, slot);
      return { note: `no ${at}`, certain: true };
    }
    case 'extra-field': {
      const extraName = rng.pick(['extra', 'isAdmin', 'role', 'id', 'organizationId', '$where', 'a.b', '']);
      const extraValue = rng.pick<unknown>(['x', 1, true, null, { scopes: ['operator'] }, 'x'.repeat(1000)]);
      if (slot.where === 'body') {
        const target = getAt(d.body, slot.path);
        if (!target || typeof target !== 'object' || Array.isArray(target)) return null;
        (target as Values)[extraName] = extraValue;
        return { note: `extra ${at}.${extraName}`, certain: op.body ? violates(op.body, d.body) : false };
      }
      d.query[extraName || 'empty'] = typeof extraValue === 'object' ? JSON.stringify(extraValue) : String(extraValue);
      return { note: `extra query ${extraName}`, certain: false };
    }
    case 'control-chars':
      if (!isString) return null;
      value = rng.pick(CONTROL);
      break;
    case 'long-string':
      value = rng.pick(LONG_STRINGS);
      break;
    case 'deep-json': {
      if (slot.where !== 'body') {
        value = '['.repeat(5000);
        break;
      }
      // Certainly wrong where the field takes no array (object): decided from the schema, not by walking 100,000 levels.
      const deep = rng.pick(DEEP);
      if (types.size === 0 || admits(types, deep.type === 'array' ? [] : {})) return null;
      if (slot.path.length === 0) d.bodyText = deep.text;
      else {
        setAt(d, slot, RAW_MARK);
        d.bodyText = JSON.stringify(d.body).replace(JSON.stringify(RAW_MARK), deep.text);
      }
      d.contentType = 'application/json';
      return { note: `${at} = ${deep.type} nested ${deep.text.length / (deep.type === 'array' ? 2 : 6) | 0} deep`, certain: true };
    }
    case 'non-finite':
      if (slot.where === 'body' && (isNumber || rng.chance(0.3))) raw = rng.pick(NON_FINITE_RAW);
      else value = rng.pick(NON_FINITE_TEXT);
      break;
    case 'negative-number':
      if (!isNumber && slot.where === 'body') return null;
      value = rng.pick(NEGATIVE);
      break;
    case 'huge-number':
      if (!isNumber && slot.where === 'body') return null;
      if (slot.where === 'body' && rng.chance(0.4)) raw = rng.pick(HUGE_RAW);
      else value = rng.pick(HUGE);
      break;
    default:
      return null;
  }
  if (raw !== undefined) {
    if (slot.path.length === 0) d.bodyText = raw;
    else {
      setAt(d, slot, RAW_MARK);
      d.bodyText = JSON.stringify(d.body).replace(JSON.stringify(RAW_MARK), raw);
    }
    d.contentType = 'application/json';
    const malformed = !isJson(d.bodyText as string);
    const certain = malformed || (op.body ? violates(op.body, JSON.parse(d.bodyText as string)) : false);
    return { note: `${at} = ${raw.slice(0, 40)}${raw.length > 40 ? `… (${raw.length} chars)` : ''}`, certain };
  }
  setAt(d, slot, value);
  const certain = slot.where === 'body' && op.body ? violates(op.body, d.body) : slot.where === 'header' ? violates(slot.schema, value) : false;
  return { note: `${at} = ${describe(value)}`, certain };
}

const MEGABYTE = 'x'.repeat(1024 * 1024);
/** 100 kB of text three ways (ASCII, two-byte, four-byte characters), made once: the generator runs 10,000 times a test. */
const LONG_STRINGS = ['A'.repeat(100_000), 'ä'.repeat(50_000), '\u{1F6A2}'.repeat(25_000)];
const DEEP = [1000, 10_000, 30_000].flatMap((n) => [
  { text: `${'['.repeat(n)}${']'.repeat(n)}`, type: 'array' as JsonType },
  { text: `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`, type: 'object' as JsonType },
]);
const RAW_MARK = '\u0001raw-mark\u0001';

function admits(types: Set<JsonType>, v: unknown): boolean {
  if (types.size === 0) return true;
  const t = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : (typeof v as JsonType);
  return types.has(t) || (t === 'integer' && types.has('number'));
}

function describe(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 40)}… (${s.length} chars)` : s;
}

function getAt(root: unknown, path: (string | number)[]): unknown {
  let at = root;
  for (const k of path) at = (at as Values | undefined)?.[k];
  return at;
}

function setAt(d: Draft, slot: Slot, value: unknown) {
  if (slot.where === 'query') {
    d.query[slot.path[0] as string] = value;
    return;
  }
  if (slot.where === 'header') {
    d.headers[slot.path[0] as string] = String(value);
    return;
  }
  if (slot.path.length === 0) {
    d.body = value;
    return;
  }
  const parent = getAt(d.body, slot.path.slice(0, -1)) as Values;
  parent[slot.path.at(-1)!] = value;
}

function removeAt(d: Draft, slot: Slot) {
  if (slot.where === 'query') delete d.query[slot.path[0] as string];
  else if (slot.where === 'header') delete d.headers[slot.path[0] as string];
  else {
    const parent = getAt(d.body, slot.path.slice(0, -1)) as Values;
    if (Array.isArray(parent)) parent.splice(slot.path.at(-1) as number, 1);
    else delete parent[slot.path.at(-1)!];
  }
}

/** A file no upload route may keep: bytes that are not what the name and type claim, or a name that climbs out. */
function badUpload(d: Draft, rng: Rng): { note: string; certain: boolean } {
  const garbage = Buffer.from(Array.from({ length: 64 + rng.int(512) }, () => rng.int(256)));
  garbage[3] = 0; // binary: never passes as text
  const name = rng.pick(['../../../../tmp/harbor-escape.png', '..\\..\\evil.pdf', 'a\u0000.png', '/etc/passwd', 'photo.png', 'doc.pdf', 'notes.txt', '.htaccess', 'x'.repeat(5000) + '.png']);
  const type = rng.pick(['image/png', 'image/jpeg', 'application/pdf', 'text/plain', 'application/octet-stream']);
  const field = rng.pick(['image', 'file', 'attachment', 'upload']);
  const boundary = `----fuzz${rng.int(1e9)}`;
  const variant = rng.int(4);
  const part = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    garbage,
    Buffer.from(variant === 0 ? '' : `\r\n--${boundary}--\r\n`),
  ]);
  d.bodyText = variant === 1 ? Buffer.from(`--${boundary}--\r\n`) : part;
  d.contentType = variant === 2 ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
  const what = ['unterminated', 'no parts', 'no boundary', 'garbage'][variant];
  return { note: `upload ${what}: ${field}=${JSON.stringify(name.slice(0, 40))} as ${type}, ${garbage.length} bytes`, certain: true };
}

/** Percent-encodes like a browser; a lone surrogate (no UTF-8 form) goes as the invalid bytes %ED%A0%80. */
function encodeText(v: string): string {
  if (!/[\ud800-\udfff]/.test(v)) return encodeURIComponent(v);
  return v.split(/([\ud800-\udfff])/).map((part) => (part.length === 1 && /[\ud800-\udfff]/.test(part) ? '%ED%A0%80' : encodeURIComponent(part))).join('');
}

function encodeValue(v: unknown): string {
  if (typeof v === 'string') return encodeText(v);
  if (v && typeof v === 'object') return encodeText(JSON.stringify(v));
  return encodeText(String(v));
}

function finish(op: Operation, kind: BadKind, d: Draft, note: string, rng: Rng, opts: GeneratorOptions): BadRequest {
  let url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = d.path[name];
    return d.rawPath.has(name) ? String(v) : encodeValue(v);
  });
  const parts: string[] = [];
  for (const [k, v] of Object.entries(d.query)) {
    if (v === undefined) continue;
    if (Array.isArray(v) && rng.chance(0.5)) for (const x of v) parts.push(`${encodeText(k)}=${encodeValue(x)}`);
    else parts.push(`${encodeText(k)}=${encodeValue(v)}`);
  }
  parts.push(...d.rawQuery);
  if (parts.length) url += `?${parts.join('&')}`;
  const headers: Record<string, string> = { ...roleHeaders(op, rng, opts), ...d.headers };
  let payload: string | Buffer | undefined;
  if (d.bodyText !== undefined) payload = d.bodyText;
  else if (d.body !== undefined) payload = JSON.stringify(d.body);
  if (payload !== undefined) headers['content-type'] = d.contentType ?? 'application/json';
  return { op, kind, method: op.method, url, headers, payload, note };
}

/** Operator routes get the operator; the rest a buyer, a seller, the operator, a limited user or nobody, so guards let the body through. */
function roleHeaders(op: Operation, rng: Rng, opts: GeneratorOptions): Record<string, string> {
  const roles = opts.roles;
  if (op.path.startsWith('/api/operator')) return roles.operator ?? {};
  const r = rng.next();
  // Guards run before validation: mostly roles that get through, so the body is what gets judged.
  if (r < 0.03) return {};
  const name = r < 0.45 ? 'seller' : r < 0.8 ? 'buyer' : r < 0.96 ? 'operator' : 'limited';
  return roles[name] ?? {};
}

export type { Param };
