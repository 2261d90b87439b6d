/**
 * 6-bit armour and field readers.
 */
import { describe, expect, it } from 'vitest';
import { CHAR_OF_SIXBIT, dataBits, flag, hex, loadPayload, payloadBits, s, SIXBIT_OF_CHAR, text, u, uOpt } from './sixbit.ts';

/** Load a payload given as a string of '0'/'1' bits (padded with fill bits). */
function loadBits(bits: string): void {
  const fill = (6 - (bits.length % 6)) % 6;
  const padded = bits + '0'.repeat(fill);
  let chars = '';
  for (let i = 0; i < padded.length; i += 6) chars += String.fromCharCode(CHAR_OF_SIXBIT[parseInt(padded.slice(i, i + 6), 2)]!);
  expect(loadPayload(chars, 0, chars.length, fill)).toBe(true);
}

describe('armour tables', () => {
  it('maps 0-W and `-w to 0-63 and back', () => {
    for (let v = 0; v < 64; v++) expect(SIXBIT_OF_CHAR[CHAR_OF_SIXBIT[v]!]).toBe(v);
    expect(SIXBIT_OF_CHAR['0'.charCodeAt(0)]).toBe(0);
    expect(SIXBIT_OF_CHAR['W'.charCodeAt(0)]).toBe(39);
    expect(SIXBIT_OF_CHAR['`'.charCodeAt(0)]).toBe(40);
    expect(SIXBIT_OF_CHAR['w'.charCodeAt(0)]).toBe(63);
    for (const c of 'XYZ[\\]^_x!,* \u00e9\uffff') expect(SIXBIT_OF_CHAR[c.charCodeAt(0)]).toBe(0xff);
  });

  it('rejects a payload with a char outside the armour', () => {
    expect(loadPayload('13mX', 0, 4, 0)).toBe(false);
  });
});

describe('field readers', () => {
  it('reads unsigned and signed fields at any alignment, up to 32 bits', () => {
    const value = 0b1011001110001111; // 16 bits
    for (let offset = 0; offset < 13; offset++) {
      loadBits('1'.repeat(offset) + value.toString(2).padStart(16, '0') + '1'.repeat(7));
      expect(u(offset, 16)).toBe(value);
      expect(s(offset, 16)).toBe(value - 65536);
      expect(s(offset + 1, 15)).toBe(value & 0x7fff);
    }
    loadBits('1'.repeat(48));
    for (let offset = 0; offset < 16; offset++) {
      expect(u(offset, 32)).toBe(2 ** 32 - 1);
      expect(u(offset, 30)).toBe(2 ** 30 - 1);
      expect(s(offset, 30)).toBe(-1);
    }
    expect(flag(47)).toBe(true);
    loadBits('0' + '1'.repeat(29) + '0'.repeat(10));
    expect(s(0, 30)).toBe(2 ** 29 - 1);
    expect(s(1, 30)).toBe(-2);
  });

  it('reads past the end of the payload as zero, also after a longer payload', () => {
    loadBits('1'.repeat(60));
    loadBits('1'.repeat(10));
    expect(payloadBits()).toBe(10);
    expect(u(8, 8)).toBe(0b11000000);
    expect(u(12, 30)).toBe(0);
  });

  it('uOpt: undefined past the end, partial bits at the end', () => {
    loadBits('101');
    expect(uOpt(3, 4)).toBeUndefined();
    expect(uOpt(1, 4)).toBe(0b01);
    expect(uOpt(0, 3)).toBe(0b101);
  });

  it('text: cut at the first @, trimmed, whole chars only', () => {
    const enc = (str: string) =>
      [...str].map((ch) => ((ch.charCodeAt(0) & 63) >>> 0).toString(2).padStart(6, '0')).join('');
    loadBits(enc('  AB C  @XYZ'));
    expect(text(0, 72)).toBe('AB C');
    loadBits(enc('HELLO') + '1111');
    expect(text(0, 120)).toBe('HELLO');
    loadBits(enc('@@@@'));
    expect(text(0, 24)).toBe('');
  });

  it('hex: data bytes with the last byte zero-padded', () => {
    loadBits('1111000010101');
    expect(hex(0, 100)).toBe('f0a8');
    expect(dataBits(0, 100)).toBe(13);
    expect(hex(0, 8)).toBe('f0');
    expect(hex(20, 8)).toBe('');
    expect(dataBits(20, 8)).toBe(0);
  });
});
