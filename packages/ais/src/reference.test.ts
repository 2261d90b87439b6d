/**
 * Every record of reference_decodes.jsonl (pyais 3 decodes cross-checked with gpsd) must
 * decode, and every expected field must match through `toPyais`, both from the bare
 * sentences and from the original lines with their tag blocks / prefixes.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AisDecoder } from './decoder.ts';
import type { AisMessage } from './message-types.ts';
import { toPyais } from './pyais.ts';
import { aisDataDir, readJsonl } from './test-support.ts';
import type { ReferenceRecord } from './test-support.ts';

const records = readJsonl<ReferenceRecord>(path.join(aisDataDir, 'reference_decodes.jsonl'));

function decodeAll(lines: string[]): { messages: AisMessage[]; decoder: AisDecoder } {
  const decoder = new AisDecoder();
  const messages: AisMessage[] = [];
  for (const line of lines) {
    const m = decoder.push(line);
    if (m !== null) messages.push(m);
  }
  return { messages, decoder };
}

/** Field-by-field comparison so a failure names the record and the field. */
function mismatches(rec: ReferenceRecord, lines: string[]): string[] {
  const { messages, decoder } = decodeAll(lines);
  if (messages.length !== 1) {
    return [`${rec.source}: ${messages.length} messages, rejects ${JSON.stringify(decoder.stats.rejects)}`];
  }
  const got = toPyais(messages[0]!);
  const out: string[] = [];
  for (const [key, want] of Object.entries(rec.expected)) {
    // Object.is keeps pyais's -0.0 turn distinct from 0.0.
    if (!Object.is(got[key], want)) out.push(`${rec.source} ${key}: expected ${want}, got ${got[key]}`);
  }
  return out;
}

describe('reference decodes', () => {
  it('has the documented number of records', () => {
    expect(records).toHaveLength(505);
  });

  it('matches every expected field from the bare sentences', () => {
    expect(records.flatMap((r) => mismatches(r, r.nmea))).toEqual([]);
  });

  it('matches every expected field from the original lines (tag blocks, prefixes)', () => {
    const withRaw = records.filter((r) => r.raw !== undefined);
    expect(withRaw.length).toBeGreaterThan(100);
    expect(withRaw.flatMap((r) => mismatches(r, r.raw!))).toEqual([]);
  });

  it('covers every message type listed in the README', () => {
    const types = new Set(records.map((r) => r.expected.msg_type));
    for (const t of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 23, 24, 27]) {
      expect(types.has(t)).toBe(true);
    }
  });

  it('sets receivedAt from the tag block or prefix of the original lines', () => {
    const rec = records.find((r) => r.raw?.[0]?.startsWith('\\c:'));
    expect(rec).toBeDefined();
    const { messages } = decodeAll(rec!.raw!);
    const c = Number(/c:(\d+)/.exec(rec!.raw![0]!)![1]);
    expect(messages[0]!.receivedAt).toBe(c * 1000);
  });
});
