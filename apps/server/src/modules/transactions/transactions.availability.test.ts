import { describe, expect, it } from 'vitest';
import type { AvailabilityPlan } from '@harbor/contracts';
import { seatsFor } from './transactions.availability.ts';

const week = (seats: number, extra: Partial<AvailabilityPlan['entries'][number]> = {}) =>
  (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((dayOfWeek) => ({ dayOfWeek, seats, ...extra }));

describe('seats of a time range', () => {
  const at = (s: string) => new Date(s);

  it('takes the plan’s seats per local day, the fewest over the range', () => {
    const plan: AvailabilityPlan = { type: 'availability-plan/day', timezone: 'Europe/Helsinki', entries: [...week(3).filter((e) => e.dayOfWeek !== 'sun')] };
    // Wed 25 Nov 2026, 10-14 Helsinki time.
    expect(seatsFor(plan, [], at('2026-11-25T08:00:00Z'), at('2026-11-25T12:00:00Z'))).toBe(3);
    // Sat 23:00 to Sun 01:00 local touches the closed Sunday.
    expect(seatsFor(plan, [], at('2026-11-28T21:00:00Z'), at('2026-11-28T23:00:00Z'))).toBe(0);
    // Sat 22:30 UTC is already Sunday 00:30 in Helsinki.
    expect(seatsFor(plan, [], at('2026-11-28T22:30:00Z'), at('2026-11-28T22:45:00Z'))).toBe(0);
    expect(seatsFor(null, [], at('2026-11-25T08:00:00Z'), at('2026-11-25T12:00:00Z'))).toBeNull();
  });

  it('lets exceptions override the plan: closing a day, opening a closed one', () => {
    const plan: AvailabilityPlan = { type: 'availability-plan/day', timezone: 'UTC', entries: week(2).filter((e) => e.dayOfWeek !== 'sun') };
    const closed = [{ start: at('2026-11-25T00:00:00Z'), end: at('2026-11-26T00:00:00Z'), seats: 0 }];
    expect(seatsFor(plan, closed, at('2026-11-25T08:00:00Z'), at('2026-11-25T12:00:00Z'))).toBe(0);
    const openSunday = [{ start: at('2026-11-29T00:00:00Z'), end: at('2026-11-30T00:00:00Z'), seats: 1 }];
    expect(seatsFor(plan, openSunday, at('2026-11-29T08:00:00Z'), at('2026-11-29T12:00:00Z'))).toBe(1);
  });

  it('fits time plans to their opening hours', () => {
    const plan: AvailabilityPlan = { type: 'availability-plan/time', timezone: 'UTC', entries: week(1, { startTime: '08:00', endTime: '16:00' }) };
    expect(seatsFor(plan, [], at('2026-11-25T09:00:00Z'), at('2026-11-25T15:00:00Z'))).toBe(1);
    expect(seatsFor(plan, [], at('2026-11-25T15:00:00Z'), at('2026-11-25T17:00:00Z'))).toBe(0);
  });
});
