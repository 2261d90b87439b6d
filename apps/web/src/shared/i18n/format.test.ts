import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.ts';

describe('date format', () => {
  it('writes DD.MM.YYYY', () => {
    expect(formatDate(new Date(2026, 0, 5, 13, 7))).toBe('05.01.2026');
    expect(formatDateTime(new Date(2026, 11, 31, 9, 3))).toBe('31.12.2026 09:03');
  });

  it('shows a dash for an invalid date', () => {
    expect(formatDate('not a date')).toBe('-');
  });
});
