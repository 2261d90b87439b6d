import { angleDiff, bearing } from './geo.ts';

/**
 * What the predictor has learned from the arrivals it detected, and only from those: where
 * ships went next from a port (per ship, per ship with the destination text it showed, and
 * for all ships), the tracks of past voyages into each port (time to go at each point), dwell
 * times in port and how busy each port is. Plain data so the server can store and restore it.
 */

/** A past voyage: flat [lat, lon, msToGo, metresToGo] per point, oldest first. */
export interface LearnedVoyage {
  id: number;
  mmsi: number;
  from: string;
  to: string;
  departure: number;
  arrival: number;
  points: number[];
}

export interface KnowledgeJson {
  nextId: number;
  transitions: [string, [string, number, number][]][];
  voyages: LearnedVoyage[];
  dwells: [string, number[]][];
  arrivals: [string, number][];
  mentions: [string, number][];
  errors?: [string, { ours: number; reported: number; n: number }][];
  waits?: [string, number[]][];
  spots?: [string, [string, number][]][];
  anchorages?: [string, [string, number][]][];
  departures?: [string, number[]][];
}

type Counts = Map<string, { n: number; last: number }>;

/** The most frequent next port from a key, its count and its share of the key's arrivals. */
interface TopTransition {
  to: string;
  n: number;
  share: number;
}

const VOYAGES_PER_PORT = 40;
const VOYAGES_PER_SHIP_PAIR = 6;
const DWELLS_KEPT = 9;
/** Enough for a timetable's sailings to show twice: a week of a shuttle's three a day. */
const DEPARTURES_KEPT = 21;

export class Knowledge {
  private nextId = 1;
  /** Bumped at every learned voyage and anchorage: memoised answers older than this are stale, and the server saves. */
  version = 0;
  /** `${mmsi}|${from}`, `*|${from}`, `${mmsi}|${from}|${text}` -> next port counts. */
  readonly transitions = new Map<string, Counts>();
  /** Destination port -> its most recent voyages (all ships). */
  readonly voyagesTo = new Map<string, LearnedVoyage[]>();
  /** `${mmsi}|${port}` -> recent dwell times (ms). */
  readonly dwells = new Map<string, number[]>();
  readonly arrivals = new Map<string, number>();
  readonly mentions = new Map<string, number>();

  /** Ports ships talk about (destination texts) and call at: the ones a stop near several ports is at. */
  popularity = (locode: string) => (this.arrivals.get(locode) ?? 0) + (this.mentions.get(locode) ?? 0);
  /** Mean relative error (|error| / time to go) of our ETA and the crew's, per ship and `*`, per kind of estimate. */
  readonly errors = new Map<string, { ours: number; reported: number; n: number }>();

  /** How wrong ours and the crew's ETAs have been (relative to time to go); priors until learned. */
  reliability(mmsi: number, kind: 'history' | 'distance'): { ours: number; reported: number } {
    const own = this.errors.get(`${mmsi}|${kind}`);
    if (own && own.n >= 8) return own;
    const all = this.errors.get(`*|${kind}`);
    if (all && all.n >= 20) return all;
    return { ours: kind === 'history' ? 0.05 : 0.15, reported: 0.1 };
  }

  /** One sample of a finished voyage: our estimate and the crew's at some time before the arrival. */
  addErrorSample(mmsi: number, kind: 'history' | 'distance', oursRel: number, reportedRel: number) {
    for (const key of [`${mmsi}|${kind}`, `*|${kind}`]) {
      const e = this.errors.get(key) ?? { ours: 0, reported: 0, n: 0 };
      // Running mean for the first samples, then a slow moving average (ships change habits).
      const a = 1 / Math.min(e.n + 1, 200);
      e.ours += a * (Math.min(oursRel, 2) - e.ours);
      e.reported += a * (Math.min(reportedRel, 2) - e.reported);
      e.n++;
      this.errors.set(key, e);
    }
  }

  addTransition(key: string, to: string, at: number) {
    this.topMemo.delete(key);
    let c = this.transitions.get(key);
    if (!c) this.transitions.set(key, (c = new Map()));
    const e = c.get(to);
    if (e) {
      e.n++;
      e.last = at;
    } else c.set(to, { n: 1, last: at });
  }

