/**
 * Scoring of ETA and destination predictions against true arrivals (issue 17's evaluation):
 * each report is matched to its ship's next true arrival, bucketed by the time left, and the
 * absolute errors of our ETA, the crew's reported ETA and a great-circle constant-speed
 * baseline are summarised per bucket. Pure: the CLI (bench/eta-eval.ts) does the reading.
 */
import { haversineKm } from './lane-network.ts';

export const BUCKETS: readonly [number, number][] = [[0, 1], [1, 3], [3, 6], [6, 12], [12, 48]];
const HOUR = 3_600_000;
const MIN = 60_000;
const KN_KMH = 1.852;
/** Speed the baseline assumes for a ship that has not been seen under way. */
const DEFAULT_KN = 12;

export interface TruthCall {
  mmsi: number;
  port: string;
  arrival: number;
  departure: number | null;
}

export interface TrackRow {
  mmsi: number;
  t: number;
  lat: number;
  lon: number;
  sog: number | null;
  navStatus: number | null;
  reportedEta: number | null;
}

export interface Prediction {
  destination: string | null;
  eta: number | null;
}

export interface Summary {
  n: number;
  mae: number;
  median: number;
  p90: number;
}

export interface BucketResult {
  bucket: [number, number];
  rows: number;
  ours: Summary;
  reported: Summary;
  baseline: Summary;
}

/** `urn:harbor:port:FIHEL`, `fihel`, `FI HEL` -> `FIHEL`. */
export function normalizeLocode(s: string | null | undefined): string {
  if (!s) return '';
  return s.replace(/^urn:[^:]+:port:/i, '').replace(/\s+/g, '').toUpperCase();
}

/** Linear-interpolation quantile (numpy's default) of sorted values. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function summarize(errorsMin: number[]): Summary {
  const s = Float64Array.from(errorsMin).sort();
  const n = s.length;
  let sum = 0;
  for (const v of s) sum += v;
  return { n, mae: n ? sum / n : NaN, median: quantile(s, 0.5), p90: quantile(s, 0.9) };
}

/**
 * Where each port is, as the ships show it: the median position of the first report at or
 * after each true arrival (within 30 minutes). No port list needed, and it is the point the
 * truth's arrival time refers to.
 */
export class ArrivalPositions {
  private readonly pending = new Map<number, TruthCall[]>();
  private readonly seen = new Map<string, { lat: number[]; lon: number[] }>();

  constructor(truth: TruthCall[]) {
    for (const c of [...truth].sort((a, b) => a.arrival - b.arrival)) {
      const list = this.pending.get(c.mmsi);
      if (list) list.push(c);
      else this.pending.set(c.mmsi, [c]);
    }
  }

  /** Rows of one ship must come in time order. */
  add(row: TrackRow) {
    const list = this.pending.get(row.mmsi);
    while (list && list.length > 0 && list[0]!.arrival <= row.t) {
      const c = list.shift()!;
      if (row.t - c.arrival > 30 * MIN) continue;
      const p = this.seen.get(c.port) ?? { lat: [], lon: [] };
      p.lat.push(row.lat);
      p.lon.push(row.lon);
      this.seen.set(c.port, p);
    }
  }

  positions(): Map<string, [number, number]> {
    const out = new Map<string, [number, number]>();
    for (const [port, p] of this.seen)
      out.set(port, [quantile(Float64Array.from(p.lat).sort(), 0.5), quantile(Float64Array.from(p.lon).sort(), 0.5)]);
    return out;
  }
}

/** A ship seen moving this far from where it lay after arriving has left the port... */
export const DEPARTED_KM = 2;
/** ...and lay at the berth while within this distance of it. */
const AT_BERTH_KM = 0.5;

/**
 * When each ship left each port, for a truth that gives only arrivals (the issue's
 * `mmsi,arrival_port,arrival_time`). The scorer leaves out the reports a ship makes lying in
 * port before it leaves; without a departure time it would take the ship for lying in port from
 * its first arrival on and score only the reports before it. The berth is the ship's first
 * report at or after the arrival (the place the truth's time refers to). A ship has left when it
 * is seen moving (1 kn or more) over DEPARTED_KM from it, halfway between its last report
 * within AT_BERTH_KM of the berth and the first one beyond it on that way out; a call it never leaves ends at the next arrival. Departures the
 * truth gives are kept. Rows of one ship must come in time order.
 */
export class TrackDepartures {
  private readonly calls = new Map<number, TruthCall[]>();
  private readonly ships = new Map<number, { i: number; berth: [number, number] | null; lastAtBerth: number; awaySince: number | null }>();
  private readonly found = new Map<TruthCall, number>();

