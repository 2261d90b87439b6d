/**
 * AisDecoder framing, envelope, multipart and reject bookkeeping on hand-made lines.
 */
import { describe, expect, it } from 'vitest';
import type { RejectReason } from './constants.ts';
import { AisDecoder } from './decoder.ts';
import { MAX_LINE_CHARS } from './line-splitter.ts';
import { encodeAis, nmeaChecksum } from './encoder.ts';

const T1 = '13mb9U0P00PRk8fT5nw>4?wj2006'; // type 1, MMSI 257591700
/** `!`-sentence with a correct checksum. */
const nmea = (body: string) => `!${body}*${nmeaChecksum(body)}`;
const tag = (body: string) => `\\${body}*${nmeaChecksum(body)}\\`;
const TYPE5 = encodeAis({ type: 5, mmsi: 257499800, shipName: 'VIBEKE CATHRIN' }, { sequenceId: 8 });

function rejected(d: AisDecoder): Partial<Record<RejectReason, number>> {
  return Object.fromEntries(Object.entries(d.stats.rejects).filter(([, n]) => n > 0));
}

/** Push lines, return messages; checks push never returns undefined. */
function run(d: AisDecoder, lines: string[], nowMs?: number) {
  return lines.map((l) => d.push(l, nowMs)).filter((m) => m !== null);
}

describe('envelope', () => {
  it.each(['AI', 'AB', 'BS', 'BY', 'SS', '--'])('accepts talker %s', (talker) => {
    const m = new AisDecoder().push(nmea(`${talker}VDM,1,1,,B,${T1},0`));
    expect(m).toMatchObject({ type: 1, mmsi: 257591700, talker, channel: 'B', ownShip: false, bits: 168 });
  });

  it('marks VDO as own ship', () => {
    expect(new AisDecoder().push(nmea(`AIVDO,1,1,,,${T1},0`))).toMatchObject({ ownShip: true, channel: '' });
  });

  it('takes receivedAt from a tag block c: in seconds or milliseconds', () => {
    const d = new AisDecoder();
    expect(d.push(tag('c:1565218798') + nmea(`AIVDM,1,1,,A,${T1},0`))?.receivedAt).toBe(1565218798000);
    expect(d.push(tag('s:x,c:1565218798123') + nmea(`AIVDM,1,1,,A,${T1},0`))?.receivedAt).toBe(1565218798123);
  });

  it('takes receivedAt from a unix-time prefix', () => {
    const m = new AisDecoder().push(`1452468647.445 ${nmea(`AIVDM,1,1,,A,${T1},0`)}`);
    expect(m?.receivedAt).toBe(1452468647445);
  });

  it('applies a $PGHP time (and a tag-block-only line) to the next sentence only', () => {
    const d = new AisDecoder();
    const s = nmea(`BSVDM,1,1,,A,${T1},0`);
    const [a, b, c] = run(d, [
      '\\si:AISD*3F\\',
      '$PGHP,1,2013,11,12,12,0,0,11,219,,2190067,1,62*26',
      s,
      s,
      tag('c:1565218798'),
      s,
    ]);
    expect(a?.receivedAt).toBe(Date.UTC(2013, 10, 12, 12, 0, 0, 11));
    expect(b?.receivedAt).toBeUndefined();
    expect(c?.receivedAt).toBe(1565218798000);
    expect(rejected(d)).toEqual({});
  });

  it('tolerates a bad tag-block checksum and counts it', () => {
    const d = new AisDecoder();
    expect(d.push(`\\c:1565218798*00\\${nmea(`AIVDM,1,1,,A,${T1},0`)}`)?.receivedAt).toBe(1565218798000);
    expect(d.stats.tagBlockChecksumErrors).toBe(1);
  });

  it('ignores trailing CR/LF and spaces, and unknown text before the sentence', () => {
    const d = new AisDecoder();
    expect(d.push(`  ${nmea(`AIVDM,1,1,,A,${T1},0`)}\r\n`)).not.toBeNull();
    expect(d.push(`2019-08-07 22:59:58 ${nmea(`AIVDM,1,1,,A,${T1},0`)}`)).not.toBeNull();
    expect(d.push('')).toBeNull();
    expect(rejected(d)).toEqual({});
  });
});

