import { haversine, KN } from '../geo.ts';
import type { EtaReport } from '../types.ts';

/**
 * Hand-built test tracks on a real route: Helsinki West Harbour - Tallinn Old City Harbour,
 * through the positions three Helsinki-Tallinn ferries reported on the live feed
 * (shared/data/portcalls/mqtt-v1-vessel-locations-capture-2021-11-02.jsonl: Star at 60.057 N
 * 24.896 E heading 359, XPRS at 59.792 N 24.838 E heading 18, Megastar at 59.567 N 24.690 E
 * heading 158). Reports every `stepS` seconds with a little jitter, slower in the harbour
 * approaches, a dwell at each end; the true arrival times come with them.
 */
export const HEL_TLL: [number, number][] = [
  [60.1497, 24.9145], [60.128, 24.909], [60.1, 24.905], [60.0572, 24.8963], [59.7919, 24.8384],
  [59.5668, 24.6907], [59.5, 24.72], [59.465, 24.755], [59.4445, 24.7705],
];

export interface FixtureOptions {
  mmsi: number;
  start: number;
  days: number;
  cruiseKn?: number;
  dwellMin?: number;
  stepS?: number;
  /** Destination texts shown leaving Helsinki and leaving Tallinn. */
  texts?: [string, string];
  /** Every nth leg reports its ETA in local time (UTC+2) as if it were UTC. */
  localTimeEvery?: number;
  /** A timetable: the ship leaves at the first of these (minutes after midnight UTC) after its dwell. */
  sailingsUtcMin?: number[];
  seed?: number;
}

export interface FixtureArrival {
  mmsi: number;
  port: string;
  at: number;
}

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 1_000_000) / 1_000_000;
  };
}

export function ferryFixture(o: FixtureOptions): { reports: EtaReport[]; arrivals: FixtureArrival[] } {
  const rand = rng(o.seed ?? o.mmsi);
  const step = (o.stepS ?? 300) * 1000;
  const cruise = o.cruiseKn ?? 21;
  const dwell = (o.dwellMin ?? 55) * 60_000;
  const texts = o.texts ?? ['EETLL', 'FIHEL'];
  const reports: EtaReport[] = [];
  const arrivals: FixtureArrival[] = [];
  const end = o.start + o.days * 86_400_000;
  let t = o.start;
  let leg = 0;
  let next = o.start + rand() * step;
  const emit = (at: number, lat: number, lon: number, sog: number, cog: number, nav: number, dest: string, eta: number | null) => {
    reports.push({ mmsi: o.mmsi, at: Math.round(at), lat: lat + (rand() - 0.5) * 2e-5, lon: lon + (rand() - 0.5) * 4e-5, sog, cog, heading: Math.round(cog), navStatus: nav, reportedEta: eta, destination: dest });
  };
  while (t < end) {
    const path = leg % 2 === 0 ? HEL_TLL : [...HEL_TLL].reverse();
    const dest = texts[leg % 2]!;
    const port = leg % 2 === 0 ? 'EETLL' : 'FIHEL';
    // Dwell: moored at the start berth.
    const ready = t + dwell * (0.9 + rand() * 0.2);
    const depart = o.sailingsUtcMin ? nextSailing(o.sailingsUtcMin, ready) : ready;
    const legKn = cruise * (0.93 + rand() * 0.14);
    // Plan the leg to know its arrival (the reported ETA is that, rounded, or typed in local time).
    const segs = path.slice(1).map((p, i) => ({ a: path[i]!, b: p, len: haversine(path[i]![0], path[i]![1], p[0], p[1]) }));
    const speedAt = (i: number) => (i === 0 || i === segs.length - 1 ? legKn * 0.45 : legKn);
    const arrival = depart + segs.reduce((s, g, i) => s + (g.len / (speedAt(i) * KN)) * 1000, 0);
    const local = o.localTimeEvery && leg % o.localTimeEvery === o.localTimeEvery - 1;
    const eta = Math.round(arrival / 60_000) * 60_000 + (local ? 2 * 3600_000 : 0);
    for (; next < depart; next += step) emit(next, path[0]![0], path[0]![1], 0, 0, 5, dest, eta);
    let segStart = depart;
    for (let i = 0; i < segs.length; i++) {
      const g = segs[i]!;
      const dur = (g.len / (speedAt(i) * KN)) * 1000;
      const cog = (Math.atan2((g.b[1] - g.a[1]) * Math.cos((g.a[0] * Math.PI) / 180), g.b[0] - g.a[0]) * 180) / Math.PI;
      for (; next < segStart + dur; next += step) {
        const f = (next - segStart) / dur;
        emit(next, g.a[0] + f * (g.b[0] - g.a[0]), g.a[1] + f * (g.b[1] - g.a[1]), Math.round(speedAt(i) * 10) / 10, (cog + 360) % 360, 0, dest, eta);
      }
      segStart += dur;
    }
    arrivals.push({ mmsi: o.mmsi, port, at: Math.round(arrival) });
    t = arrival;
    leg++;
  }
  return { reports: reports.filter((r) => r.at < end), arrivals: arrivals.filter((a) => a.at < end) };
}

function nextSailing(sailings: number[], after: number): number {
  const day = Math.floor(after / 86_400_000) * 86_400_000;
  const times = [0, 1].flatMap((d) => sailings.map((m) => day + d * 86_400_000 + m * 60_000));
  return Math.min(...times.filter((x) => x >= after));
}

/** Reports in the replay tool's CSV format. */
export function toCsv(reports: EtaReport[]): string {
  const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString().replace('.000Z', 'Z'));
  const rows = reports.map((r) => [r.mmsi, iso(r.at), r.lat.toFixed(6), r.lon.toFixed(6), r.sog ?? '', r.cog?.toFixed(1) ?? '', r.heading ?? '', r.navStatus ?? '', iso(r.reportedEta), r.destination ?? ''].join(','));
  return ['mmsi,timestamp_utc,lat,lon,sog,cog,heading,nav_status,reported_eta,destination', ...rows].join('\n') + '\n';
}
