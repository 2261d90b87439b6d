/**
 * UTC offset of an IANA zone at an instant, ms. Intl is slow, so offsets are cached per zone
 * and hour in number-keyed maps (the replay asks this for every report with a reported ETA).
 */
const perZone = new Map<string, Map<number, number>>();
const formats = new Map<string, Intl.DateTimeFormat>();

export function utcOffsetMs(tz: string | null, at: number): number {
  if (!tz) return 0;
  const hour = Math.floor(at / 3600_000);
  let hours = perZone.get(tz);
  if (!hours) perZone.set(tz, (hours = new Map()));
  const hit = hours.get(hour);
  if (hit !== undefined) return hit;
  const off = offsetAt(tz, hour);
  if (hours.size > 200_000) hours.clear();
  hours.set(hour, off);
  return off;
}

function offsetAt(tz: string, hour: number): number {
  try {
    let fmt = formats.get(tz);
    if (!fmt) formats.set(tz, (fmt = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })));
    const name = fmt.formatToParts(new Date(hour * 3600_000)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) * 60_000 : 0;
  } catch {
    return 0; // an unknown zone: read the time as UTC
  }
}
