/**
 * `harbor-ais decode` output: one JSON line per message, written as bytes into a 64 KiB
 * buffer instead of JSON.stringify + string joining (the process: see bench/README-ais.md).
 *
 * Byte for byte what `JSON.stringify(message) + '\n'` gives (json-writer.test.ts proves
 * it over every capture and the benchmark file). The key order is not written down here:
 * the first message of each kind (type, and part for type 24) gives it through
 * Object.keys, as JSON.stringify would, and a writer for that key list is compiled once.
 * That relies on what AisDecoder guarantees: every message of a kind has the same keys
 * in the same order (one object literal per kind; a field that is not there is an
 * undefined value, left out as JSON.stringify does). A compiled writer is straight-line code: each key's text is a run of constant byte
 * stores, each value one call into json-bytes.ts; undefined values leave their key out.
 */
import type { Writable } from 'node:stream';
import type { AisMessage } from '../message-types.ts';
import { bool, degrees, MESSAGE_ROOM, num, str, tenths, uint, value } from './json-bytes.ts';

/** Flush once this many bytes are buffered. */
const FLUSH_BYTES = 64 * 1024;

type Compiled = (b: Uint8Array, p: number, m: AisMessage) => number;

/** Writer per key: the double fast paths by name, else by the value's type at run time. */
const BY_KEY: Record<string, string> = {
  lon: 'degrees',
  lat: 'degrees',
  speed: 'tenths',
  course: 'tenths',
  draught: 'tenths',
};

const HELPERS = { bool, degrees, num, str, tenths, uint, value };

/** Source of the writer for messages with these keys (in this order). */
function compile(keys: readonly string[], sample: AisMessage): Compiled {
  let src = 'let v;\n';
  keys.forEach((key, i) => {
    const text = (i === 0 ? '{' : ',') + JSON.stringify(key) + ':';
    const stores = Array.from(text, (ch, j) => `b[p + ${j}] = ${ch.charCodeAt(0)};`).join(' ');
    const sampleValue = (sample as unknown as Record<string, unknown>)[key];
    // Integers and booleans seen in the first message keep a type check and a fast writer.
    const writer =
      BY_KEY[key] ??
      (typeof sampleValue === 'boolean' ? 'boolOrValue' : typeof sampleValue === 'number' ? 'num' : 'value');
    src += `v = m[${JSON.stringify(key)}];\n`;
    // JSON.stringify leaves out keys whose value is undefined.
    src += `if (v !== undefined) {\n  ${stores}\n`;
    if (writer === 'num') src += `  p = typeof v === 'number' ? num(b, p + ${text.length}, v) : value(b, p + ${text.length}, v);\n`;
    else if (writer === 'boolOrValue') src += `  p = typeof v === 'boolean' ? bool(b, p + ${text.length}, v) : value(b, p + ${text.length}, v);\n`;
    else src += `  p = ${writer}(b, p + ${text.length}, v);\n  if (p < 0) return -1;\n`;
    src += '}\n';
  });
  src += 'b[p] = 125; b[p + 1] = 10;\nreturn p + 2;';
  const names = Object.keys(HELPERS);
  const factory = new Function(...names, `return function writeMessage(b, p, m) {\n${src}\n};`) as (
    ...helpers: unknown[]
  ) => Compiled;
  return factory(...Object.values(HELPERS));
}

export class JsonMessageWriter {
  private readonly out: Writable;
  private readonly buf: Buffer = Buffer.allocUnsafe(FLUSH_BYTES + MESSAGE_ROOM);
  private pos = 0;
  /** Compiled writers by type * 2 + part (type 24 has two layouts). */
  private readonly writers: (Compiled | undefined)[] = [];

  constructor(out: Writable) {
    this.out = out;
  }

  /** Queue one message; returns a promise only when the caller should wait (backpressure). */
  message(m: AisMessage): Promise<void> | undefined {
    const kind = m.type * 2 + (m.type === 24 ? m.partNo : 0);
    let write = this.writers[kind];
    if (write === undefined) this.writers[kind] = write = compile(Object.keys(m), m);
    let p = write(this.buf, this.pos, m);
    if (p < 0) p = this.slowPath(m);
    this.pos = p;
    return p >= FLUSH_BYTES ? this.flush() : undefined;
  }

  /** Write what is queued. */
  flush(): Promise<void> | undefined {
    if (this.pos === 0) return undefined;
    // Written as a latin1 string (the bytes as they are): the stream may keep it until it
    // drains, and the buffer is reused. A new Buffer per flush cost more: each one is
    // external memory, and V8 answers growing external memory with full collections.
    const ok = this.out.write(this.buf.toString('latin1', 0, this.pos), 'latin1');
    this.pos = 0;
    if (ok) return undefined;
    return new Promise((resolve) => this.out.once('drain', () => resolve()));
  }

  /** A message that does not fit the room left (never seen in real data): flush, then JSON.stringify it. */
  private slowPath(m: AisMessage): number {
    void this.flush();
    this.out.write(JSON.stringify(m) + '\n');
    return 0;
  }
}