  /** The most frequent next port (the most recent among equals), with its share of the total. */
  topTransition(key: string, exclude?: string): TopTransition | null {
    const memo = this.topMemo.get(key);
    if (memo && memo.exclude === exclude) return memo.top;
    const top = this.countTop(key, exclude);
    this.topMemo.set(key, { exclude, top });
    return top;
  }

  /**
   * topTransition's answers, per key, until the key learns another arrival: a port's counts for
   * the whole fleet hold hundreds of next ports, asked at every report of every ship there.
   */
  private readonly topMemo = new Map<string, { exclude: string | undefined; top: TopTransition | null }>();

  private countTop(key: string, exclude?: string): TopTransition | null {
    const c = this.transitions.get(key);
    if (!c) return null;
    let best: { to: string; n: number; last: number } | null = null;
    let total = 0;
    for (const [to, e] of c) {
      if (to === exclude) continue;
      total += e.n;
      if (!best || e.n > best.n || (e.n === best.n && e.last > best.last)) best = { to, ...e };
    }
    return best ? { to: best.to, n: best.n, share: best.n / total } : null;
  }

  addVoyage(v: Omit<LearnedVoyage, 'id'>): LearnedVoyage {
    const voyage = { ...v, id: this.nextId++ };
    this.version++;
    this.indexApproach(voyage);
    this.indexLane(voyage);
    const list = this.voyagesTo.get(v.to) ?? [];
    list.push(voyage);
    // Keep the newest per port, and at most a few per ship and origin (a daily ferry would
    // otherwise push every other ship's voyages out).
    const same = list.filter((x) => x.mmsi === v.mmsi && x.from === v.from);
    let kept = same.length > VOYAGES_PER_SHIP_PAIR ? list.filter((x) => x !== same[0]) : list;
    if (kept.length > VOYAGES_PER_PORT) kept = kept.slice(kept.length - VOYAGES_PER_PORT);
    this.voyagesTo.set(v.to, kept);
    return voyage;
  }

  /**
   * The last kilometres of past voyages into each port, per ~1 km cell: the port and the course
   * there, for the most recent few voyages. A ship on that lane, on that course, is going in.
   */
  readonly approaches = new Map<string, { port: string; id: number; cog: number; endLat: number; endLon: number }[]>();

  private indexApproach(v: LearnedVoyage) {
    const p = v.points;
    const endLat = p[p.length - 4]!;
    const endLon = p[p.length - 3]!;
    for (let o = 0; o + 7 < p.length; o += 4) {
      if (p[o + 3]! > APPROACH_M || p[o + 3]! - p[o + 7]! < 50) continue;
      const cog = bearing(p[o]!, p[o + 1]!, p[o + 4]!, p[o + 5]!);
      const steps = Math.max(1, Math.ceil((p[o + 3]! - p[o + 7]!) / 400));
      for (let k = 0; k < steps; k++) {
        const f = k / steps;
        const key = spotKey(Math.round((p[o]! + f * (p[o + 4]! - p[o]!)) * SPOT_LAT), Math.round((p[o + 1]! + f * (p[o + 5]! - p[o + 1]!)) * SPOT_LON));
        let list = this.approaches.get(key);
        if (!list) this.approaches.set(key, (list = []));
        if (list.some((e) => e.id === v.id)) continue;
        list.push({ port: v.to, id: v.id, cog, endLat, endLon });
        if (list.length > APPROACH_KEPT) list.shift();
      }
    }
  }

