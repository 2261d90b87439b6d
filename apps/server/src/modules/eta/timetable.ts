import { utcOffsetMs } from './time-zone.ts';

/**
 * When a ship lying in port will leave, for one that keeps a timetable: a ferry leaves at the
 * same clock times day after day, whenever it came in, so a shuttle that lies overnight leaves
 * at its first morning sailing, not after its usual (daytime) turnaround. Ships without one
 * leave after their usual stay (predictor.ts).
 */

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** Departures this close on the clock (either side) are one sailing of a timetable. */
const SLOT_MIN = 10;
/** A timetable needs this many recent departures, most of them (SLOT_SHARE) on a sailing seen twice or more. */
const TIMETABLE_MIN_DEPARTURES = 5;
const SLOT_SHARE = 0.7;
/** A sailing this long past with the ship still at the berth: late, leaving any minute (a ferry held by weather or cargo is hours late sooner than it skips a sailing). */
const LATE_MS = 2 * 60 * MIN;

/**
 * The clock times (minutes after local midnight) of this ship's sailings from this port, or
 * null when its past departures keep no timetable (most of them on a sailing seen twice or
 * more). Local time, since timetables keep it across summer time. A sailing seen once is kept
 * too: a shuttle's week of departures may not show each of its sailings twice, and a sailing
 * left out sends the prediction to the one after it, hours late (on the simulated shuttles,
 * keeping them took the in-port 3-6 h MAE from 25 to 18 minutes).
 */
export function sailings(departures: readonly number[] | undefined, tz: string | null): number[] | null {
  if (!departures || departures.length < TIMETABLE_MIN_DEPARTURES) return null;
  // Asked at every report from a ship in port; its departures change only when it leaves (the
  // list grows, or its last entry changes once full).
  const hit = read.get(departures);
  if (hit && hit.last === departures.at(-1) && hit.length === departures.length && hit.tz === tz) return hit.slots;
  const slots = readSailings(departures, tz);
  read.set(departures, { last: departures.at(-1)!, length: departures.length, tz, slots });
  return slots;
}

const read = new WeakMap<readonly number[], { last: number; length: number; tz: string | null; slots: number[] | null }>();

function readSailings(departures: readonly number[], tz: string | null): number[] | null {
  const clock = departures.map((t) => mod(Math.round((t + utcOffsetMs(tz, t)) / MIN), 24 * 60));
  const slots: number[] = [];
  let onSlot = 0;
  for (const m of clock) {
    let sum = 0;
    let n = 0;
    for (const o of clock) {
      const d = signedMinutes(o, m);
      if (Math.abs(d) <= SLOT_MIN) [sum, n] = [sum + d, n + 1];
    }
    if (n >= 2) onSlot++;
    slots.push(mod(m + sum / n, 24 * 60));
  }
  return onSlot >= SLOT_SHARE * clock.length ? slots : null;
}

/**
 * The first sailing at or after `earliest` (the shortest stay after the arrival), and not one
 * missed long ago: a ship still at the berth shortly after its sailing time is late and leaves
 * now. Null when none lies within two days.
 */
export function nextSailing(slots: readonly number[], tz: string | null, earliest: number, now: number): number | null {
  const from = Math.max(earliest, now - LATE_MS);
  const offset = utcOffsetMs(tz, from);
  const localDay = Math.floor((from + offset) / DAY) * DAY;
  let best: number | null = null;
  for (let k = 0; k <= 2; k++) {
    for (const m of slots) {
      const local = localDay + k * DAY + m * MIN;
      const t = local - utcOffsetMs(tz, local - offset);
      if (t >= from && (best === null || t < best)) best = t;
    }
  }
  return best === null ? null : Math.max(best, now + 5 * MIN);
}

const mod = (x: number, n: number) => ((x % n) + n) % n;
/** b - a on the clock, in [-720, 720) minutes. */
const signedMinutes = (b: number, a: number) => mod(b - a + 720, 24 * 60) - 720;
