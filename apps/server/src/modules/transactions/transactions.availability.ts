import { DAY_MS, type AvailabilityPlan } from '@harbor/contracts';

/**
 * How many bookings a listing takes at once over a time range: the
 * availability plan's seats for each day the range touches (in the plan's
 * time zone), overridden by the seller's exceptions. A booking takes one seat
 * for its whole range; the caller compares this with the overlapping bookings.
 */

const DAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

interface Exception {
  start: Date;
  end: Date;
  seats: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(ms: number, timeZone: string) {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { y: +parts.year!, m: +parts.month!, d: +parts.day!, h: +parts.hour!, min: +parts.minute!, s: +parts.second! };
}

/** The instant of local midnight starting the given wall-clock date (DST-safe to the second). */
function localMidnight(y: number, m: number, d: number, timeZone: string): number {
  const guess = Date.UTC(y, m - 1, d);
  const w = wallClock(guess, timeZone);
  const offset = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - guess;
  const first = guess - offset;
  const w2 = wallClock(first, timeZone);
  const offset2 = Date.UTC(w2.y, w2.m - 1, w2.d, w2.h, w2.min, w2.s) - first;
  return guess - offset2;
}

const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** The plan's seats for one local day's part [from, to) of the booking (minutes since local midnight). */
function planSeats(plan: AvailabilityPlan, weekday: string, from: number, to: number): number {
  const entries = plan.entries.filter((e) => e.dayOfWeek === weekday);
  if (plan.type === 'availability-plan/day') return entries.reduce((max, e) => Math.max(max, e.seats), 0);
  // Time plans: the part must lie inside one opening window (an end of 00:00 means midnight).
  const fits = entries.filter((e) => {
    const start = e.startTime ? minutesOf(e.startTime) : 0;
    const end = e.endTime && minutesOf(e.endTime) > 0 ? minutesOf(e.endTime) : 24 * 60;
    return start <= from && to <= end;
  });
  return fits.reduce((max, e) => Math.max(max, e.seats), 0);
}

/** The seats the range [start, end) has, at least 0; null when the listing has no plan (time is not limited). */
export function seatsFor(plan: AvailabilityPlan | null, exceptions: Exception[], start: Date, end: Date): number | null {
  if (!plan) return exceptions.length ? Math.min(...exceptions.map((e) => e.seats)) : null;
  const s = start.getTime();
  const e = Math.max(end.getTime(), s + 1); // a point booking still falls on its day
  let seats = Number.POSITIVE_INFINITY;
  let day = wallClock(s, plan.timezone);
  for (let guard = 0; guard < 400; guard++) {
    const dayStart = localMidnight(day.y, day.m, day.d, plan.timezone);
    const next = wallClock(dayStart + DAY_MS + 3 * 3_600_000, plan.timezone); // lands in the next local day across DST
    const dayEnd = localMidnight(next.y, next.m, next.d, plan.timezone);
    const from = Math.max(s, dayStart);
    const to = Math.min(e, dayEnd);
    const overlapping = exceptions.filter((x) => x.start.getTime() < to && x.end.getTime() > from);
    const covered = overlapping.some((x) => x.start.getTime() <= from && x.end.getTime() >= to);
    const weekday = DAY_KEYS[new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay()]!;
    const fromPlan = covered ? Number.POSITIVE_INFINITY : planSeats(plan, weekday, (from - dayStart) / 60_000, (to - dayStart) / 60_000);
    seats = Math.min(seats, fromPlan, ...overlapping.map((x) => x.seats));
    if (dayEnd >= e) break;
    day = next;
  }
  return Math.max(0, seats === Number.POSITIVE_INFINITY ? 0 : seats);
}
