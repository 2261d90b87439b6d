import { describe, expect, it } from 'vitest';
import { formatDateTimeValue, formatDateValue, formatTimeValue, isDateValue, parseDateText, parseDateTimeText, parseTimeText, toDateValue } from './date-text.ts';

const valid = (value: string) => ({ kind: 'valid', value });
const invalid = { kind: 'invalid' };

describe('parseDateText', () => {
  it('reads D.M.YYYY with or without leading zeros, and the digits alone', () => {
    expect(parseDateText('05.03.2026')).toEqual(valid('2026-03-05'));
    expect(parseDateText('5.3.2026')).toEqual(valid('2026-03-05'));
    expect(parseDateText('05032026')).toEqual(valid('2026-03-05'));
    expect(parseDateText(' 31.12.2026 ')).toEqual(valid('2026-12-31'));
  });

  it('takes other separators and a two-digit year as 20YY', () => {
    expect(parseDateText('5/3/2026')).toEqual(valid('2026-03-05'));
    expect(parseDateText('5-3-2026')).toEqual(valid('2026-03-05'));
    expect(parseDateText('5. 3. 2026')).toEqual(valid('2026-03-05'));
    expect(parseDateText('5.3.26')).toEqual(valid('2026-03-05'));
  });

  it('is day first, never month first as en-US would read it', () => {
    expect(parseDateText('03.05.2026')).toEqual(valid('2026-05-03'));
    expect(parseDateText('13.05.2026')).toEqual(valid('2026-05-13'));
    expect(parseDateText('05.13.2026')).toEqual(invalid);
  });

  it('refuses days that are not in the calendar', () => {
    expect(parseDateText('29.02.2026')).toEqual(invalid);
    expect(parseDateText('29.02.2028')).toEqual(valid('2028-02-29'));
    expect(parseDateText('31.04.2026')).toEqual(invalid);
    expect(parseDateText('00.01.2026')).toEqual(invalid);
  });

  it('refuses half-typed and foreign text, and knows empty', () => {
    expect(parseDateText('')).toEqual({ kind: 'empty' });
    expect(parseDateText('   ')).toEqual({ kind: 'empty' });
    for (const text of ['05.03', '05.03.202', '0503202', '2026-03-05', 'tomorrow', '5.3.2026 12:00']) expect(parseDateText(text), text).toEqual(invalid);
  });
});

describe('parseTimeText', () => {
  it('reads 24 h times with : or . and the digits alone', () => {
    expect(parseTimeText('07:30')).toEqual(valid('07:30'));
    expect(parseTimeText('7:30')).toEqual(valid('07:30'));
    expect(parseTimeText('7.30')).toEqual(valid('07:30'));
    expect(parseTimeText('730')).toEqual(valid('07:30'));
    expect(parseTimeText('1730')).toEqual(valid('17:30'));
    expect(parseTimeText('17')).toEqual(valid('17:00'));
    expect(parseTimeText('0:00')).toEqual(valid('00:00'));
  });

  it('refuses hours and minutes out of range and AM/PM', () => {
    for (const text of ['24:00', '12:60', '5:3', '5 PM', '12345', ':30']) expect(parseTimeText(text), text).toEqual(invalid);
  });
});

describe('parseDateTimeText', () => {
  it('reads the date, spaces and the time', () => {
    expect(parseDateTimeText('05.03.2026 14:30')).toEqual(valid('2026-03-05T14:30'));
    expect(parseDateTimeText('5.3.2026   9.05')).toEqual(valid('2026-03-05T09:05'));
    expect(parseDateTimeText('05032026 0905')).toEqual(valid('2026-03-05T09:05'));
  });

  it('needs both parts, each valid', () => {
    expect(parseDateTimeText('')).toEqual({ kind: 'empty' });
    for (const text of ['05.03.2026', '05.03.2026 25:00', '31.02.2026 10:00', '14:30']) expect(parseDateTimeText(text), text).toEqual(invalid);
  });
});

describe('formatting', () => {
  it('shows values as DD.MM.YYYY and 24 h HH:MM', () => {
    expect(formatDateValue('2026-03-05')).toBe('05.03.2026');
    expect(formatTimeValue('07:05')).toBe('07:05');
    expect(formatTimeValue('07:05:00')).toBe('07:05');
    expect(formatDateTimeValue('2026-03-05T17:45')).toBe('05.03.2026 17:45');
    expect(formatDateValue('')).toBe('');
  });

  it('round-trips: the formatted text parses back to the value', () => {
    for (const value of ['2026-01-01', '2028-02-29', '1999-12-31']) expect(parseDateText(formatDateValue(value))).toEqual(valid(value));
    expect(parseDateTimeText(formatDateTimeValue('2026-12-31T23:59'))).toEqual(valid('2026-12-31T23:59'));
  });

  it('shows a value that is no date as it is rather than hiding it', () => {
    expect(formatDateValue('garbage')).toBe('garbage');
    expect(isDateValue('2026-02-30')).toBe(false);
    expect(isDateValue('2026-02-28')).toBe(true);
  });

  it('takes the local calendar day of a Date', () => {
    expect(toDateValue(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05');
  });
});