describe('multipart', () => {
  it('reassembles fragments and counts both lines as sentences', () => {
    const d = new AisDecoder();
    const [m] = run(d, TYPE5);
    expect(m).toMatchObject({ type: 5, mmsi: 257499800, shipName: 'VIBEKE CATHRIN', bits: 424 });
    expect(d.stats).toMatchObject({ lines: 2, sentences: 2, messages: 1 });
  });

  it('keeps messages with the same sequence id on different channels or talkers apart', () => {
    const a = encodeAis({ type: 5, mmsi: 1, shipName: 'A' }, { channel: 'A', sequenceId: 3 });
    const b = encodeAis({ type: 5, mmsi: 2, shipName: 'B' }, { channel: 'B', sequenceId: 3 });
    const c = encodeAis({ type: 5, mmsi: 3, shipName: 'C' }, { channel: 'A', sequenceId: 3, talker: 'AB' });
    const d = new AisDecoder();
    const out = run(d, [a[0]!, b[0]!, c[0]!, b[1]!, a[1]!, c[1]!]);
    expect(out.map((m) => m.mmsi)).toEqual([2, 1, 3]);
    expect(rejected(d)).toEqual({});
  });

  it('uses the tag-block group to keep interleaved messages apart', () => {
    const a = encodeAis({ type: 5, mmsi: 1 }, { sequenceId: 1 });
    const b = encodeAis({ type: 5, mmsi: 2 }, { sequenceId: 1 });
    const g = (n: number, id: number) => tag(`g:${n}-2-${id}`);
    const d = new AisDecoder();
    const out = run(d, [g(1, 10) + a[0], g(1, 11) + b[0], g(2, 11) + b[1], g(2, 10) + a[1]]);
    expect(out.map((m) => m.mmsi)).toEqual([2, 1]);
  });

  it('counts a fragment without its predecessor as incomplete_multipart', () => {
    const d = new AisDecoder();
    expect(run(d, [TYPE5[1]!])).toEqual([]);
    expect(rejected(d)).toEqual({ incomplete_multipart: 1 });
  });

  it('drops a partial message when a new first fragment replaces it', () => {
    const d = new AisDecoder();
    expect(run(d, [TYPE5[0]!, ...TYPE5])).toHaveLength(1);
    expect(rejected(d)).toEqual({ incomplete_multipart: 1 });
  });

  it('expires partial messages after the timeout (clock from nowMs)', () => {
    const d = new AisDecoder({ multipartTimeoutMs: 60_000 });
    d.push(TYPE5[0]!, 0);
    expect(d.push(TYPE5[1]!, 61_000)).toBeNull();
    expect(rejected(d)).toEqual({ incomplete_multipart: 2 });
    d.push(TYPE5[0]!, 100_000);
    expect(d.push(TYPE5[1]!, 159_000)).not.toBeNull();
  });

  it('uses the receive times in the data as clock when no nowMs is given', () => {
    const d = new AisDecoder({ multipartTimeoutMs: 1000 });
    d.push(tag('c:1000000000') + TYPE5[0]);
    d.push(tag('c:1000000005') + TYPE5[0]); // replaces the first (counted)
    d.push(tag('c:1000000010') + encodeAis({ type: 5, mmsi: 9 }, { sequenceId: 2 })[0]); // sweeps the second
    expect(d.stats.rejects.incomplete_multipart).toBe(2);
    expect(d.pendingMultiparts).toBe(1);
  });

  it('flush(now) drops only stale partials, flush() drops all', () => {
    const d = new AisDecoder({ multipartTimeoutMs: 1000 });
    d.push(TYPE5[0]!, 0);
    d.push(encodeAis({ type: 5, mmsi: 9 }, { sequenceId: 2 })[0]!, 5000);
    d.flush(5500);
    expect(d.pendingMultiparts).toBe(1);
    d.flush();
    expect(d.pendingMultiparts).toBe(0);
    expect(rejected(d)).toEqual({ incomplete_multipart: 2 });
  });
});

