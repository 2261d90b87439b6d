import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SubscriptionSchedule } from '@harbor/contracts';
import { cycleAfterDate, cycleDates, cyclesAfter, isoWeekday, localDate, localInstant } from './subscriptions.cycles.ts';

const weekly = (over: Partial<SubscriptionSchedule> = {}): SubscriptionSchedule => ({
  type: 'weekly',
  interval: 1,
  weekdays: [3],
  startTime: '09:00',
  startDate: '2026-03-16',
  endDate: '2026-12-31',
  ...over,
});

describe('subscription cycle dates', () => {
  it('weekly on Wednesdays from the start date, every second week counted from the start week', () => {
    expect(cycleDates(weekly(), '2026-03-16', 3)).toEqual(['2026-03-18', '2026-03-25', '2026-04-01']);
    expect(cycleDates(weekly({ interval: 2, weekdays: [1, 5] }), '2026-03-16', 4)).toEqual(['2026-03-16', '2026-03-20', '2026-03-30', '2026-04-03']);
    // A start on Thursday skips that week's Wednesday, and the fortnight still counts from the start's week.
    expect(cycleDates(weekly({ interval: 2, startDate: '2026-03-19' }), '2026-03-01', 2)).toEqual(['2026-04-01', '2026-04-15']);
  });

  it('monthly on the first or last day, every N months, within start and end', () => {
    const monthly = (monthDay: 'first' | 'last', interval = 1): SubscriptionSchedule => ({ ...weekly(), type: 'monthly', weekdays: undefined, monthDay, interval, startDate: '2026-01-15', endDate: '2026-06-30' });
    expect(cycleDates(monthly('first'), '2026-01-01', 10)).toEqual(['2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01']);
    expect(cycleDates(monthly('last', 2), '2026-01-01', 10)).toEqual(['2026-01-31', '2026-03-31', '2026-05-31']);
    expect(cycleDates({ ...monthly('last'), startDate: '2028-02-01', endDate: '2028-03-01' }, '2028-01-01', 5)).toEqual(['2028-02-29']);
  });

  it('ends at the end date', () => {
    expect(cycleDates(weekly({ endDate: '2026-03-25' }), '2026-03-01', 10)).toEqual(['2026-03-18', '2026-03-25']);
    expect(cycleAfterDate(weekly({ endDate: '2026-03-25' }), 'Europe/Helsinki', '2026-03-25')).toBeUndefined();
  });
});

describe('local time of a cycle', () => {
  it('09:00 in Helsinki is 07:00 UTC in winter and 06:00 UTC in summer (DST began 2026-03-29)', () => {
    expect(localInstant('2026-03-25', '09:00', 'Europe/Helsinki').toISOString()).toBe('2026-03-25T07:00:00.000Z');
    expect(localInstant('2026-04-01', '09:00', 'Europe/Helsinki').toISOString()).toBe('2026-04-01T06:00:00.000Z');
    expect(localInstant('2026-10-28', '09:00', 'Europe/Helsinki').toISOString()).toBe('2026-10-28T07:00:00.000Z');
  });

  it('a time in the spring-forward gap moves forward by the gap; a repeated autumn time is the later one', () => {
    expect(localInstant('2026-03-29', '03:30', 'Europe/Helsinki').toISOString()).toBe('2026-03-29T01:30:00.000Z'); // 04:30 EEST
    expect(localInstant('2026-10-25', '03:30', 'Europe/Helsinki').toISOString()).toBe('2026-10-25T01:30:00.000Z'); // 03:30 EET
  });

  it('cyclesAfter lists only cycles after the instant, the same day included when its time is still ahead', () => {
    const at = (iso: string) => new Date(iso);
    expect(cyclesAfter(weekly(), 'Europe/Helsinki', at('2026-03-25T06:59:00Z'), 2).map((c) => c.at.toISOString())).toEqual(['2026-03-25T07:00:00.000Z', '2026-04-01T06:00:00.000Z']);
    expect(cyclesAfter(weekly(), 'Europe/Helsinki', at('2026-03-25T07:00:00Z'), 1).map((c) => c.date)).toEqual(['2026-04-01']);
  });

  const zones = ['Europe/Helsinki', 'Europe/Stockholm', 'America/New_York', 'Australia/Sydney', 'Pacific/Auckland', 'Asia/Kolkata', 'UTC'];
  const dates = fc.integer({ min: 0, max: 4000 }).map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
  const times = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

  it('property: the instant falls on the local date, at the local time unless that time is in a gap (then later by the gap, under 2 h)', () => {
    fc.assert(
      fc.property(dates, times, fc.constantFrom(...zones), (date, time, zone) => {
        const at = localInstant(date, time, zone);
        const local = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(at);
        if (local !== time) {
          const diff = (Date.parse(`1970-01-01T${local}:00Z`) - Date.parse(`1970-01-01T${time}:00Z`) + 86_400_000) % 86_400_000;
          expect(diff).toBeGreaterThan(0);
          expect(diff).toBeLessThanOrEqual(2 * 3_600_000);
        } else expect(localDate(at, zone)).toBe(date);
      }),
      { seed: 19, numRuns: 400 },
    );
  });

  it('property: weekly cycles fall on chosen weekdays, inside the range, in weeks that are multiples of the interval, strictly increasing', () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 5 }), fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }), (startDate, len, interval, weekdays) => {
        const endDate = new Date(Date.parse(startDate) + len * 86_400_000).toISOString().slice(0, 10);
        const s = weekly({ startDate, endDate, interval, weekdays });
        const got = cycleDates(s, startDate, 1000);
        const monday = (d: string) => Date.parse(d) / 86_400_000 - (isoWeekday(d) - 1);
        for (const d of got) {
          expect(weekdays).toContain(isoWeekday(d));
          expect(d >= startDate && d <= endDate).toBe(true);
          expect(((monday(d) - monday(startDate)) / 7) % interval).toBe(0);
        }
        expect([...got].sort()).toEqual(got);
        expect(new Set(got).size).toBe(got.length);
        // The catch-up chain visits the same dates as the calendar.
        const chain: string[] = [];
        let c = got[0];
        while (c && chain.length < 1000) {
          chain.push(c);
          c = cycleAfterDate(s, 'UTC', c)?.date;
        }
        expect(chain).toEqual(got);
      }),
      { seed: 19, numRuns: 80 },
    );
  });
});
