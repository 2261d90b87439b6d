/**
 * A decoder for the transit+json the marketplace SDK sends (the spec's
 * `POST /api/transaction-line-items`, "transit encoded"): transit's JSON
 * mode with its read cache, the ground and extension scalars, maps given as
 * ["^ ", k, v, ...], and the SDK's tags (money "mn", position "geo", uuid "u").
 * Values become plain JSON: keywords their name, uuids and dates strings
 * (dates as ISO 8601), money { amount, currency }. Unknown tags are refused,
 * so a payload we do not understand is a 400, not a silent guess.
 */

export class TransitError extends Error {}

const CACHE_BASE = 48;
const CACHE_DIGITS = 44;
const MAX_CACHE = CACHE_DIGITS * CACHE_DIGITS;
const MAX_DEPTH = 64;

function cacheIndex(code: string): number {
  if (code.length === 2) return code.charCodeAt(1) - CACHE_BASE;
  return (code.charCodeAt(1) - CACHE_BASE) * CACHE_DIGITS + (code.charCodeAt(2) - CACHE_BASE);
}

/** Transit caches map keys, and keywords, symbols and tags, longer than 3 characters. */
function cacheable(s: string, asMapKey: boolean): boolean {
  if (s.length <= 3) return false;
  if (asMapKey) return true;
  return s[0] === '~' && (s[1] === ':' || s[1] === '$' || s[1] === '#');
}

class Reader {
  private cache: string[] = [];

  private remember(s: string) {
    if (this.cache.length >= MAX_CACHE) this.cache = [];
    this.cache.push(s);
  }

  /** A string as written, cache references resolved (and new cacheable strings remembered). */
  private raw(s: string, asMapKey: boolean): string {
    if (s[0] === '^' && s !== '^ ' && s.length > 1) {
      const hit = this.cache[cacheIndex(s)];
      if (hit === undefined) throw new TransitError(`unknown cache reference ${s}`);
      return hit;
    }
    if (cacheable(s, asMapKey)) this.remember(s);
    return s;
  }

  private scalar(s: string): unknown {
    if (s[0] !== '~') return s;
    const tag = s[1];
    const rep = s.slice(2);
    switch (tag) {
      case '~':
      case '^':
      case '`':
        return s.slice(1);
      case ':':
      case '$':
        return rep;
      case '_':
        return null;
      case '?':
        return rep === 't';
      case 'i':
      case 'n': {
        const n = Number(rep);
        if (!Number.isSafeInteger(n)) throw new TransitError(`integer ${rep} is not safe`);
        return n;
      }
      case 'd':
      case 'f': {
        const n = Number(rep);
        if (!Number.isFinite(n)) throw new TransitError(`number ${rep} is not finite`);
        return n;
      }
      case 'u':
      case 'r':
      case 'c':
        return rep;
      case 't': {
        const ms = Date.parse(rep);
        if (Number.isNaN(ms)) throw new TransitError(`bad date ${rep}`);
        return new Date(ms).toISOString();
      }
      case 'm': {
        const ms = Number(rep);
        if (!Number.isSafeInteger(ms)) throw new TransitError(`bad date ${rep}`);
        return new Date(ms).toISOString();
      }
      default:
        throw new TransitError(`unsupported transit scalar ~${tag}`);
    }
  }

  private tagged(tag: string, rep: unknown): unknown {
    switch (tag) {
      case 'mn': {
        if (!Array.isArray(rep) || rep.length !== 2) throw new TransitError('money is [amount, currency]');
        const [amount, currency] = rep as [unknown, unknown];
        return { amount: typeof amount === 'string' ? Number(amount) : amount, currency };
      }
      case 'geo': {
        if (!Array.isArray(rep) || rep.length !== 2) throw new TransitError('geo is [lat, lng]');
        return { lat: rep[0], lng: rep[1] };
      }
      case 'u':
        return rep;
      case "'":
      case 'list':
      case 'set':
        return rep;
      case 'cmap': {
        if (!Array.isArray(rep) || rep.length % 2) throw new TransitError('cmap has pairs');
        const out: Record<string, unknown> = {};
        for (let i = 0; i < rep.length; i += 2) out[String(rep[i])] = rep[i + 1];
        return out;
      }
      default:
        throw new TransitError(`unsupported transit tag ${tag}`);
    }
  }

  read(node: unknown, asMapKey = false, depth = 0): unknown {
    if (depth > MAX_DEPTH) throw new TransitError('nested too deep');
    if (typeof node === 'string') return this.scalar(this.raw(node, asMapKey));
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) {
      if (node[0] === '^ ') {
        if (node.length % 2 === 0) throw new TransitError('map has a key without a value');
        const out: Record<string, unknown> = {};
        for (let i = 1; i < node.length; i += 2) {
          const key = this.read(node[i], true, depth + 1);
          out[typeof key === 'string' ? key : JSON.stringify(key)] = this.read(node[i + 1], false, depth + 1);
        }
        return out;
      }
      if (node.length === 2 && typeof node[0] === 'string') {
        const head = this.raw(node[0], false);
        if (head.startsWith('~#')) return this.tagged(head.slice(2), this.read(node[1], false, depth + 1));
        return [this.scalar(head), this.read(node[1], false, depth + 1)];
      }
      return node.map((x) => this.read(x, false, depth + 1));
    }
    // Verbose JSON maps; a single "~#tag" key is a tagged value.
    const entries = Object.entries(node as Record<string, unknown>);
    if (entries.length === 1 && entries[0]![0].startsWith('~#')) return this.tagged(entries[0]![0].slice(2), this.read(entries[0]![1], false, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries) {
      const key = this.read(k, true, depth + 1);
      out[typeof key === 'string' ? key : JSON.stringify(key)] = this.read(v, false, depth + 1);
    }
    return out;
  }
}

/** Decodes a transit+json document (already JSON-parsed) into plain JSON values. */
export function decodeTransit(doc: unknown): unknown {
  const reader = new Reader();
  // A top-level scalar is written as a quoted value: ["~#'", x].
  return reader.read(doc);
}