  constructor(private readonly truth: TruthCall[]) {
    for (const c of truth) {
      const list = this.calls.get(c.mmsi);
      if (list) list.push(c);
      else this.calls.set(c.mmsi, [c]);
    }
    for (const list of this.calls.values()) list.sort((a, b) => a.arrival - b.arrival);
  }

  add(row: TrackRow) {
    const list = this.calls.get(row.mmsi);
    if (!list) return;
    let st = this.ships.get(row.mmsi);
    if (!st) this.ships.set(row.mmsi, (st = { i: -1, berth: null, lastAtBerth: 0, awaySince: null }));
    while (st.i + 1 < list.length && list[st.i + 1]!.arrival <= row.t) {
      st.i++;
      st.berth = null;
      st.awaySince = null;
    }
    const call = list[st.i];
    if (!call || call.departure !== null || this.found.has(call)) return;
    if (!st.berth) {
      st.berth = [row.lat, row.lon];
      st.lastAtBerth = row.t;
      return;
    }
    const km = haversineKm(row.lat, row.lon, st.berth[0], st.berth[1]);
    if (km <= AT_BERTH_KM) {
      st.lastAtBerth = row.t;
      st.awaySince = null;
      return;
    }
    st.awaySince ??= row.t;
    // Between its last report at the berth and its first one away: the way out counts as at sea.
    if (km > DEPARTED_KM && (row.sog === null || row.sog >= 1)) this.found.set(call, (st.lastAtBerth + st.awaySince) / 2);
  }

  /** The truth with every departure filled in that the tracks show (a call never left stays open). */
  truthWithDepartures(): TruthCall[] {
    const next = new Map<TruthCall, TruthCall>();
    for (const list of this.calls.values()) for (let i = 1; i < list.length; i++) next.set(list[i - 1]!, list[i]!);
    return this.truth.map((c) => (c.departure !== null ? c : { ...c, departure: this.found.get(c) ?? next.get(c)?.arrival ?? null }));
  }

  /** How many departures the tracks showed. */
  get inferred(): number {
    return this.found.size;
  }
}

const MOORED = 5;
/** A stop this close to a port's point is a call there... */
const OUTSIDE_NEAR_KM = 5;
/** ...when the ship lay moored (its status, under 0.5 kn: at anchor off a port is a wait, not a call) this long... */
const OUTSIDE_MIN_MS = 30 * MIN;
/** ...and no true arrival of the ship falls within it or this long before it (the truth's own call, named otherwise). */
const OUTSIDE_SLACK_MS = 2 * HOUR;
/** A port's harbours lie this close to its point (Warnemünde to Rostock's 10 km, Nowy Port to Gdańsk's 13). */
const SAME_PORT_KM = 15;

/**
 * Calls the truth leaves out. A truth of one country's port calls (Digitraffic's are Finland's)
 * lists a Helsinki-Tallinn ferry's Helsinki arrivals only, and every report on the way to
 * Tallinn would be scored against the next Helsinki arrival, hours after the ship's real next
 * port. Such a call shows in the tracks: the ship lying moored for half an hour within 5 km of
 * a port the truth never names (by its status: a wait at anchor off a port is no call; a crew
 * that never sets "moored" hides its calls, and then nothing changes), with no true arrival of its own in or just before it. The
 * reports before it, back to the ship's last true arrival, and during it are left out. A truth
 * that names every port the ships call at finds none. Rows of one ship must come in time order.
 */
export class OutsideCalls {
  private readonly grid = new Map<string, { code: string; lat: number; lon: number }[]>();
  private readonly arrivals = new Map<number, TruthCall[]>();
  private readonly runs = new Map<number, { code: string; start: number; end: number; first: boolean }>();
  private readonly seen = new Set<number>();
  private readonly stops = new Map<number, { start: number; end: number; port: string }[]>();

  constructor(truth: TruthCall[], private readonly ports: Map<string, [number, number]>) {
    const named = new Set(truth.map((c) => c.port));
    for (const [code, [lat, lon]] of ports) {
      if (named.has(code)) continue;
      const k = cell(lat, lon);
      (this.grid.get(k) ?? this.grid.set(k, []).get(k)!).push({ code, lat, lon });
    }
    for (const c of truth) (this.arrivals.get(c.mmsi) ?? this.arrivals.set(c.mmsi, []).get(c.mmsi)!).push(c);
    for (const list of this.arrivals.values()) list.sort((a, b) => a.arrival - b.arrival);
  }

