import { describe, expect, it } from 'vitest';
import { formatUtcOffset, locodeSchema, normalizeLocode, portMetaObject, portMetaRows, utcOffsetHours, zonesBboxQuerySchema } from './zones.ts';

describe('portMetaRows', () => {
  it('reads an object', () => {
    expect(portMetaRows({ berths: 12, operator: 'Port of Helsinki', depth: null })).toEqual([
      { key: 'berths', value: '12' },
      { key: 'operator', value: 'Port of Helsinki' },
    ]);
  });
  it('reads a JSON string', () => {
    expect(portMetaRows('{"vhf":"12","max":{"draught":11}}')).toEqual([
      { key: 'vhf', value: '12' },
      { key: 'max', value: '{"draught":11}' },
    ]);
  });
  it('adds no rows for malformed JSON or non-objects', () => {
    expect(portMetaRows('{"vhf":')).toEqual([]);
    expect(portMetaRows('[1,2]')).toEqual([]);
    expect(portMetaRows('"text"')).toEqual([]);
    expect(portMetaRows(null)).toEqual([]);
    expect(portMetaRows(undefined)).toEqual([]);
    expect(portMetaRows(42)).toEqual([]);
  });
  it('flattens to an object', () => {
    expect(portMetaObject('{"a":1}')).toEqual({ a: '1' });
    expect(portMetaObject('nope')).toEqual({});
  });
});

describe('utcOffsetHours', () => {
  it('follows daylight saving of the zone', () => {
    expect(utcOffsetHours('Europe/Helsinki', Date.UTC(2026, 0, 15))).toBe(2);
    expect(utcOffsetHours('Europe/Helsinki', Date.UTC(2026, 6, 15))).toBe(3);
    // EU switch: last Sunday of March (2026-03-29) 01:00 UTC.
    expect(utcOffsetHours('Europe/Mariehamn', Date.UTC(2026, 2, 29, 0, 59))).toBe(2);
    expect(utcOffsetHours('Europe/Mariehamn', Date.UTC(2026, 2, 29, 1, 0))).toBe(3);
    expect(utcOffsetHours('America/St_Johns', Date.UTC(2026, 0, 15))).toBe(-3.5);
    expect(utcOffsetHours('UTC')).toBe(0);
  });
  it('is null for an unknown zone', () => {
    expect(utcOffsetHours('Mars/Olympus')).toBeNull();
  });
  it('formats', () => {
    expect(formatUtcOffset(3)).toBe('UTC+3');
    expect(formatUtcOffset(-3.5)).toBe('UTC-3:30');
    expect(formatUtcOffset(0)).toBe('UTC');
  });
});

describe('query schemas', () => {
  it('normalises locodes', () => {
    expect(locodeSchema.parse(' fivss ')).toBe('FIVSS');
    expect(locodeSchema.safeParse('FIV').success).toBe(false);
  });
  it('checks the bbox', () => {
    expect(zonesBboxQuerySchema.safeParse({ north: '70', east: '32', south: '59', west: '19' }).success).toBe(true);
    expect(zonesBboxQuerySchema.safeParse({ north: '59', east: '32', south: '70', west: '19' }).success).toBe(false);
    expect(zonesBboxQuerySchema.safeParse({ north: '91', east: '32', south: '59', west: '19' }).success).toBe(false);
  });
});

describe('normalizeLocode', () => {
  it('accepts what locodeSchema accepts, with the same result', () => {
    for (const value of ['FIHEL', ' fihel ', 'fiVsS', 'SE2AB', 'FIHE1', 'FIHE', 'FIHELX', '', 'F1HEL', 'FI HEL']) {
      const parsed = locodeSchema.safeParse(value);
      expect(normalizeLocode(value)).toBe(parsed.success ? parsed.data : null);
    }
  });
});
