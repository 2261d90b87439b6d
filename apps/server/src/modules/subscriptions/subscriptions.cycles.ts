import { DAY_MS, type SubscriptionSchedule } from '@harbor/contracts';

/**
 * The cycle calendar of a subscription, pure: no clock, no database. Dates are
 * calendar dates (YYYY-MM-DD) in the port's time zone; a cycle's instant is
 * its date at the schedule's start time in that zone, so 09:00 stays 09:00
 * local across a daylight-saving change.
 */

/** Days since 1970-01-01 of a calendar date. */
const dayIndex = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday, 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export const isoWeekday = (date: string) => ((((dayIndex(date) + 3) % 7) + 7) % 7) + 1;
const mondayOf = (day: number) => day - (((((day + 3) % 7) + 7) % 7));

/** The schedule's cycle dates on or after `from` (and within start..end), at most `limit`, in order. */
export function cycleDates(s: SubscriptionSchedule, from: string, limit: number): string[] {
  const out: string[] = [];
  const first = Math.max(dayIndex(s.startDate), dayIndex(from));
  const last = dayIndex(s.endDate);
  if (s.type === 'weekly') {
    const days = new Set(s.weekdays ?? []);
    const startWeek = mondayOf(dayIndex(s.startDate));
    for (let d = first; d <= last && out.length < limit; d++) {
      const weeks = (mondayOf(d) - startWeek) / 7;
      if (weeks % s.interval === 0 && days.has(isoWeekday(dateOf(d)))) out.push(dateOf(d));
    }
    return out;
  }
  const [y0, m0] = s.startDate.split('-').map(Number) as [number, number];
  for (let k = 0; out.length < limit; k += s.interval) {
    const y = y0 + Math.floor((m0 - 1 + k) / 12);
    const m = ((m0 - 1 + k) % 12) + 1;
    const day = s.monthDay === 'last' ? new Date(Date.UTC(y, m, 0)).getUTCDate() : 1;
    const d = dayIndex(`${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
    if (d > last) break;
    if (d >= first) out.push(dateOf(d));
  }
  return out;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone, read as if it were UTC (ms). */
function wallMs(ms: number, timeZone: string): number {
  const p = Object.fromEntries(format(timeZone).formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

/** The calendar date of an instant in a zone. */
export const localDate = (at: Date, timeZone: string) => new Date(wallMs(at.getTime(), timeZone)).toISOString().slice(0, 10);

/**
 * The instant a local date and HH:MM time happen in a zone. A time that does
 * not exist (the spring-forward gap) moves forward by the gap (03:30 becomes
 * 04:30 in Helsinki); a time that happens twice (autumn) is the later one.
 */
export function localInstant(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offset1 = wallMs(wall, timeZone) - wall;
  let t = wall - offset1;
  const offset2 = wallMs(t, timeZone) - t;
  if (offset2 !== offset1) t = wall - offset2;
  return new Date(t);
}

export interface Cycle {
  /** Local calendar date in the port's zone. */
  date: string;
  /** Delivery start instant. */
  at: Date;
}

/** The next `count` cycles whose instant is after `after`. */
export function cyclesAfter(s: SubscriptionSchedule, timeZone: string, after: Date, count: number): Cycle[] {
  // A day back: the local date of `after` may still hold a later cycle, and zones run up to 14 h ahead of UTC.
  const from = dateOf(Math.floor(after.getTime() / DAY_MS) - 1);
  return cycleDates(s, from, count + 3)
    .map((date) => ({ date, at: localInstant(date, s.startTime, timeZone) }))
    .filter((c) => c.at.getTime() > after.getTime())
    .slice(0, count);
}

/** The first cycle after the one of `date` (the catch-up chain: each missed cycle is taken once, in order). */
export function cycleAfterDate(s: SubscriptionSchedule, timeZone: string, date: string): Cycle | undefined {
  const next = cycleDates(s, dateOf(dayIndex(date) + 1), 1)[0];
  return next ? { date: next, at: localInstant(next, s.startTime, timeZone) } : undefined;
}
