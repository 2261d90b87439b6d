import { describe, expect, it } from 'vitest';
import { Knowledge } from './knowledge.ts';
import { nextSailing, sailings } from './timetable.ts';

const HEL = 'Europe/Helsinki';
const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;

/** A shuttle's departures from Helsinki at 08:30 and 15:30 local time, day after day from 2025-10-20 (summer time ends on the 26th). */
function shuttle(days: number): number[] {
  const out: number[] = [];
  for (let d = 0; d < days; d++) {
    const day = new Date(Date.UTC(2025, 9, 20 + d));
    const summer = day.getTime() < at('2025-10-26T00:00:00Z'); // the clocks go back at 01:00 UTC on the 26th
    const utcHour = summer ? 5 : 6; // 08:30 local is 05:30 UTC in summer time, 06:30 after
    out.push(day.getTime() + (utcHour * 60 + 30) * MIN, day.getTime() + ((utcHour + 7) * 60 + 30) * MIN);
  }
  return out;
}

describe('timetable', () => {
  it('finds the sailings in local time across the change of summer time', () => {
    const slots = sailings(shuttle(10).slice(-21), HEL)!;
    expect(slots).not.toBeNull();
    expect([...new Set(slots.map((m) => Math.round(m)))].sort((a, b) => a - b)).toEqual([8 * 60 + 30, 15 * 60 + 30]);
  });

  it('sends a shuttle that came in late in the evening out at its first morning sailing', () => {
    const slots = sailings(shuttle(10), HEL)!;
    const arrived = at('2025-10-30T18:40:00Z'); // 20:40 local
    expect(nextSailing(slots, HEL, arrived + 50 * MIN, arrived + 10 * MIN)).toBe(at('2025-10-31T06:30:00Z'));
    // In the day, the next sailing after its shortest turnaround.
    const noon = at('2025-10-31T10:00:00Z');
    expect(nextSailing(slots, HEL, noon + 50 * MIN, noon + 5 * MIN)).toBe(at('2025-10-31T13:30:00Z'));
  });

  it('takes a ship still at the berth just after its sailing time for late, not for the next sailing', () => {
    const slots = sailings(shuttle(10), HEL)!;
    const now = at('2025-10-31T06:45:00Z'); // 15 minutes after the 08:30 sailing
    expect(nextSailing(slots, HEL, at('2025-10-30T20:00:00Z'), now)).toBe(now + 5 * MIN);
    expect(nextSailing(slots, HEL, at('2025-10-30T20:00:00Z'), at('2025-10-31T08:15:00Z'))).toBe(at('2025-10-31T08:20:00Z'));
    // Over two hours after it, the ship has missed it.
    expect(nextSailing(slots, HEL, at('2025-10-30T20:00:00Z'), at('2025-10-31T09:00:00Z'))).toBe(at('2025-10-31T13:30:00Z'));
  });

  it('keeps a sailing seen once when most departures are on a timetable', () => {
    const deps = [...shuttle(5), at('2025-10-24T09:10:00Z')]; // one 12:10 local sailing
    const slots = sailings(deps, HEL)!;
    expect(slots.some((m) => Math.round(m) === 12 * 60 + 10)).toBe(true);
  });

  it('reads the departures again once it has left again (the kept list grows and shifts in place)', () => {
    const k = new Knowledge();
    for (const t of shuttle(12)) k.addDeparture(1, 'FIHEL', t);
    const list = k.departures.get('1|FIHEL')!;
    expect(sailings(list, HEL)!.some((m) => Math.round(m) === 12 * 60 + 10)).toBe(false);
    k.addDeparture(1, 'FIHEL', at('2025-11-01T10:10:00Z')); // a 12:10 local sailing
    expect(k.departures.get('1|FIHEL')).toBe(list);
    expect(sailings(list, HEL)!.some((m) => Math.round(m) === 12 * 60 + 10)).toBe(true);
  });

  it('sees no timetable in departures at any time of day, nor in too few', () => {
    const tramp = [at('2025-10-01T03:12:00Z'), at('2025-10-04T17:40:00Z'), at('2025-10-09T09:05:00Z'), at('2025-10-13T22:31:00Z'), at('2025-10-18T13:58:00Z'), at('2025-10-22T06:47:00Z')];
    expect(sailings(tramp, HEL)).toBeNull();
    expect(sailings(shuttle(2), HEL)).toBeNull();
    expect(sailings(undefined, HEL)).toBeNull();
  });

  it('is learned at departures and kept with the rest of the knowledge', () => {
    const k = new Knowledge();
    for (const t of shuttle(12)) k.addDeparture(1, 'FIHEL', t);
    expect(k.departures.get('1|FIHEL')).toHaveLength(21);
    expect(Knowledge.fromJSON(JSON.parse(JSON.stringify(k.toJSON()))).departures.get('1|FIHEL')).toEqual(k.departures.get('1|FIHEL'));
  });
});
