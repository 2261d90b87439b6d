/**
 * Tag blocks, unix-time prefixes and $PGHP lines.
 */
import { describe, expect, it } from 'vitest';
import { hexByteAt, parsePghp, parseTagBlock, parseTimePrefix } from './line-meta.ts';
import type { LineMeta } from './line-meta.ts';

const fresh = (): LineMeta => ({ time: undefined, group: '', tagChecksumError: false });

describe('parseTagBlock', () => {
  it('reads c: and g: and checks the checksum', () => {
    const line = '\\g:1-2-9999,c:1565218805*58\\!BSVDM';
    const meta = fresh();
    expect(parseTagBlock(line, 0, line.length, meta)).toBe(line.indexOf('!'));
    expect(meta).toEqual({ time: 1565218805000, group: '9999', tagChecksumError: true });
    const ok = fresh();
    parseTagBlock('\\c:1565218798*53\\', 0, 17, ok);
    expect(ok).toEqual({ time: 1565218798000, group: '', tagChecksumError: false });
  });

  it('keeps a malformed group id as is', () => {
    const line = '\\g:1-2--001,c:1326055296*3C\\!AIVDM';
    const meta = fresh();
    parseTagBlock(line, 0, line.length, meta);
    expect(meta.group).toBe('-001');
    expect(meta.tagChecksumError).toBe(false);
  });

  it('ignores unknown keys and a block without checksum', () => {
    const meta = fresh();
    expect(parseTagBlock('\\s:rMT6214,t:marinetraffic\\!', 0, 28, meta)).toBe(27);
    expect(meta.time).toBeUndefined();
    expect(parseTagBlock('\\c:1 no end', 0, 11, meta)).toBe(-1);
  });
});

describe('parseTimePrefix', () => {
  it('reads seconds with a fraction, truncated to ms', () => {
    const meta = fresh();
    expect(parseTimePrefix('1452468647.445 !AIVDM', 0, 21, meta)).toBe(15);
    expect(meta.time).toBe(1452468647445);
    parseTimePrefix('1452468647.4459\t!', 0, 17, meta);
    expect(meta.time).toBe(1452468647445);
    parseTimePrefix('1452468647 !', 0, 12, meta);
    expect(meta.time).toBe(1452468647000);
  });

  it('needs a separator after the number', () => {
    expect(parseTimePrefix('2019-08-07 !', 0, 12, fresh())).toBe(-1);
    expect(parseTimePrefix('12345678901234567 !', 0, 19, fresh())).toBe(-1);
  });
});

describe('parsePghp', () => {
  it('reads the receive time', () => {
    const l = '$PGHP,1,2014,9,28,16,0,4,684,219,21,992190921,1,14*22';
    expect(parsePghp(l, 0, l.length)).toBe(Date.UTC(2014, 8, 28, 16, 0, 4, 684));
  });

  it('rejects a bad checksum or missing fields', () => {
    const l = '$PGHP,1,2014,9,28,16,0,4,684,219,21,992190921,1,14*23';
    expect(parsePghp(l, 0, l.length)).toBe(-1);
    const short = '$PGHP,1,2014*00';
    expect(parsePghp(short, 0, short.length)).toBe(-1);
  });
});

describe('hexByteAt', () => {
  it('parses upper and lower case, rejects others and the end of the string', () => {
    expect(hexByteAt('*5D', 1)).toBe(0x5d);
    expect(hexByteAt('*5d', 1)).toBe(0x5d);
    expect(hexByteAt('*5G', 1)).toBe(-1);
    expect(hexByteAt('*5', 1)).toBe(-1);
  });
});
