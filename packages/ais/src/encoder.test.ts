/**
 * Encoder: checksums, fragmenting, and encode -> decode round trips for every supported
 * type (random messages from a seeded PRNG plus the real reference messages).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AisDecoder } from './decoder.ts';
import { encodeAis, encodePayload, nmeaChecksum, turnToRaw } from './encoder.ts';
import type { EncodableMessage } from './encoder.ts';
import type { AisMessage } from './message-types.ts';
import { turnFromRaw } from './decode-position.ts';
import { prng } from './prng.ts';
import { aisDataDir, readJsonl } from './test-support.ts';
import type { ReferenceRecord } from './test-support.ts';

function decodeSentences(lines: string[]): AisMessage[] {
  const d = new AisDecoder();
  const out: AisMessage[] = [];
  for (const l of lines) {
    const m = d.push(l);
    if (m !== null) out.push(m);
  }
  expect(Object.values(d.stats.rejects).every((n) => n === 0)).toBe(true);
  return out;
}

/** Fields the encoder does not carry (envelope) are dropped before comparing. */
function body(m: AisMessage): Record<string, unknown> {
  const { channel: _c, talker: _t, ownShip: _o, receivedAt: _r, bits: _b, ...rest } = m;
  return rest;
}

const TEXT_CHARS = ' ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-./';

describe('nmeaChecksum', () => {
  it('matches a real sentence', () => {
    expect(nmeaChecksum('AIVDM,1,1,,A,13mb9U0P00PRk8fT5nw>4?wj2006,0')).toBe('44');
    expect(nmeaChecksum('BSVDM,1,1,,A,13mb9U0P00PRk8fT5nw>4?wj2006,0')).toBe('5D');
  });
});

