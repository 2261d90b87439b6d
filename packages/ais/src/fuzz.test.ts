/**
 * Fuzz: one million mutated lines (seeded, so failures reproduce) must never make the
 * decoder throw, and whatever it returns must be a sane message. Mutations: random char
 * replacement / insertion / deletion, truncation, joined lines, random bytes and unicode;
 * half of the mutated sentences get their checksum fixed so the mutations reach the
 * payload decoders instead of stopping at bad_checksum. A second decoder gets the same
 * lines through `pushSummary` (what `harbor-ais stats` uses) and must agree on every line
 * and on every counter.
 */
import { describe, expect, it } from 'vitest';
import { AisDecoder } from './decoder.ts';
import { encodeAis, nmeaChecksum } from './encoder.ts';
import type { AisMessage } from './message-types.ts';
import { prng } from './prng.ts';
import { capture, readLinesSync } from './test-support.ts';

const ITERATIONS = 1_000_000;

/** Real lines of every framing style, plus encoder output. */
function seedLines(): string[] {
  const take = (file: string, n: number) => readLinesSync(capture(file)).slice(0, n);
  return [
    ...take('dma_aisabnormal_ais-sample_2013-11-12.nmea', 600),
    ...take('dma_aislib_stream_example_2010-06-11.nmea', 2000),
    ...take('kystverket_ais1000lines_2019-08-07.nm4', 300),
    ...take('simpleais_sample_2016-01-10.nmea', 300),
    ...readLinesSync(capture('gfw_ais-tools/mixed_types.nmea')),
    ...readLinesSync(capture('gfw_ais-tools/multi-part.nmea')),
    ...readLinesSync(capture('gfw_ais-tools/bad-type5.nmea')),
    ...encodeAis({ type: 5, mmsi: 230000001, shipName: 'FUZZ' }, { timestampMs: 1e12 }),
  ];
}

/** Chars that matter to the parser, payload chars, and hostile code units. */
const ALPHABET = ',,,,***!!\\\\$$0123456789ABCDEFVDMO-:. \t\r\n@`wWXx\u0000\u007f\u00ff\u0100\ud800\udfff\uffff';

function fixChecksum(line: string): string {
  const start = line.lastIndexOf('!');
  const star = line.indexOf('*', start + 1);
  if (start < 0 || star < 0) return line;
  return line.slice(0, star + 1) + nmeaChecksum(line.slice(start + 1, star)) + line.slice(star + 3);
}

function checkMessage(m: AisMessage): void {
  if (!(Number.isInteger(m.type) && m.type >= 1 && m.type <= 27)) throw new Error(`bad type ${m.type}`);
  if (!(Number.isInteger(m.mmsi) && m.mmsi >= 0 && m.mmsi < 2 ** 30)) throw new Error(`bad mmsi ${m.mmsi}`);
  if (!(m.bits > 0)) throw new Error(`bad bit count ${m.bits}`);
  if ('lat' in m && m.lat !== undefined && !Number.isFinite(m.lat)) throw new Error('non-finite lat');
}

describe('fuzz', () => {
  it(`survives ${ITERATIONS.toLocaleString('en')} mutated lines`, () => {
    const seeds = seedLines();
    const rnd = prng(20240531);
    const int = (n: number) => Math.floor(rnd() * n);
    const randomChar = () =>
      rnd() < 0.8 ? ALPHABET[int(ALPHABET.length)]! : String.fromCharCode(int(65536));
    const decoder = new AisDecoder({ multipartTimeoutMs: 5000 });
    const summary = new AisDecoder({ multipartTimeoutMs: 5000 });
    let messages = 0;
    let now = 0;

    for (let i = 0; i < ITERATIONS; i++) {
      let line = seeds[int(seeds.length)]!;
      const kind = int(10);
      const times = 1 + int(3);
      for (let k = 0; k < times; k++) {
        const pos = int(line.length + 1);
        switch (kind) {
          case 0:
          case 1:
          case 2:
            line = line.slice(0, pos) + randomChar() + line.slice(pos + 1);
            break;
          case 3:
            line = line.slice(0, pos) + randomChar() + line.slice(pos);
            break;
          case 4:
            line = line.slice(0, pos) + line.slice(pos + 1 + int(5));
            break;
          case 5:
            line = line.slice(0, pos);
            break;
          case 6:
            line = line + (rnd() < 0.5 ? '' : ' ') + seeds[int(seeds.length)]!;
            break;
          case 7:
            line = Array.from({ length: int(120) }, randomChar).join('');
            break;
          case 8:
            line = line.slice(0, pos) + line.slice(int(line.length + 1));
            break;
          default:
            // Unchanged: keeps valid traffic (and multipart state) flowing between the junk.
            break;
        }
      }
      if (rnd() < 0.5) line = fixChecksum(line);
      now += int(1000);
      const nowArg = rnd() < 0.9 ? undefined : [now, NaN, -1, Infinity][int(4)];
      let m: AisMessage | null;
      try {
        m = decoder.push(line, nowArg);
      } catch (e) {
        throw new Error(`push threw on iteration ${i} for ${JSON.stringify(line)}`, { cause: e });
      }
      const s = summary.pushSummary(line, nowArg);
      if (m !== null) {
        checkMessage(m);
        messages++;
      }
      if ((s === null) !== (m === null) || (m !== null && (s!.type !== m.type || s!.mmsi !== m.mmsi || s!.receivedAt !== m.receivedAt))) {
        throw new Error(`summary differs on iteration ${i} for ${JSON.stringify(line)}`);
      }
      if (i % 100_000 === 0) {
        decoder.flush(now);
        summary.flush(now);
      }
    }
    decoder.flush();
    summary.flush();
    expect(summary.stats).toEqual(decoder.stats);

    const { stats } = decoder;
    const rejects = Object.values(stats.rejects).reduce((a, b) => a + b, 0);
    expect(stats.lines).toBe(ITERATIONS);
    expect(stats.messages).toBe(messages);
    // Every line ends as at most one of: message, reject (fragments count once).
    expect(messages + rejects).toBeLessThanOrEqual(ITERATIONS);
    expect(decoder.pendingMultiparts).toBe(0);
    // The mix must exercise both paths.
    expect(messages).toBeGreaterThan(ITERATIONS / 20);
    expect(stats.rejects.bad_checksum).toBeGreaterThan(10_000);
    expect(stats.rejects.bad_payload_char).toBeGreaterThan(1_000);
  });
});
