/**
 * JsonMessageWriter must write byte for byte what `JSON.stringify(message) + '\n'` gives
 * (UTF-8, as stdout encodes it): over every capture, the benchmark file and the broken
 * records, and over messages whose values are pushed to the edges of JSON's number and
 * string rules (NaN, -0, huge and tiny numbers, quotes, control and non-ASCII characters,
 * undefined fields, nested objects).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AisDecoder } from '../decoder.ts';
import type { AisMessage } from '../message-types.ts';
import { aisDataDir, capture, capturesDir, readJsonl, readLinesSync, syntheticFile } from '../test-support.ts';
import type { MalformedRecord } from '../test-support.ts';
import { JsonMessageWriter } from './json-writer.ts';
import { main } from './main.ts';

function captureFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? captureFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

function decodeAll(lines: string[]): AisMessage[] {
  const d = new AisDecoder();
  const out: AisMessage[] = [];
  for (const line of lines) {
    const m = d.push(line);
    if (m !== null) out.push(m);
  }
  return out;
}

/** What the writer emits for `messages`, as one Buffer. */
async function written(messages: readonly AisMessage[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      cb();
    },
  });
  const w = new JsonMessageWriter(out);
  for (const m of messages) await w.message(m);
  await w.flush();
  return Buffer.concat(chunks);
}

/** Compare with JSON.stringify; on a mismatch, name the first message that differs. */
async function expectSameAsStringify(messages: readonly AisMessage[]): Promise<void> {
  const got = (await written(messages)).toString('utf8');
  const want = messages.map((m) => JSON.stringify(m) + '\n').join('');
  if (got === want) return;
  const gotLines = got.split('\n');
  const i = messages.findIndex((m, k) => gotLines[k] !== JSON.stringify(m));
  expect(gotLines[i]).toBe(JSON.stringify(messages[i]));
  expect(got).toBe(want);
}

describe('JsonMessageWriter = JSON.stringify', () => {
  const files = [...captureFiles(capturesDir), syntheticFile];

  it.each(files.map((f) => [path.relative(capturesDir, f), f] as const))('%s', async (_name, file) => {
    await expectSameAsStringify(decodeAll(readLinesSync(file)));
  });

  it('the bytes match too (UTF-8 of non-ASCII text)', async () => {
    const [m] = decodeAll(readLinesSync(capture('gfw_ais-tools/mixed_types.nmea')));
    const odd = { ...m!, channel: 'é\u00ff"\\\n\u0001', talker: '\u00e4\u00f6' } as AisMessage;
    expect((await written([odd])).equals(Buffer.from(JSON.stringify(odd) + '\n', 'utf8'))).toBe(true);
  });

  it('the real broken records', async () => {
    const lines = readJsonl<MalformedRecord>(path.join(aisDataDir, 'malformed.jsonl')).flatMap((r) => r.raw ?? r.nmea);
    await expectSameAsStringify(decodeAll(lines));
  });

  it('edge values of every message type', async () => {
    const samples = decodeAll(readLinesSync(capture('gfw_ais-tools/mixed_types.nmea')));
    const numbers = [
      NaN, Infinity, -Infinity, -0, 0, 1e21, 1.5e21, 1e-7, -1e-7, 2 ** 53, 2 ** 53 + 2, -(2 ** 31), 2 ** 31, 4294967296,
      -12.5, 0.1 + 0.2, 181, 91, -0.00001, 0.00001, 11.350116666666667, -179.99999, 102.3, 360, 1e9, 999999999, 1565218798000.5,
    ];
    const strings = ['', 'A', '"', '\\', 'a"b\\c', '\n\t\u0000\u001f', '\u007f', 'é', '\u00ff\u0100', '\ud800', 'x'.repeat(5000)];
    const variants: AisMessage[] = [];
    for (const m of samples) {
      const keys = Object.keys(m);
      keys.forEach((key, k) => {
        if (key === 'type' || key === 'partNo') return; // these pick the kind
        const value = (m as unknown as Record<string, unknown>)[key];
        const set = (v: unknown) => variants.push({ ...m, [key]: v } as AisMessage);
        if (typeof value === 'number') set(numbers[k % numbers.length]);
        else if (typeof value === 'string') set(strings[k % strings.length]);
        else if (typeof value === 'boolean') set(!value);
        set(undefined);
      });
      // Values of another type than the first message of this kind had (same keys).
      variants.push({ ...m, mmsi: 'x', repeat: true, channel: 7, receivedAt: { a: [1, 'b'] } } as unknown as AisMessage);
      if ('lon' in m) variants.push({ ...m, lon: null, lat: 'n' } as unknown as AisMessage);
    }
    // Every number on lon, lat, speed and course (the fast paths), on one type 1 message.
    const a = samples.find((m) => m.type === 1)!;
    for (const v of numbers) variants.push({ ...a, lon: v, lat: -v, speed: v, course: v / 7 } as AisMessage);
    for (let k = -200000; k <= 200000; k += 997) variants.push({ ...a, lon: k / 600000, lat: k / 600, speed: k / 10 } as AisMessage);
    await expectSameAsStringify(variants);
  });

  it('harbor-ais decode prints the same text as JSON.stringify of each message', async () => {
    const file = capture('dma_aislib_stream_example_2010-06-11.nmea');
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    expect(await main(['decode', file], { out, err: new PassThrough() })).toBe(0);
    const want = decodeAll(readLinesSync(file)).map((m) => JSON.stringify(m) + '\n').join('');
    expect(Buffer.concat(chunks).toString('utf8')).toBe(want);
  });
});