  /**
   * The ports whose approach lanes pass here on this course, with how many past voyages to
   * each matched (the most in one cell around here); null when none did. A lane ending at a
   * learned berth counts for that berth's port (calls there before it was learned had the
   * nearest port's code).
   */
  approaching(lat: number, lon: number, cog: number): Map<string, number> | null {
    if (this.approaches.size === 0) return null;
    const y = Math.round(lat * SPOT_LAT);
    const x = Math.round(lon * SPOT_LON);
    let out: Map<string, number> | null = null;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const list = this.approaches.get(spotKey(y + dy, x + dx));
        if (!list) continue;
        const here = new Map<string, number>();
        for (const e of list) {
          if (angleDiff(e.cog, cog) > 35) continue;
          const port = this.spotPort(e.endLat, e.endLon) ?? e.port;
          here.set(port, (here.get(port) ?? 0) + 1);
        }
        for (const [port, n] of here) {
          out ??= new Map();
          if (n > (out.get(port) ?? 0)) out.set(port, n);
        }
      }
    }
    return out;
  }

  /**
   * Every past voyage's whole track, per ~11 km cell and destination: its course there, for the
   * most recent LANE_KEPT voyages to that port. Ships keep to a few lanes (fairways, traffic
   * separation schemes), so where ships on this lane on this course went is evidence on where a
   * ship is going, and a port no past voyage on this course here went to is unlikely. Not stored:
   * rebuilt from the kept voyages on restore (a running process also keeps what voyages since
   * dropped left here, at most LANE_KEPT per cell and port).
   */
  readonly lanes = new Map<string, Map<string, number[]>>();

  private indexLane(v: LearnedVoyage) {
    const p = v.points;
    const done = new Set<string>();
    for (let o = 0; o + 7 < p.length; o += 4) {
      const metres = p[o + 3]! - p[o + 7]!;
      if (metres < 200) continue;
      const cog = bearing(p[o]!, p[o + 1]!, p[o + 4]!, p[o + 5]!);
      const steps = Math.max(1, Math.ceil(metres / 3000));
      for (let k = 0; k < steps; k++) {
        const f = k / steps;
        const key = spotKey(Math.round((p[o]! + f * (p[o + 4]! - p[o]!)) * LANE_LAT), Math.round((p[o + 1]! + f * (p[o + 5]! - p[o + 1]!)) * LANE_LON));
        if (done.has(key)) continue;
        done.add(key);
        let cell = this.lanes.get(key);
        if (!cell) this.lanes.set(key, (cell = new Map()));
        let cogs = cell.get(v.to);
        if (!cogs) cell.set(v.to, (cogs = []));
        cogs.push(cog);
        if (cogs.length > LANE_KEPT) cogs.shift();
      }
    }
  }

  /** Whether a past voyage to `port` passed through this cell (or a neighbour) on about this course. */
  onLaneTo(port: string, lat: number, lon: number, cog: number): boolean {
    const y = Math.round(lat * LANE_LAT);
    const x = Math.round(lon * LANE_LON);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const cogs = this.lanes.get(spotKey(y + dy, x + dx))?.get(port);
        if (cogs?.some((c) => angleDiff(c, cog) <= LANE_COURSE_DEG)) return true;
      }
    }
    return false;
  }

  /**
   * The ports that past voyages through this cell (or a neighbour), on about this course, were
   * going to, with how many voyages (the most in one cell); the port just left is not one.
   */
  laneDestinations(lat: number, lon: number, cog: number, exclude: string | null): Map<string, number> {
    const y = Math.round(lat * LANE_LAT);
    const x = Math.round(lon * LANE_LON);
    const out = new Map<string, number>();
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const cell = this.lanes.get(spotKey(y + dy, x + dx));
        if (!cell) continue;
        for (const [port, cogs] of cell) {
          if (port === exclude) continue;
          let n = 0;
          for (const c of cogs) if (angleDiff(c, cog) <= LANE_COURSE_DEG) n++;
          if (n > (out.get(port) ?? 0)) out.set(port, n);
        }
      }
    }
    return out;
  }

  addDwell(mmsi: number, port: string, ms: number) {
    keepRecent(this.dwells, `${mmsi}|${port}`, ms, DWELLS_KEPT);
  }

  medianDwell(mmsi: number, port: string): number | null {
    const list = this.dwells.get(`${mmsi}|${port}`);
    return list && list.length > 0 ? median(list) : null;
  }

  /** `${mmsi}|${port}` -> when the ship left this port lately (ms): its timetable there, if it keeps one. */
  readonly departures = new Map<string, number[]>();

  addDeparture(mmsi: number, port: string, at: number) {
    keepRecent(this.departures, `${mmsi}|${port}`, at, DEPARTURES_KEPT);
  }

  /** Waits at anchor (or stopped) off a port before the arrival, per port, recent ones. */
  readonly waits = new Map<string, number[]>();

  addWait(port: string, ms: number) {
    keepRecent(this.waits, port, ms, 25);
  }

  /** Median wait off this port, counting the calls with no wait as zero. */
  medianWait(port: string): number | null {
    const list = this.waits.get(port);
    return list && list.length >= 2 ? median(list) : null;
  }

  /**
   * Where ships stopped at calls whose port their own text named, per ~1 km cell: the real
   * berths, which can lie tens of km from the UN/LOCODE point (Långnäs, outer Stockholm, Muuga
   * beside Tallinn, Vuosaari beside Helsinki). A later stop there is a call at that port even
   * when the ship's text does not say so and another port's point is nearer.
   */
  readonly spots = new Map<string, Map<string, number>>();

  /** Named stops learned per port (how well its berths are known). */
  readonly spotsPerPort = new Map<string, number>();

  addSpot(lat: number, lon: number, port: string) {
    this.spotMemo.clear();
    this.spotsPerPort.set(port, (this.spotsPerPort.get(port) ?? 0) + 1);
    countInCell(this.spots, cellOf(lat, lon), port, 1);
  }

  /** spotPort answers per cell until the next learned stop (the approach lanes ask it for every lane end). */
  private readonly spotMemo = new Map<string, string | null>();

  /** The port ships named when they stopped within about a kilometre of here (twice or more, a clear majority), or null. */
  spotPort(lat: number, lon: number): string | null {
    if (this.spots.size === 0) return null;
    const y = Math.round(lat * SPOT_LAT);
    const x = Math.round(lon * SPOT_LON);
    const memoKey = spotKey(y, x);
    const hit = this.spotMemo.get(memoKey);
    if (hit !== undefined) return hit;
    const port = this.spotAt(y, x);
    this.spotMemo.set(memoKey, port);
    return port;
  }

  private spotAt(y: number, x: number): string | null {
    if (this.isAnchorage(y / SPOT_LAT, x / SPOT_LON)) return null;
    const sum = new Map<string, number>();
    let total = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const c = this.spots.get(spotKey(y + dy, x + dx));
        if (!c) continue;
        for (const [port, n] of c) {
          sum.set(port, (sum.get(port) ?? 0) + n);
          total += n;
        }
      }
    }
    let best: string | null = null;
    let bestN = 0;
    for (const [port, n] of sum) if (n > bestN) [best, bestN] = [port, n];
    return best !== null && bestN >= 2 && bestN >= 0.6 * total ? best : null;
  }

  /**
   * Where ships stopped near a port and then, within hours, moved on to a berth of the same
   * port: anchorages, per ~1 km cell (port -> times seen). Crews often leave the status at
   * "under way" at anchor, and a stop within reach of the port point then looks like a call;
   * once a cell has been seen so, a stop there is a wait unless the ship reports moored.
   */
  readonly anchorages = new Map<string, Map<string, number>>();

  /** A call there turned out to be a wait: counted as an anchorage, and no longer as a berth. */
  addAnchorage(lat: number, lon: number, port: string) {
    this.version++; // so the server saves it (no arrival is counted with it)
    const key = cellOf(lat, lon);
    countInCell(this.anchorages, key, port, 1);
    if (countInCell(this.spots, key, port, -1)) this.spotsPerPort.set(port, this.spotsPerPort.get(port)! - 1);
    this.spotMemo.clear();
  }

  /**
   * Whether ships stopping within about a kilometre of here were waiting: seen as an
   * anchorage twice or more, and at least half as often as ships named a port stopping here
   * (a berth that ships sometimes leave for another berth of the same port stays a berth).
   */
  isAnchorage(lat: number, lon: number): boolean {
    if (this.anchorages.size === 0) return false;
    const y = Math.round(lat * SPOT_LAT);
    const x = Math.round(lon * SPOT_LON);
    let waits = 0;
    let stops = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (const n of this.anchorages.get(spotKey(y + dy, x + dx))?.values() ?? []) waits += n;
        for (const n of this.spots.get(spotKey(y + dy, x + dx))?.values() ?? []) stops += n;
      }
    }
    return waits >= 2 && waits >= 0.5 * stops;
  }

  countArrival(port: string) {
    this.arrivals.set(port, (this.arrivals.get(port) ?? 0) + 1);
  }

  countMention(port: string) {
    this.mentions.set(port, (this.mentions.get(port) ?? 0) + 1);
  }

  /** Serialisable form (the server keeps it in the database). */
  toJSON(): KnowledgeJson {
    return {
      nextId: this.nextId,
      transitions: [...this.transitions].map(([k, c]) => [k, [...c].map(([to, e]) => [to, e.n, e.last] as [string, number, number])]),
      voyages: [...this.voyagesTo.values()].flat(),
      dwells: [...this.dwells],
      departures: [...this.departures],
      arrivals: [...this.arrivals],
      mentions: [...this.mentions],
      errors: [...this.errors],
      waits: [...this.waits],
      spots: [...this.spots].map(([k, c]) => [k, [...c]]),
      anchorages: [...this.anchorages].map(([k, c]) => [k, [...c]]),
    };
  }

  static fromJSON(j: KnowledgeJson): Knowledge {
    const k = new Knowledge();
    k.nextId = j.nextId;
    for (const [key, list] of j.transitions) k.transitions.set(key, new Map(list.map(([to, n, last]) => [to, { n, last }])));
    for (const v of j.voyages) {
      k.voyagesTo.set(v.to, [...(k.voyagesTo.get(v.to) ?? []), v]);
      k.indexApproach(v);
      k.indexLane(v);
    }
    for (const [key, d] of j.dwells) k.dwells.set(key, d);
    for (const [key, d] of j.departures ?? []) k.departures.set(key, d);
    for (const [p, n] of j.arrivals) k.arrivals.set(p, n);
    for (const [p, n] of j.mentions) k.mentions.set(p, n);
    for (const [key, e] of j.errors ?? []) k.errors.set(key, e);
    for (const [p, w] of j.waits ?? []) k.waits.set(p, w);
    for (const [key, c] of j.spots ?? []) {
      k.spots.set(key, new Map(c));
      for (const [port, n] of c) k.spotsPerPort.set(port, (k.spotsPerPort.get(port) ?? 0) + n);
    }
    for (const [key, c] of j.anchorages ?? []) k.anchorages.set(key, new Map(c));
    return k;
  }
}

