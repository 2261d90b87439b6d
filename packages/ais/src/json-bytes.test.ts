/**
 * `AisDecoder.pushJson` (the byte writer of json-bytes.ts) against `push` +
 * `JSON.stringify`: the same text, byte for byte, and the same stats, on every capture,
 * part of the benchmark file, the broken records, the fuzz seeds mutated, and random
 * payloads of every type and length with odd channels, talkers and receive times.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AisDecoder } from './decoder.ts';
import { nmeaChecksum } from './encoder.ts';
import type { JsonLines } from './json-bytes.ts';
import { MIN_BITS } from './decode-payload.ts';
import { prng } from './prng.ts';
import { aisDataDir, capturesDir, readJsonl, readLinesSync, syntheticFile } from './test-support.ts';
import type { MalformedRecord } from './test-support.ts';

/** Both ways over the same lines: the JSON text and the stats of each (a tiny first buffer, so it has to grow). */
function both(lines: readonly string[]): { viaObjects: string; viaBytes: string; statsObjects: unknown; statsBytes: unknown } {
  const a = new AisDecoder();
  const b = new AisDecoder();
  const parts: string[] = [];
  const out: JsonLines = { buf: Buffer.alloc(16), pos: 0 };
  const chunks: Buffer[] = [];
  for (const line of lines) {
    const m = a.push(line, 0);
    if (m !== null) parts.push(JSON.stringify(m) + '\n');
    const before = out.pos;
    const wrote = b.pushJson(line, out, 0);
    // Checked without expect() per line (it costs more than the decoding).
    if (wrote !== (m !== null) || (!wrote && out.pos !== before)) throw new Error(`pushJson disagrees on ${JSON.stringify(line)}`);
    if (out.pos > 1 << 16) {
      chunks.push(Buffer.from(out.buf.subarray(0, out.pos)));
      out.pos = 0;
    }
  }
  a.flush();
  b.flush();
  chunks.push(Buffer.from(out.buf.subarray(0, out.pos)));
  return { viaObjects: parts.join(''), viaBytes: Buffer.concat(chunks).toString('utf8'), statsObjects: a.stats, statsBytes: b.stats };
}

function expectSame(lines: readonly string[]): void {
  const r = both(lines);
  expect(r.viaBytes).toBe(r.viaObjects);
  expect(r.statsBytes).toEqual(r.statsObjects);
}

const ARMOUR = '0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVW`abcdefghijklmnopqrstuvw';

function sentence(payload: string, fill: number, channel: string, talker: string, vdo: boolean): string {
  const body = `${talker}VD${vdo ? 'O' : 'M'},1,1,,${channel},${payload},${fill}`;
  return `!${body}*${nmeaChecksum(body)}`;
}

describe('pushJson writes what JSON.stringify writes', () => {
  it('on every capture', () => {
    const files: string[] = [];
    for (const f of readdirSync(capturesDir, { recursive: true, encoding: 'utf8' })) {
      if (/\.(nmea|nm4)$/.test(f)) files.push(path.join(capturesDir, f));
    }
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expectSame(readLinesSync(f));
  });

  it('on the first 20 000 lines of the benchmark file', () => {
    expectSame(readLinesSync(syntheticFile).slice(0, 20_000));
  });

  it('on the broken records', () => {
    const records = readJsonl<MalformedRecord>(path.join(aisDataDir, 'malformed.jsonl'));
    expectSame(records.flatMap((r) => [...(r.raw ?? r.nmea), ...r.nmea]));
  });

  it('on random payloads of every type and length, odd channels, talkers and times', () => {
    const rnd = prng(12);
    const channels = ['A', 'B', '', '1', 'AB', '"', '\\', '\u00e9', '\u0001', 'A"B\\\u007f'];
    const talkers = ['AI', 'AB', 'BS', '--', '"\\', '\u00ff\u0080', '\u0001x'];
    const times = ['', '\\c:1411920004*', '\\c:1411920004684*', '\\c:-5*', '\\c:0*', '\\c:99999999999*', '1411920004.5 ', '$PGHP,1,2014,9,28,16,0,4,684,219,,1,,*'];
    const lines: string[] = [];
    for (let i = 0; i < 60_000; i++) {
      const type = 1 + Math.floor(rnd() * 27);
      const min = Math.ceil(MIN_BITS[type]! / 6);
      const len = rnd() < 0.1 ? 1 + Math.floor(rnd() * (min + 2)) : min + Math.floor(rnd() * (rnd() < 0.2 ? 100 : 4));
      let payload = ARMOUR[type]!;
      for (let k = 1; k < len; k++) payload += ARMOUR[Math.floor(rnd() * 64)]!;
      const channel = rnd() < 0.8 ? channels[Math.floor(rnd() * 2)]! : channels[Math.floor(rnd() * channels.length)]!;
      const talker = rnd() < 0.8 ? 'AI' : talkers[Math.floor(rnd() * talkers.length)]!;
      const time = rnd() < 0.5 ? '' : times[Math.floor(rnd() * times.length)]!;
      const s = sentence(payload, Math.floor(rnd() * 6), channel, talker, rnd() < 0.1);
      if (time.startsWith('$')) lines.push(time.replace(/\*$/, `*${nmeaChecksum(time.slice(1, -1))}`), s);
      else lines.push(time + s);
    }
    expectSame(lines);
  });

  it('on positions at every residue and at the ends of their ranges', () => {
    // Type 1 with lon and lat set directly: s = -2^27 .. 2^27-1 (lon) around multiples of 3.
    const lines: string[] = [];
    const bits = (v: number, n: number) => (BigInt.asUintN(n, BigInt(v)).toString(2).padStart(n, '0'));
    const values = [0, 1, 2, 3, 4, 5, 6, -1, -2, -3, -6, 7, 600000, -600000, 108600000, 54600000, -108000000, 2 ** 27 - 1, -(2 ** 27), 2 ** 26 - 1, -(2 ** 26)];
    for (let k = 0; k < 3000; k++) values.push(Math.floor((k * 2654435761) % 2 ** 27) - 2 ** 26);
    for (const v of values) {
      const lat = Math.max(-(2 ** 26), Math.min(2 ** 26 - 1, v));
      const speed = Math.abs(v) % 1024;
      const course = Math.abs(v) % 4096;
      const all = '000001' + '00' + bits(244000000 + (Math.abs(v) % 1000), 30) + '0000' + bits(-(v % 128), 8) + bits(speed, 10) + '1' + bits(v, 28) + bits(lat, 27) + bits(course, 12) + bits(511, 9) + bits(60, 6) + '00' + '000' + '0' + bits(v & 0x7ffff, 19);
      let payload = '';
      for (let i = 0; i < all.length; i += 6) payload += ARMOUR[parseInt(all.slice(i, i + 6).padEnd(6, '0'), 2)]!;
      lines.push(sentence(payload, 0, 'A', 'AI', false));
    }
    const r = both(lines);
    expect(r.viaBytes.split('\n').length).toBe(values.length + 1);
    expect(r.viaBytes).toBe(r.viaObjects);
  });
});
