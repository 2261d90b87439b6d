/**
 * malformed.jsonl: real broken input, each record must be rejected with its labelled
 * reason and produce no message.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AisDecoder } from './decoder.ts';
import { aisDataDir, readJsonl } from './test-support.ts';
import type { MalformedRecord } from './test-support.ts';

const records = readJsonl<MalformedRecord>(path.join(aisDataDir, 'malformed.jsonl'));

/** Feed the lines to a fresh decoder, flush, and return the reasons counted. */
function rejectsOf(lines: string[]): { messages: number; reasons: Record<string, number> } {
  const d = new AisDecoder();
  let messages = 0;
  for (const line of lines) if (d.push(line) !== null) messages++;
  d.flush();
  const reasons = Object.fromEntries(Object.entries(d.stats.rejects).filter(([, n]) => n > 0));
  return { messages, reasons };
}

describe('malformed records', () => {
  it('has the documented 77 records', () => {
    expect(records).toHaveLength(77);
  });

  it.each(records.map((r) => [r.source, r.expected.problem, r] as const))(
    '%s is rejected as %s',
    (_source, problem, rec) => {
      const lines = rec.raw ?? rec.nmea;
      expect(rejectsOf(lines)).toEqual({ messages: 0, reasons: { [problem]: lines.length } });
    },
  );

  it('also rejects the bare sentences of every record (no message)', () => {
    for (const rec of records) expect(rejectsOf(rec.nmea).messages).toBe(0);
  });
});
