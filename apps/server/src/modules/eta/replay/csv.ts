import { etaToTimestamp, type Eta } from '@harbor/ais';
import type { EtaReport } from '../types.ts';

/**
 * The replay format: `mmsi,timestamp_utc,lat,lon,sog,cog,heading,nav_status,reported_eta,destination`
 * (columns found by header name, any order; quoted fields; empty = unknown).
 */
export const INPUT_COLUMNS = ['mmsi', 'timestamp_utc', 'lat', 'lon', 'sog', 'cog', 'heading', 'nav_status', 'reported_eta', 'destination'] as const;
export type Columns = Record<(typeof INPUT_COLUMNS)[number], number>;

export function splitCsv(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const out: string[] = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (q) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') q = false;
      else cur += c;
    } else if (c === '"') q = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** Other names exports give the same columns (Digitraffic, MarineCadastre, DMA; x and y as GIS tools write a point), tried when the name is absent. */
const ALIASES: Record<(typeof INPUT_COLUMNS)[number], string[]> = {
  mmsi: [],
  timestamp_utc: ['timestamp', 'time', 'basedatetime', 'datetime', 'time_utc', 'timestamputc', 'timestampexternal'],
  lat: ['latitude', 'y'],
  lon: ['longitude', 'lng', 'x'],
  sog: ['speed'],
  cog: ['course'],
  heading: ['hdg', 'true_heading'],
  nav_status: ['navstat', 'navigational_status', 'status'],
  reported_eta: ['eta'],
  destination: ['dest'],
};

