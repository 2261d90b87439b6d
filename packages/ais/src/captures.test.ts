/**
 * Whole real captures against the figures in /shared/data/ais/README.md: sentence and
 * message counts, message types, distinct MMSIs, orphan fragments, time spans.
 */
import { describe, expect, it } from 'vitest';
import { AisDecoder } from './decoder.ts';
import { capture, readLinesSync } from './test-support.ts';

interface Summary {
  sentences: number;
  messages: number;
  mmsis: number;
  types: Record<number, number>;
  talkers: Set<string>;
  first: number;
  last: number;
  decoder: AisDecoder;
}

function summarise(file: string): Summary {
  const decoder = new AisDecoder();
  const types: Record<number, number> = {};
  const mmsis = new Set<number>();
  const talkers = new Set<string>();
  let first = Infinity;
  let last = -Infinity;
  for (const line of readLinesSync(file)) {
    const m = decoder.push(line);
    if (m === null) continue;
    types[m.type] = (types[m.type] ?? 0) + 1;
    mmsis.add(m.mmsi);
    talkers.add(m.talker);
    if (m.receivedAt !== undefined) {
      first = Math.min(first, m.receivedAt);
      last = Math.max(last, m.receivedAt);
    }
  }
  decoder.flush();
  const { sentences, messages } = decoder.stats;
  return { sentences, messages, mmsis: mmsis.size, types, talkers, first, last, decoder };
}

const iso = (t: number) => new Date(t).toISOString();

describe('real captures', () => {
  it('DMA 2013 sample: 26 146 sentences, 26 077 messages, 1 508 MMSIs', () => {
    const s = summarise(capture('dma_aisabnormal_ais-sample_2013-11-12.nmea'));
    expect([s.sentences, s.messages, s.mmsis]).toEqual([26146, 26077, 1508]);
    expect(s.types).toEqual({ 1: 20044, 3: 4151, 4: 1234, 5: 69, 18: 493, 21: 25, 24: 61 });
    expect([...s.talkers].sort()).toEqual(['AB', 'AI', 'BS']);
    // Receive times come from the $PGHP lines.
    expect(iso(s.first)).toBe('2013-11-12T12:00:00.011Z');
    expect(iso(s.last)).toBe('2013-11-12T12:04:59.979Z');
    // Only the proprietary $PSTT/$PFEC status lines are rejected.
    const { rejects } = s.decoder.stats;
    expect(Object.entries(rejects).filter(([, n]) => n > 0)).toEqual([['unsupported_sentence', 973]]);
  });

  it('DMA 2010 stream: 4 500 sentences, 4 051 messages, 1 933 MMSIs, 17 types', () => {
    const s = summarise(capture('dma_aislib_stream_example_2010-06-11.nmea'));
    expect([s.sentences, s.messages, s.mmsis]).toEqual([4500, 4051, 1933]);
    expect(Object.keys(s.types).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 18, 20, 21, 23, 24]);
    expect([...s.talkers].sort()).toEqual(['--', 'AB', 'AI', 'BS', 'BY', 'SS']);
    expect(iso(s.first).slice(0, 19)).toBe('2010-06-11T11:46:10');
  });

  it('DMA 2014 single-vessel drift: 5 475 sentences, 5 252 messages of types 1, 3, 5', () => {
    const s = summarise(capture('dma_aisabnormal_538004030_drift_2014-09-28.nmea'));
    expect([s.sentences, s.messages, s.mmsis]).toEqual([5475, 5252, 1]);
    expect(Object.keys(s.types)).toEqual(['1', '3', '5']);
    expect(s.last - s.first).toBeGreaterThan(2.4 * 3600_000);
  });

  it('Kystverket 2019: 877 messages, 833 MMSIs, bad tag-block checksums tolerated', () => {
    const s = summarise(capture('kystverket_ais1000lines_2019-08-07.nm4'));
    expect([s.messages, s.mmsis]).toEqual([877, 833]);
    expect(Object.keys(s.types)).toEqual(['1', '3', '5', '18', '24']);
    expect(s.decoder.stats.tagBlockChecksumErrors).toBe(246);
    expect(iso(s.first)).toBe('2019-08-07T22:59:58.000Z');
    expect(iso(s.last)).toBe('2019-08-07T23:00:27.000Z');
  });

  it('simpleais 2016: 9 471 messages, 361 MMSIs, 72 orphan fragments', () => {
    const s = summarise(capture('simpleais_sample_2016-01-10.nmea'));
    expect([s.messages, s.mmsis]).toEqual([9471, 361]);
    expect(Object.keys(s.types)).toEqual(['1', '3', '4', '5', '7', '8', '10', '18', '20', '21', '24']);
    const rejected = Object.entries(s.decoder.stats.rejects).filter(([, n]) => n > 0);
    expect(rejected).toEqual([['incomplete_multipart', 72]]);
    expect(iso(s.first)).toBe('2016-01-10T23:29:12.938Z');
  });

  it('GFW edge cases: joined lines, bad checksums, odd bit counts, malformed group ids', () => {
    const gfw = (f: string) => summarise(capture(`gfw_ais-tools/${f}`));
    const joined = gfw('bad-type5.nmea');
    expect(joined.decoder.stats.rejects.several_sentences_on_one_line).toBe(3);
    // The last three lines are the payloads alone: not NMEA.
    expect(joined.decoder.stats.rejects.unknown_format).toBe(3);
    expect(gfw('errors.nmea').decoder.stats.rejects.bad_checksum).toBe(2);
    expect(gfw('errors.nmea').messages).toBe(3);
    // 186-bit type 1/3 payloads: decoded, the extra bits ignored.
    expect(gfw('type1-bad-bitcount.nmea').messages).toBe(12);
    expect(gfw('bad-tagblock-group.nmea').types).toEqual({ 21: 1 });
    expect(gfw('ee-multiline.nmea').types).toEqual({ 1: 3, 3: 3, 5: 2 });
    const multi = gfw('multi-part.nmea');
    expect(multi.sentences).toBe(93);
    expect(multi.decoder.stats.rejects.incomplete_multipart).toBe(0);
    expect(gfw('mixed_types.nmea').messages).toBe(99);
  });
});
