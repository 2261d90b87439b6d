/**
 * What the tracks tell about a truth that does not say it (issue 17's evaluation, for truths as
 * real data gives them): when ships left the ports a truth of arrivals only lists, and which
 * calls a truth of one country's port calls leaves out. Pure: bench/eta-eval.ts feeds the rows.
 */
import { callsByShip, type TrackRow, type TruthCall } from './eta-score.ts';
import { haversineKm } from './lane-network.ts';

const HOUR = 3_600_000;
const MIN = 60_000;

/** A ship seen moving this far from where it lay after arriving has left the port... */
const DEPARTED_KM = 2;
/** ...and lay at the berth while within this distance of it. */
const AT_BERTH_KM = 0.5;

/**
 * When each ship left each port, for a truth that gives only arrivals (the issue's
 * `mmsi,arrival_port,arrival_time`). The scorer leaves out the reports a ship makes lying in
 * port before it leaves; without a departure time it would take the ship for lying in port from
 * its first arrival on and score only the reports before it. The berth is the ship's first
 * report at or after the arrival (the place the truth's time refers to). A ship has left when it
 * is seen moving (1 kn or more) over DEPARTED_KM from it, halfway between its last report
 * within AT_BERTH_KM of the berth and the first one beyond it on that way out; a call it is
 * never seen leaving ends at the next arrival. Departures the truth gives are kept. Rows of one
 * ship must come in time order.
 */
export class TrackDepartures {
  private readonly calls: Map<number, TruthCall[]>;
  private readonly ships = new Map<number, { i: number; berth: [number, number] | null; lastAtBerth: number; awaySince: number | null }>();
  private readonly found = new Map<TruthCall, number>();

  constructor(private readonly truth: TruthCall[]) {
    this.calls = callsByShip(truth);
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

  /** The truth with its departures filled in: as the tracks show them, else the next arrival (the last call stays open). */
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
 * that never sets "moored" hides its calls, and then nothing changes), with no true arrival of
 * its own in or just before it. The reports before it, back to the ship's last true arrival, and
 * during it are left out. A truth that names every port the ships call at finds none. Rows of
 * one ship must come in time order.
 */
export class OutsideCalls {
  private readonly grid = new Map<string, { code: string; lat: number; lon: number }[]>();
  private readonly arrivals: Map<number, TruthCall[]>;
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
    this.arrivals = callsByShip(truth);
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