describe('encodeAis', () => {
  it('frames one sentence with talker, channel, fill bits and checksum', () => {
    const [line, ...rest] = encodeAis({ type: 1, mmsi: 230000001 }, { talker: 'AB', channel: 'B' });
    expect(rest).toEqual([]);
    expect(line).toMatch(/^!ABVDM,1,1,,B,[0-9:;<=>?@A-W`a-w]{28},0\*[0-9A-F]{2}$/);
  });

  it('splits a type 5 into two fragments with a sequence id and puts the fill bits on the last', () => {
    const lines = encodeAis({ type: 5, mmsi: 230000001, shipName: 'HARBOR TEST' }, { sequenceId: 7 });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^!AIVDM,2,1,7,A,.{60},0\*/);
    expect(lines[1]).toMatch(/^!AIVDM,2,2,7,A,.{11},2\*/);
  });

  it('never makes more than 9 fragments', () => {
    const lines = encodeAis({ type: 5, mmsi: 1 }, { maxPayloadChars: 1 });
    expect(lines).toHaveLength(9);
    expect(decodeSentences(lines)).toHaveLength(1);
  });

  it('can emit VDO and a tag block with the time', () => {
    const [line] = encodeAis({ type: 18, mmsi: 1 }, { ownShip: true, timestampMs: 1565218798123 });
    expect(line).toMatch(/^\\c:1565218798\*[0-9A-F]{2}\\!AIVDO,/);
    const d = new AisDecoder();
    expect(d.push(line!)).toMatchObject({ type: 18, ownShip: true, receivedAt: 1565218798000 });
    expect(d.stats.tagBlockChecksumErrors).toBe(0);
  });

  it('refuses message types it cannot encode', () => {
    expect(() => encodeAis({ type: 7, mmsi: 1 } as unknown as EncodableMessage)).toThrow(RangeError);
  });

  it('defaults missing fields to not available', () => {
    const [m] = decodeSentences(encodeAis({ type: 1, mmsi: 230000001 }));
    expect(m).toMatchObject({ lat: 91, lon: 181, speed: 102.3, course: 360, heading: 511, turnRaw: -128, status: 15 });
  });
});

describe('round trips (encode -> decode)', () => {
  const rnd = prng(42);
  const int = (n: number) => Math.floor(rnd() * n);
  const text = (n: number) =>
    Array.from({ length: int(n + 1) }, () => TEXT_CHARS[int(TEXT_CHARS.length)])
      .join('')
      .trim();

  function randomMessage(kind: number): EncodableMessage {
    const mmsi = 200000000 + int(600000000);
    const pos = { lat: (int(180 * 600000) - 90 * 600000) / 600000, lon: (int(360 * 600000) - 180 * 600000) / 600000 };
    switch (kind) {
      case 0: {
        const turnRaw = int(256) - 128;
        return {
          type: (1 + int(3)) as 1 | 2 | 3,
          repeat: int(4),
          mmsi,
          status: int(16),
          turn: turnFromRaw(turnRaw),
          turnRaw,
          speed: int(1024) / 10,
          accuracy: rnd() < 0.5,
          ...pos,
          course: int(3601) / 10,
          heading: int(512),
          second: int(64),
          maneuver: int(3),
          raim: rnd() < 0.5,
          radio: int(1 << 19),
        };
      }
      case 1:
        return {
          type: 5,
          repeat: int(4),
          mmsi,
          aisVersion: int(4),
          imo: int(1 << 30),
          callSign: text(7),
          shipName: text(20),
          shipType: int(256),
          toBow: int(512),
          toStern: int(512),
          toPort: int(64),
          toStarboard: int(64),
          epfd: int(16),
          eta: { month: int(13), day: int(32), hour: int(25), minute: int(61) },
          draught: int(256) / 10,
          destination: text(20),
          dte: rnd() < 0.5,
        };
      case 2:
        return {
          type: 18,
          repeat: int(4),
          mmsi,
          reserved1: int(256),
          speed: int(1024) / 10,
          accuracy: rnd() < 0.5,
          ...pos,
          course: int(3601) / 10,
          heading: int(512),
          second: int(64),
          reserved2: int(4),
          cs: rnd() < 0.5,
          display: rnd() < 0.5,
          dsc: rnd() < 0.5,
          band: rnd() < 0.5,
          msg22: rnd() < 0.5,
          assigned: rnd() < 0.5,
          raim: rnd() < 0.5,
          radio: int(1 << 20),
        };
      case 3:
        return { type: 24, partNo: 0, repeat: int(4), mmsi, shipName: text(20) };
      default: {
        const aux = rnd() < 0.2;
        return {
          type: 24,
          partNo: 1,
          repeat: int(4),
          mmsi: aux ? 980000000 + int(9999999) : mmsi,
          shipType: int(256),
          vendorId: text(3),
          model: int(16),
          serial: int(1 << 20),
          callSign: text(7),
          ...(aux
            ? { mothershipMmsi: mmsi }
            : { toBow: int(512), toStern: int(512), toPort: int(64), toStarboard: int(64) }),
        };
      }
    }
  }

  it('reproduces 5 000 random messages of types 1-3, 5, 18, 24A, 24B', () => {
    for (let i = 0; i < 5000; i++) {
      const input = randomMessage(i % 5);
      const [m, ...rest] = decodeSentences(encodeAis(input, { sequenceId: i % 10 }));
      expect(rest).toEqual([]);
      expect(body(m!)).toEqual(expect.objectContaining(input));
    }
  });

  it('re-encodes real reference messages to payloads that decode identically', () => {
    const recs = readJsonl<ReferenceRecord>(path.join(aisDataDir, 'reference_decodes.jsonl'));
    let n = 0;
    for (const rec of recs) {
      const [m] = decodeSentences(rec.nmea);
      if (m === undefined || ![1, 2, 3, 5, 18, 24].includes(m.type)) continue;
      const [back] = decodeSentences(encodeAis(m as EncodableMessage));
      const { bits: _b, ...want } = body(m) as Record<string, unknown>;
      expect(body(back!)).toMatchObject(want);
      n++;
    }
    expect(n).toBeGreaterThan(300);
  });

  it('re-encodes a real type 1 bit for bit', () => {
    const [m] = decodeSentences(['!BSVDM,1,1,,A,13mb9U0P00PRk8fT5nw>4?wj2006,0*5D']);
    expect(encodePayload(m as EncodableMessage)).toEqual({ payload: '13mb9U0P00PRk8fT5nw>4?wj2006', fill: 0 });
  });
});

describe('turnToRaw', () => {
  it('gives back every rate the decoder can produce', () => {
    // Several raw values share a rate (e.g. -9 and -10 are both -4 deg/min), so compare rates.
    for (let raw = -128; raw <= 127; raw++) {
      const t = turnFromRaw(raw);
      expect(turnFromRaw(turnToRaw(t))).toBe(t);
    }
  });
});