/** Spot cells: 1/100 degree of latitude (1.1 km), 1/50 of longitude (1.1 km at 60N). */
const SPOT_LAT = 100;
const SPOT_LON = 50;
const spotKey = (y: number, x: number) => `${y}:${x}`;
const cellOf = (lat: number, lon: number) => spotKey(Math.round(lat * SPOT_LAT), Math.round(lon * SPOT_LON));

/** Adds `delta` to a port's count in a cell (a count that reaches 0 is dropped); false when there was nothing to take. */
function countInCell(cells: Map<string, Map<string, number>>, key: string, port: string, delta: 1 | -1): boolean {
  let c = cells.get(key);
  const n = (c?.get(port) ?? 0) + delta;
  if (n < 0) return false;
  if (!c) cells.set(key, (c = new Map()));
  if (n === 0) c.delete(port);
  else c.set(port, n);
  if (c.size === 0) cells.delete(key);
  return true;
}
/** Lane cells: 1/10 degree of latitude (11 km), 1/5 of longitude (11 km at 60N); voyages kept per cell and port; how near a course counts. */
const LANE_LAT = 10;
const LANE_LON = 5;
const LANE_KEPT = 8;
const LANE_COURSE_DEG = 30;
/** How far out a voyage's end counts as the port's approach lane, and voyages kept per cell. */
const APPROACH_M = 12_000;
const APPROACH_KEPT = 16;

/** Appends to a key's list, keeping the `kept` most recent values. */
function keepRecent(lists: Map<string, number[]>, key: string, value: number, kept: number) {
  const list = lists.get(key) ?? [];
  list.push(value);
  if (list.length > kept) list.shift();
  lists.set(key, list);
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
