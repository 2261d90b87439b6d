/**
 * toPyais conventions that the reference file exercises only partly.
 */
import { describe, expect, it } from 'vitest';
import { AisDecoder } from './decoder.ts';
import { encodeAis, nmeaChecksum } from './encoder.ts';
import type { AisMessage } from './message-types.ts';
import { toPyais } from './pyais.ts';

const decode = (line: string): AisMessage => {
  const m = new AisDecoder().push(line);
  if (m === null) throw new Error(`no message from ${line}`);
  return m;
};
const nmea = (body: string) => `!${body}*${nmeaChecksum(body)}`;

describe('toPyais', () => {
  it('rounds positions to 6 decimals like pyais', () => {
    const [line] = encodeAis({ type: 1, mmsi: 1, lat: 55.984686666666, lon: -11.690868333333 });
    expect(toPyais(decode(line!))).toMatchObject({ lat: 55.984687, lon: -11.690868 });
  });

  it('keeps the sign of a zero rate of turn like pyais (copysign)', () => {
    const [line] = encodeAis({ type: 1, mmsi: 1, turnRaw: -2 });
    expect(Object.is(toPyais(decode(line!)).turn, -0)).toBe(true);
  });

  it('maps type 24 part B of an auxiliary craft to mothership_mmsi', () => {
    const [line] = encodeAis({ type: 24, partNo: 1, mmsi: 982191234, mothershipMmsi: 219012345, callSign: 'OX1' });
    const p = toPyais(decode(line!));
    expect(p).toMatchObject({ partno: 1, mothership_mmsi: 219012345, callsign: 'OX1' });
    expect(p).not.toHaveProperty('to_bow');
  });

  it('maps type 22 broadcast corners to 1/10 minute units', () => {
    // Broadcast type 22 from the gpsd AIVDM documentation sample.
    const m = decode(nmea('AIVDM,1,1,,B,F030p:j2N2P5aJR0r;6f3rj10000,0'));
    expect(m.type).toBe(22);
    const p = toPyais(m);
    expect(p).toHaveProperty('ne_lon');
    expect(p.addressed).toBe(false);
  });

  it('gives null for acknowledgements that were not transmitted', () => {
    const p = toPyais(decode(nmea('AIVDM,1,1,,A,7775FA00OEGi,0')));
    expect(p).toMatchObject({ mmsi1: 2053500, mmsiseq1: 1, mmsi2: null, mmsiseq4: null });
  });
});