/** `# Timestamp` and `Navigational status` (DMA's header) read as `timestamp` and `navigational_status`. */
const headerName = (h: string) => h.trim().toLowerCase().replace(/^#\s*/, '').replace(/[\s-]+/g, '_');

export function columnsOf(header: string): Columns {
  const names = splitCsv(header.replace(/^\uFEFF/, '')).map(headerName);
  const cols = {} as Columns;
  for (const c of INPUT_COLUMNS) {
    let i = names.indexOf(c);
    for (const other of ALIASES[c]) if (i < 0) i = names.indexOf(other);
    if (i < 0 && (c === 'mmsi' || c === 'timestamp_utc' || c === 'lat' || c === 'lon')) throw new Error(`input has no column ${c} (header: ${header.slice(0, 200)})`);
    cols[c] = i;
  }
  return cols;
}

const num = (s: string | undefined) => {
  if (s === undefined) return null;
  const t = s.trim();
  if (t === '') return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
};

const dayCache = new Map<string, number>();
const digit = (s: string, i: number) => s.charCodeAt(i) - 48;

/** ISO 8601 (a missing zone is UTC), `YYYY/MM/DD hh:mm:ss` or Unix time -> ms, or null. */
export function parseTime(s: string | undefined): number | null {
  if (s === undefined) return null;
  // Fast path for the usual `YYYY-MM-DDTHH:MM:SSZ`: the day from a cache, the rest by digits.
  if (s.length === 20 && s[10] === 'T' && s[13] === ':' && s[16] === ':' && s[19] === 'Z') {
    const dayText = s.slice(0, 10);
    let day = dayCache.get(dayText);
    if (day === undefined) {
      day = Date.parse(`${dayText}T00:00:00Z`);
      if (dayCache.size > 100_000) dayCache.clear();
      dayCache.set(dayText, day);
    }
    const hh = digit(s, 11) * 10 + digit(s, 12);
    const mm = digit(s, 14) * 10 + digit(s, 15);
    const ss = digit(s, 17) * 10 + digit(s, 18);
    if (!Number.isNaN(day) && hh >= 0 && hh < 24 && mm >= 0 && mm < 60 && ss >= 0 && ss < 61) return day + ((hh * 60 + mm) * 60 + ss) * 1000;
  }
  let t = s.trim();
  if (t.length < 9) return null;
  // Unix time, as some exports write it: seconds (9-10 digits, 1973-2286) or milliseconds (12-13).
  if (/^\d{9,10}(\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  if (/^\d{12,13}$/.test(t)) return Number(t);
  if (t.length < 10) return null;
  // `YYYY/MM/DD` would parse as local time: write it as ISO first so a missing zone is UTC.
  if (/^\d{4}\/\d\d\/\d\d/.test(t)) t = `${t.slice(0, 4)}-${t.slice(5, 7)}-${t.slice(8)}`;
  // `DD/MM/YYYY hh:mm:ss`, as DMA writes it (day first, as in Europe).
  else if (/^\d\d\/\d\d\/\d{4}/.test(t)) t = `${t.slice(6, 10)}-${t.slice(3, 5)}-${t.slice(0, 2)}${t.slice(10)}`;
  // A date without a year (`11-29 14:00`) is not a time of its own: V8 would make it 2001.
  if (!/\d{4}/.test(t)) return null;
  let v = Date.parse(t);
  if (Number.isNaN(v) && /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(t)) v = Date.parse(`${t.replace(' ', 'T')}Z`);
  else if (!Number.isNaN(v) && /T\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(t)) v = Date.parse(`${t}Z`);
  return Number.isNaN(v) ? null : v;
}

/** Navigational status as its number (0-15) or as the words exports write for it (DMA: `Under way using engine`). */
const NAV_WORDS: [RegExp, number][] = [
  [/using engine/, 0],
  [/anchor/, 1],
  [/not under command/, 2],
  [/restricted/, 3],
  [/draught|draft/, 4],
  [/moored/, 5],
  [/aground/, 6],
  [/fishing/, 7],
  [/sailing/, 8],
];

export function navStatusOf(s: string | undefined): number | null {
  const v = num(s);
  if (v !== null) return v >= 0 && v <= 15 ? v : null;
  const t = (s ?? '').trim().toLowerCase();
  if (t === '') return null;
  for (const [re, code] of NAV_WORDS) if (re.test(t)) return code;
  return null;
}

/**
 * The crew's ETA. Besides full times, AIS itself carries no year: `MM-DD hh:mm` as text, or
 * Digitraffic's packed integer (month << 16 | day << 11 | hour << 6 | minute); such a time is
 * placed in a year by the report's time, as the live feed does (`etaToTimestamp`).
 */
export function parseReportedEta(s: string | undefined, at: number | null): number | null {
  if (s === undefined) return null;
  const t = s.trim();
  let eta: Eta | null = null;
  if (/^\d{1,7}$/.test(t)) {
    const v = Number(t);
    eta = { month: (v >> 16) & 0xf, day: (v >> 11) & 0x1f, hour: (v >> 6) & 0x1f, minute: v & 0x3f };
  } else {
    const m = /^(\d\d)-(\d\d)[ T](\d\d):(\d\d)$/.exec(t);
    if (m) eta = { month: Number(m[1]), day: Number(m[2]), hour: Number(m[3]), minute: Number(m[4]) };
  }
  if (eta === null) return parseTime(t);
  return at === null ? null : (etaToTimestamp(eta, at) ?? null);
}

export interface Row {
  /** The mmsi and timestamp as written, echoed in the output. */
  mmsiText: string;
  timeText: string;
  at: number | null;
  report: EtaReport | null;
}

export function parseRow(fields: string[], c: Columns): Row {
  const mmsiText = (fields[c.mmsi] ?? '').trim();
  const timeText = (fields[c.timestamp_utc] ?? '').trim();
  const at = parseTime(timeText);
  const mmsi = num(mmsiText);
  const lat = num(fields[c.lat]);
  const lon = num(fields[c.lon]);
  if (at === null || mmsi === null || lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180 || (lat === 0 && lon === 0)) {
    return { mmsiText, timeText, at, report: null };
  }
  const sog = c.sog >= 0 ? num(fields[c.sog]) : null;
  const cog = c.cog >= 0 ? num(fields[c.cog]) : null;
  const heading = c.heading >= 0 ? num(fields[c.heading]) : null;
  const nav = c.nav_status >= 0 ? navStatusOf(fields[c.nav_status]) : null;
  const dest = c.destination >= 0 ? (fields[c.destination] ?? '').trim() : '';
  return {
    mmsiText,
    timeText,
    at,
    report: {
      mmsi,
      at,
      lat,
      lon,
      sog: sog === null || sog >= 102.2 || sog < 0 ? null : sog,
      cog: cog === null || cog >= 360 || cog < 0 ? null : cog,
      heading: heading === null || heading >= 360 || heading < 0 ? null : heading,
      navStatus: nav,
      reportedEta: c.reported_eta >= 0 ? parseReportedEta(fields[c.reported_eta], at) : null,
      destination: dest === '' ? null : dest,
    },
  };
}

/** Day number -> `YYYY-MM-DDT`: predicted ETAs of ships side by side fall on different days, so one cached day would not do. */
const dayTexts = new Map<number, string>();
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** `YYYY-MM-DDTHH:MM:SSZ`; the date part is formatted once per day. */
export function isoSeconds(ms: number): string {
  const sec = Math.round(ms / 1000);
  const day = Math.floor(sec / 86_400);
  let dayText = dayTexts.get(day);
  if (dayText === undefined) {
    dayText = new Date(day * 86_400_000).toISOString().slice(0, 11);
    if (dayTexts.size > 100_000) dayTexts.clear();
    dayTexts.set(day, dayText);
  }
  const rest = sec - day * 86_400;
  return `${dayText}${two(Math.floor(rest / 3600))}:${two(Math.floor(rest / 60) % 60)}:${two(rest % 60)}Z`;
}

export function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