describe('rejects', () => {
  const cases: [RejectReason, string][] = [
    ['bad_checksum', `!AIVDM,1,1,,A,${T1},0*00`],
    ['bad_checksum', `!AIVDM,1,1,,A,${T1},0*ZZ`],
    ['several_sentences_on_one_line', nmea(`AIVDM,1,1,,A,${T1},0`) + nmea(`AIVDM,1,1,,A,${T1},0`)],
    ['bad_payload_length', nmea(`AIVDM,1,1,,A,${T1.slice(0, 27)},0`)],
    ['bad_payload_length', nmea('AIVDM,1,1,,A,,0')],
    ['bad_payload_char', nmea(`AIVDM,1,1,,A,${T1.slice(0, 27)}X,0`)],
    ['bad_fill_bits', nmea(`AIVDM,1,1,,A,${T1},7`)],
    ['bad_fill_bits', nmea(`AIVDM,1,1,,A,${T1},`)],
    ['bad_fragment', nmea(`AIVDM,0,1,,A,${T1},0`)],
    ['bad_fragment', nmea(`AIVDM,2,3,1,A,${T1},0`)],
    ['bad_fragment', nmea(`AIVDM,2,1,x,A,${T1},0`)],
    ['unknown_message_type', nmea(`AIVDM,1,1,,A,0${T1.slice(1)},0`)],
    ['unknown_message_type', nmea('AIVDM,1,1,,A,H3@oRw8@u8U>1HDp@Dh8t000000,2')], // type 24 with part number 2
    ['unsupported_sentence', '$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A'],
    ['unsupported_sentence', nmea('AIALR,000000.00,001,A,V,AIS: UTC Lost')],
    ['unknown_format', 'hello world'],
    ['unknown_format', `!AIVDM,1,1,,A,${T1},0`],
    ['unknown_format', nmea(`AIVDM,1,1,,A,${T1},0,extra`)],
    ['unknown_format', '\\c:1565218798*53 no closing backslash'],
    ['unknown_format', '$PGHP,1,2013,xx*00'],
  ];

  it.each(cases)('counts %s for %j', (reason, line) => {
    const d = new AisDecoder();
    const seen: [RejectReason, string][] = [];
    const d2 = new AisDecoder({ onReject: (r, l) => seen.push([r, l]) });
    expect(d.push(line)).toBeNull();
    d2.push(line);
    expect(rejected(d)).toEqual({ [reason]: 1 });
    expect(seen).toEqual([[reason, line]]);
  });

  it('decodes the same type 24 payload with part number 0', () => {
    const m = new AisDecoder().push(nmea('AIVDM,1,1,,A,H3@oRw@@u8U>1HDp@Dh8t000000,2'));
    expect(m).toMatchObject({ type: 24, partNo: 0, shipName: 'DORIS VENDELBO' });
  });

  it('never throws, even when onReject does', () => {
    const d = new AisDecoder({
      onReject: () => {
        throw new Error('observer bug');
      },
    });
    expect(d.push('garbage')).toBeNull();
    expect(d.stats.rejects.unknown_format).toBe(1);
  });

  it('never throws on a non-string', () => {
    const d = new AisDecoder();
    expect(d.push(undefined as unknown as string)).toBeNull();
    expect(d.push({ toString: () => 'x' } as unknown as string)).toBeNull();
    expect(rejected(d)).toEqual({ unknown_format: 2 });
  });

  it('counts every line: lines, sentences, messages', () => {
    const d = new AisDecoder();
    run(d, ['', nmea(`AIVDM,1,1,,A,${T1},0`), `!AIVDM,1,1,,A,${T1},0*00`, '$PGHP,1,2013,11,12,12,0,0,11,219,,2190067,1,62*26']);
    expect(d.stats).toMatchObject({ lines: 4, sentences: 2, messages: 1 });
  });
});

describe('AisDecoder: every line accounted for (issue 13)', () => {
  const cs = (s: string) => {
    let x = 0;
    for (const c of s) x ^= c.charCodeAt(0);
    return x.toString(16).toUpperCase().padStart(2, '0');
  };
  const pghp = (() => {
    const body = 'PGHP,1,2024,1,2,3,4,5,600,219,230,,1,1B';
    return `$${body}*${cs(body)}`;
  })();
  const vdm = '!AIVDM,1,1,,A,13u?etPv2;0n:dDPwUM1U1Cb069D,0*24';

  it('sentences glued onto a $PGHP line are counted as several_sentences_on_one_line, not dropped', () => {
    const d = new AisDecoder();
    expect(d.push(pghp)).toBeNull();
    expect(d.push(vdm)?.receivedAt).toBe(Date.UTC(2024, 0, 2, 3, 4, 5, 600));
    for (const glued of [pghp + vdm, `${pghp} ${vdm}`, pghp + pghp]) expect(d.push(glued)).toBeNull();
    expect(d.stats.rejects.several_sentences_on_one_line).toBe(3);
    // The glued line's time is not carried to the next sentence.
    expect(d.push(vdm)?.receivedAt).toBeUndefined();
  });

  it('a line over MAX_LINE_CHARS is refused as line_too_long', () => {
    const d = new AisDecoder();
    expect(d.push(vdm + ' '.repeat(MAX_LINE_CHARS))).toBeNull();
    expect(d.push('!' + 'A'.repeat(MAX_LINE_CHARS))).toBeNull();
    expect(d.stats.rejects.line_too_long).toBe(2);
    expect(d.push(vdm)).not.toBeNull();
  });
});
