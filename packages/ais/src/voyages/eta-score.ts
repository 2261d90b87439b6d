/**
 * Scoring of ETA and destination predictions against true arrivals (issue 17's evaluation):
 * each report is matched to its ship's next true arrival, bucketed by the time left, and the
 * absolute errors of our ETA, the crew's reported ETA and a great-circle constant-speed
 * baseline are summarised per bucket. Pure: the CLI (bench/eta-eval.ts) does the reading.
 */
import type { OutsideCalls } from './eta-truth.ts';
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

/** Each ship's true calls in order of arrival (new lists: a consumer may take from its own). */
export function callsByShip(truth: TruthCall[]): Map<number, TruthCall[]> {
  const out = new Map<number, TruthCall[]>();
  for (const c of truth) {
    const list = out.get(c.mmsi);
    if (list) list.push(c);
    else out.set(c.mmsi, [c]);
  }
  for (const list of out.values()) list.sort((a, b) => a.arrival - b.arrival);
  return out;
}

/**
 * Where each port is, as the ships show it: the median position of the first report at or
 * after each true arrival (within 30 minutes). No port list needed, and it is the point the
 * truth's arrival time refers to.
 */
export class ArrivalPositions {
  private readonly pending: Map<number, TruthCall[]>;
  private readonly seen = new Map<string, { lat: number[]; lon: number[] }>();

  constructor(truth: TruthCall[]) {
    this.pending = callsByShip(truth);
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

export interface EtaScorerOptions {
  /** Also score reports made while the ship lies in port before leaving (default: only under way). */
  includePort?: boolean;
  /** Calls the truth leaves out, found in the tracks: the reports before them are left out. */
  outside?: OutsideCalls;
}

export class EtaScorer {
  private readonly calls: Map<number, TruthCall[]>;
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
    this.calls = callsByShip(truth);
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
