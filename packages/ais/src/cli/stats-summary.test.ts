/**
 * `harbor-ais stats` counts through `AisDecoder.pushSummary`, which skips building the
 * messages. These tests prove it reports exactly what full decoding (`push`) gives: line
 * by line (same lines become messages, with the same type, MMSI and receive time) and as
 * the whole report (lines, sentences, messages, byType, distinct MMSIs, time span, every
 * reject reason), over every real capture, the synthetic benchmark file, the real broken
 * records and random payloads that hit every payload-level reject.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { REJECT_REASONS } from '../constants.ts';
import { AisDecoder } from '../decoder.ts';
import { nmeaChecksum } from '../encoder.ts';
import { CHAR_OF_SIXBIT } from '../sixbit.ts';
import { aisDataDir, capturesDir, readJsonl, readLinesSync, syntheticFile } from '../test-support.ts';
import type { MalformedRecord } from '../test-support.ts';
import { main } from './main.ts';

function captureFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? captureFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** The stats report computed the slow way: every message fully decoded. */
function referenceReport(file: string, lines: string[]) {
  const d = new AisDecoder();
  const byType: Record<string, number> = {};
  const mmsis = new Set<number>();
  let first = Infinity;
  let last = -Infinity;
  for (const line of lines) {
    const m = d.push(line);
    if (m === null) continue;
    byType[m.type] = (byType[m.type] ?? 0) + 1;
    mmsis.add(m.mmsi);
    if (m.receivedAt !== undefined) {
      first = Math.min(first, m.receivedAt);
      last = Math.max(last, m.receivedAt);
    }
  }
  d.flush();
  const s = d.stats;
  return {
    file,
    lines: s.lines,
    sentences: s.sentences,
    messages: s.messages,
    byType,
    distinctMmsi: mmsis.size,
    timeSpan:
      first <= last
        ? { first: new Date(first).toISOString(), last: new Date(last).toISOString(), seconds: (last - first) / 1000 }
        : null,
    rejects: Object.fromEntries(REJECT_REASONS.filter((r) => s.rejects[r] > 0).map((r) => [r, s.rejects[r]])),
    tagBlockChecksumErrors: s.tagBlockChecksumErrors,
  };
}

async function statsJson(file: string): Promise<unknown> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (c: Buffer) => (text += c.toString()));
  const code = await main(['stats', '--json', '--no-progress', file], { out, err: new PassThrough() });
  expect(code).toBe(0);
  return JSON.parse(text);
}

/** push and pushSummary side by side on the same lines: same outcome for every line, same stats. */
function expectSameLineByLine(lines: string[]): void {
  const full = new AisDecoder();
  const summary = new AisDecoder();
  lines.forEach((line, i) => {
    const m = full.push(line);
    const s = summary.pushSummary(line);
    const want = m === null ? null : { type: m.type, mmsi: m.mmsi, receivedAt: m.receivedAt };
    const got = s === null ? null : { type: s.type, mmsi: s.mmsi, receivedAt: s.receivedAt };
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      throw new Error(`line ${i + 1} ${JSON.stringify(line)}: summary ${JSON.stringify(got)}, full ${JSON.stringify(want)}`);
    }
  });
  full.flush();
  summary.flush();
  expect(summary.stats).toEqual(full.stats);
}

/** Seeded random sentences with random payloads: every type 0-63, every length, fill and fragment count. */
function randomPayloadLines(n: number): string[] {
  let a = 12345;
  const rnd = () => {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0;
    return a / 4294967296;
  };
  const int = (k: number) => Math.floor(rnd() * k);
  const sentence = (count: number, num: number, seq: string, payload: string, fill: number) => {
    const body = `AIVDM,${count},${num},${seq},A,${payload},${fill}`;
    return `!${body}*${nmeaChecksum(body)}`;
  };
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const chars = 1 + int(80);
    let payload = String.fromCharCode(CHAR_OF_SIXBIT[int(64)]!);
    // Type 24 with a random part number, often, so parts 2 and 3 come up.
    if (rnd() < 0.2) payload = String.fromCharCode(CHAR_OF_SIXBIT[24]!);
    for (let k = 1; k < chars; k++) payload += String.fromCharCode(CHAR_OF_SIXBIT[int(64)]!);
    const fill = int(6);
    const parts = payload.length >= 3 && rnd() < 0.3 ? 2 + int(2) : 1;
    if (parts === 1) {
      lines.push(sentence(1, 1, '', payload, fill));
    } else {
      const size = Math.ceil(payload.length / parts);
      const seq = String(int(10));
      for (let k = 0; k < parts; k++) {
        const piece = payload.slice(k * size, (k + 1) * size) || '0';
        lines.push(sentence(parts, k + 1, seq, piece, k === parts - 1 ? fill : 0));
      }
    }
  }
  return lines;
}

const malformed = readJsonl<MalformedRecord>(path.join(aisDataDir, 'malformed.jsonl')).flatMap((r) => r.raw ?? r.nmea);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'harbor-ais-summary-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('stats summary mode = full decoding', () => {
  const files = [...captureFiles(capturesDir), syntheticFile];

  it.each(files.map((f) => [path.relative(capturesDir, f), f] as const))('%s: line by line and the whole report', async (_name, file) => {
    const lines = readLinesSync(file);
    expectSameLineByLine(lines);
    expect(await statsJson(file)).toEqual(referenceReport(file, lines));
  });

  it('the real broken records (orphan fragments, bad checksums, joined lines)', async () => {
    expectSameLineByLine(malformed);
    const file = path.join(tmp, 'malformed.nmea');
    writeFileSync(file, malformed.join('\n') + '\n');
    expect(await statsJson(file)).toEqual(referenceReport(file, malformed));
  });

  it('random payloads: every payload-level reject (type 0 and > 27, too short per type, type 24 parts 2 and 3)', async () => {
    const lines = randomPayloadLines(20_000);
    expectSameLineByLine(lines);
    const file = path.join(tmp, 'random.nmea');
    writeFileSync(file, lines.join('\n') + '\n');
    const report = referenceReport(file, lines);
    // The mix must reach each payload-level reject and plenty of messages.
    expect(report.rejects).toMatchObject({
      unknown_message_type: expect.any(Number),
      bad_payload_length: expect.any(Number),
    });
    expect(report.messages).toBeGreaterThan(1000);
    expect(await statsJson(file)).toEqual(report);
  });
});