  add(row: TrackRow) {
    if (!this.arrivals.has(row.mmsi)) return;
    const first = !this.seen.has(row.mmsi);
    this.seen.add(row.mmsi);
    const near = this.grid.size > 0 ? this.nearest(row.lat, row.lon) : null;
    let run = this.runs.get(row.mmsi);
    if (run && run.code !== near) {
      this.close(row.mmsi, run);
      run = undefined;
    }
    if (near === null || row.sog === null || row.sog >= 0.5 || row.navStatus !== MOORED) return;
    if (!run) this.runs.set(row.mmsi, (run = { code: near, start: row.t, end: row.t, first }));
    run.end = row.t;
  }

  /** Call after the last row. */
  finish() {
    for (const [mmsi, run] of this.runs) this.close(mmsi, run);
    for (const list of this.stops.values()) list.sort((a, b) => a.start - b.start);
  }

  /** Whether the report at `t` comes before (or during) a call the truth leaves out, ahead of the true arrival at `arrival`. */
  before(mmsi: number, t: number, arrival: number): boolean {
    const list = this.stops.get(mmsi);
    if (!list) return false;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.end < t) lo = mid + 1;
      else hi = mid;
    }
    const stop = list[lo];
    return stop !== undefined && stop.start < arrival;
  }

  /** How many calls the truth leaves out were found. */
  get found(): number {
    let n = 0;
    for (const list of this.stops.values()) n += list.length;
    return n;
  }

  private close(mmsi: number, run: { code: string; start: number; end: number; first: boolean }) {
    this.runs.delete(mmsi);
    // A call under way when the tracks begin has no arrival in any truth.
    if (run.first || run.end - run.start < OUTSIDE_MIN_MS) return;
    const calls = this.arrivals.get(mmsi)!;
    if (calls.some((c) => c.arrival >= run.start - OUTSIDE_SLACK_MS && c.arrival <= run.end)) return;
    // Nor is a stop beside the port of the true arrival before or after it (another harbour of that port).
    const next = calls.findIndex((c) => c.arrival > run.end);
    const at = this.ports.get(run.code)!;
    for (const c of [calls[next < 0 ? calls.length - 1 : next - 1], calls[next]]) {
      const p = c && this.ports.get(c.port);
      if (p && haversineKm(at[0], at[1], p[0], p[1]) < SAME_PORT_KM) return;
    }
    (this.stops.get(mmsi) ?? this.stops.set(mmsi, []).get(mmsi)!).push({ start: run.start, end: run.end, port: run.code });
  }

  private nearest(lat: number, lon: number): string | null {
    let best: string | null = null;
    let bestKm = OUTSIDE_NEAR_KM;
    const i = Math.floor(lat / CELL_LAT);
    const j = Math.floor(lon / CELL_LON);
    for (let di = -1; di <= 1; di++)
      for (let dj = -1; dj <= 1; dj++)
        for (const p of this.grid.get(`${i + di}|${j + dj}`) ?? []) {
          const km = haversineKm(lat, lon, p.lat, p.lon);
          if (km <= bestKm) [best, bestKm] = [p.code, km];
        }
    return best;
  }
}

/** Grid cells of 0.1 degrees of latitude (11 km) by 0.2 of longitude (over 5 km up to 75 N): a point's 3 x 3 cells hold all within 5 km. */
const CELL_LAT = 0.1;
const CELL_LON = 0.2;
const cell = (lat: number, lon: number) => `${Math.floor(lat / CELL_LAT)}|${Math.floor(lon / CELL_LON)}`;

export interface EtaScorerOptions {
  /** Also score reports made while the ship lies in port before leaving (default: only under way). */
  includePort?: boolean;
  /** Calls the truth leaves out, found in the tracks: the reports before them are left out. */
  outside?: OutsideCalls;
}

export class EtaScorer {
  private readonly calls = new Map<number, TruthCall[]>();
  private readonly errors = BUCKETS.map(() => ({ rows: 0, ours: [] as number[], reported: [] as number[], baseline: [] as number[] }));
  private readonly underwayKn = new Map<number, number>();
  private destRows = 0;
  private destRight = 0;
  private destPredicted = 0;
  skippedInPort = 0;
  skippedNoArrival = 0;
  skippedOutside = 0;

  constructor(
    truth: TruthCall[],
    private readonly ports: Map<string, [number, number]>,
    private readonly opts: EtaScorerOptions = {},
  ) {
    for (const c of truth) {
      const list = this.calls.get(c.mmsi);
      if (list) list.push(c);
      else this.calls.set(c.mmsi, [c]);
    }
    for (const list of this.calls.values()) list.sort((a, b) => a.arrival - b.arrival);
  }

  /** Index of the first call arriving strictly after t. */
  private nextCall(list: TruthCall[], t: number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.arrival > t) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  add(row: TrackRow, pred: Prediction | null) {
    // The baseline's speed for a stopped ship: what it made good under way lately (causal).
    const sog = row.sog;
    if (sog !== null && sog >= 3) this.underwayKn.set(row.mmsi, 0.8 * (this.underwayKn.get(row.mmsi) ?? sog) + 0.2 * sog);
    const list = this.calls.get(row.mmsi);
    if (!list) return void this.skippedNoArrival++;
    const i = this.nextCall(list, row.t);
    const next = list[i];
    const horizon = next ? (next.arrival - row.t) / HOUR : Infinity;
    const b = BUCKETS.findIndex(([lo, hi]) => horizon > lo && horizon <= hi);
    if (!next || b < 0) return void this.skippedNoArrival++;
    if (this.opts.outside?.before(row.mmsi, row.t, next.arrival)) return void this.skippedOutside++;
    if (!this.opts.includePort) {
      const prev = list[i - 1];
      const inPort = prev ? prev.departure === null || row.t < prev.departure : row.navStatus === 5 && (sog ?? 0) < 0.5;
      if (inPort) return void this.skippedInPort++;
    }
    const e = this.errors[b]!;
    e.rows++;
    if (pred?.eta != null) e.ours.push(Math.abs(pred.eta - next.arrival) / MIN);
    if (row.reportedEta !== null) e.reported.push(Math.abs(row.reportedEta - next.arrival) / MIN);
    const port = this.ports.get(next.port);
    if (port) {
      const kn = sog !== null && sog >= 1 ? sog : (this.underwayKn.get(row.mmsi) ?? DEFAULT_KN);
      const eta = row.t + (haversineKm(row.lat, row.lon, port[0], port[1]) / (kn * KN_KMH)) * HOUR;
      e.baseline.push(Math.abs(eta - next.arrival) / MIN);
    }
    this.destRows++;
    const d = normalizeLocode(pred?.destination);
    if (d) this.destPredicted++;
    if (d === next.port) this.destRight++;
  }

  result() {
    const buckets: BucketResult[] = BUCKETS.map((bucket, k) => {
      const e = this.errors[k]!;
      return { bucket: [...bucket], rows: e.rows, ours: summarize(e.ours), reported: summarize(e.reported), baseline: summarize(e.baseline) };
    });
    const early = [...this.errors[0]!.ours, ...this.errors[1]!.ours];
    return {
      buckets,
      ours0to3: summarize(early),
      destination: { rows: this.destRows, predicted: this.destPredicted, right: this.destRight },
      skippedInPort: this.skippedInPort,
      skippedNoArrival: this.skippedNoArrival,
      skippedOutside: this.skippedOutside,
    };
  }
}

export type EtaScore = ReturnType<EtaScorer['result']>;

export interface DetectedCall {
  mmsi: number;
  port: string;
  arrival: number | null;
  departure: number | null;
}

/**
 * Share of true arrivals and departures (inside [from, to]) that a detected call of the same
 * ship and port matches within `toleranceMin`; each detected time matches at most one truth.
 */
export function scoreDetection(truth: TruthCall[], detected: DetectedCall[], from: number, to: number, toleranceMin = 10) {
  const tol = toleranceMin * MIN;
  const byKey = new Map<string, DetectedCall[]>();
  for (const d of detected) {
    const k = `${d.mmsi}|${normalizeLocode(d.port)}`;
    const list = byKey.get(k);
    if (list) list.push(d);
    else byKey.set(k, [d]);
  }
  const count = (field: 'arrival' | 'departure') => {
    const used = new Set<DetectedCall>();
    let total = 0;
    let hit = 0;
    const byPort: Record<string, { total: number; hit: number }> = {};
    for (const c of truth) {
      const t = c[field];
      if (t === null || t < from || t > to) continue;
      total++;
      const port = (byPort[c.port] ??= { total: 0, hit: 0 });
      port.total++;
      let best: DetectedCall | null = null;
      for (const d of byKey.get(`${c.mmsi}|${c.port}`) ?? []) {
        const dt = d[field];
        if (dt === null || used.has(d) || Math.abs(dt - t) > tol) continue;
        if (!best || Math.abs(dt - t) < Math.abs(best[field]! - t)) best = d;
      }
      if (best) {
        used.add(best);
        hit++;
        port.hit++;
      }
    }
    return { total, hit, byPort };
  };
  return { arrivals: count('arrival'), departures: count('departure'), detected: detected.length };
}
