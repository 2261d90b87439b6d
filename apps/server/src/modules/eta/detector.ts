import { angleDiff, bearing, haversine, KN } from './geo.ts';
import { inPassage, offEntrance, PASSAGE_CALL_MS } from './passages.ts';
import type { PortCatalogue } from './ports.ts';
import type { EtaReport } from './types.ts';

/**
 * Port-call detection from positions alone, for any of the ~4,700 catalogue ports (points
 * only: no port polygons exist for most of them, so the zone-based detector of the
 * port-calls module, which needs port areas and berths, does not apply). A call starts when a
 * ship has been stopped within `radiusM` of a port for `minStopMs`; it ends when the ship has
 * moved `leaveM` away from where it stopped (a shift between berths is not a departure).
 * Times are interpolated between the report before and after the change: at 5-minute reports
 * the first stopped report can be minutes after the ship really stopped.
 */
export const DETECTOR_DEFAULTS = {
  /** A stop this close to a port point is a call there (UN/LOCODE points are ~1' or a town centre). */
  radiusM: 12_000,
  /** A port the ship's own destination text names counts this far away (a port spread along a river or bay). */
  namedRadiusM: 30_000,
  stopKn: 0.7,
  moveKn: 1.5,
  /** Stopped this long (or twice with status moored) makes a call: a ferry may stop for 15 minutes. */
  minStopMs: 8 * 60_000,
  leaveM: 2500,
  /** A report gap longer than this breaks a run (two reports an hour apart prove nothing). */
  maxGapMs: 40 * 60_000,
};
export type DetectorParams = typeof DETECTOR_DEFAULTS;

/** AIS navigational status "moored" (the engine reads it too). */
export const MOORED = 5;
/** A port this popular (arrivals + mentions in destination texts) counts as far as a named one. */
const BUSY = 20;
const AT_ANCHOR = 1;

export interface DetectorState {
  lastAt: number;
  lastLat: number;
  lastLon: number;
  lastSog: number | null;
  lastCog: number | null;
  lastMoving: boolean;
  /** Current call: the port and where the ship stopped. */
  port: string | null;
  arrival: number;
  stopLat: number;
  stopLon: number;
  lastStoppedAt: number;
  /** The first moving report after the last stopped one in port: the departure lies before it. */
  move: { at: number; dist: number; sog: number } | null;
  /**
   * A stop not yet long enough to count. `passage`: in a canal's locks or sidings (see
   * passages.ts); `queue`: lying off a passage's entrance, bound for none of the ports around.
   */
  run: { since: number; lat: number; lon: number; ports: Candidate[]; learned: string | null; lastAt: number; count: number; moored: boolean; passage: boolean; queue: boolean } | null;
  /** The port of the last call, once the ship has left it. */
  left: string | null;
}

/** A port a stop could be a call at, and how far the stop is from its point. */
interface Candidate {
  locode: string;
  dist: number;
}

export type DetectorEvent =
  /** `inferred`: a whole call inside a reception gap, placed at the port's point (no berth seen). */
  | { type: 'arrived'; port: string; at: number; inferred?: boolean }
  | { type: 'departed'; port: string; arrival: number; at: number };

export function newDetectorState(): DetectorState {
  return { lastAt: 0, lastLat: 0, lastLon: 0, lastSog: null, lastCog: null, lastMoving: true, port: null, arrival: 0, stopLat: 0, stopLon: 0, lastStoppedAt: 0, move: null, run: null, left: null };
}

/** Popularity of a port (arrivals and mentions seen so far), to choose among close ports. */
export type Popularity = (locode: string) => number;
/** The port ships that named it stopped at near this point before (learned berths), or null. */
export type SpotPort = (lat: number, lon: number) => string | null;

export function detect(
  s: DetectorState,
  r: EtaReport,
  ports: PortCatalogue,
  popularity: Popularity,
  named: (locode: string) => boolean,
  p: DetectorParams = DETECTOR_DEFAULTS,
  spot: SpotPort = () => null,
  anchorage: (lat: number, lon: number) => boolean = () => false,
): DetectorEvent[] {
  const events: DetectorEvent[] = [];
  // At anchor is a wait, not a call, except at a learned berth: crews leave the status at
  // "at anchor" alongside too. So is a stop at a learned anchorage (where crews leave it at
  // "under way"), unless the ship reports moored.
  const slow = r.sog !== null && r.sog <= p.stopKn;
  const waiting = r.navStatus === AT_ANCHOR || (slow && s.port === null && r.navStatus !== MOORED && anchorage(r.lat, r.lon));
  const stopped = r.sog !== null ? slow && (!waiting || spot(r.lat, r.lon) !== null) : r.navStatus === MOORED;
  const moving = r.sog !== null && r.sog >= p.moveKn;
  const gap = s.lastAt > 0 ? r.at - s.lastAt : Infinity;

  if (s.port !== null) {
    const away = haversine(r.lat, r.lon, s.stopLat, s.stopLon);
    if (stopped) {
      s.lastStoppedAt = r.at;
      s.move = null;
    } else if (moving && s.move === null) s.move = { at: r.at, dist: away, sog: r.sog! };
    if (away > p.leaveM) {
      // Left: between the last stopped report and the first moving one, by how far that one
      // had got at its speed (accelerating from rest: slower on average than it is now).
      const m = s.move ?? { at: r.at, dist: away, sog: r.sog ?? 0 };
      const since = m.at - s.lastStoppedAt;
      const sp = m.sog * KN;
      const travel = sp > 0.5 ? wayOutMs(m.dist, m.sog) : since / 2;
      // After a gap in reception too: the speed and distance say more than the last report before it.
      const at = m.at - Math.min(since, travel);
      events.push({ type: 'departed', port: s.port, arrival: s.arrival, at: Math.round(at) });
      s.left = s.port;
      s.port = null;
      s.run = null;
      s.move = null;
    }
  }

  if (s.port === null && gap > p.maxGapMs && s.lastMoving && moving) {
    const call = callInGap(s, r, gap, ports, named, popularity, p);
    if (call) {
      // The call's place, for what is learned from it: the port's point (no berth was seen).
      s.stopLat = call.lat;
      s.stopLon = call.lon;
      events.push({ type: 'arrived', port: call.port, at: call.arrival, inferred: true }, { type: 'departed', port: call.port, arrival: call.arrival, at: call.departure });
      s.left = call.port;
    }
  }

  if (s.port === null) {
    if (stopped) {
      if (s.run && gap <= p.maxGapMs && haversine(r.lat, r.lon, s.run.lat, s.run.lon) <= p.leaveM) {
        s.run.lastAt = r.at;
        s.run.count++;
        s.run.moored = r.navStatus === MOORED;
      } else {
        const cands = candidatePorts(r, ports, named, popularity, p);
        const learned = spot(r.lat, r.lon);
        s.run =
          cands.length === 0 && learned === null
            ? null
            : {
                since: stopTime(s, r, gap, p),
                lat: r.lat,
                lon: r.lon,
                ports: cands,
                learned,
                lastAt: r.at,
                count: 1,
                moored: r.navStatus === MOORED,
                passage: inPassage(r.lat, r.lon),
                queue: learned === null && offEntrance(r.lat, r.lon, null) && !cands.some((c) => named(c.locode)),
              };
      }
      if (s.run && callLongEnough(s.run, p)) {
        const port = choosePort(s.run.ports, named, popularity, s.run.learned, s.left);
        s.port = port;
        s.arrival = Math.round(s.run.since);
        s.stopLat = s.run.lat;
        s.stopLon = s.run.lon;
        s.lastStoppedAt = r.at;
        s.move = null;
        s.run = null;
        events.push({ type: 'arrived', port, at: s.arrival });
      }
    } else if (moving || gap > p.maxGapMs) s.run = null;
  }
  s.lastAt = r.at;
  s.lastLat = r.lat;
  s.lastLon = r.lon;
  s.lastSog = r.sog;
  s.lastCog = r.cog;
  s.lastMoving = !stopped;
  return events;
}

/**
 * A stop is a call once it has lasted `minStopMs`, or at once when the crew reports moored
 * twice. In a passage ships moor in the locks and wait in the sidings for an hour or two:
 * only a stop longer than any of those is a call there, moored or not. So is a stop off a
 * passage's entrance by a ship whose texts name none of the ports around, away from any
 * berth learned there, until it reports moored: it is waiting its turn at the locks (crews
 * leave the status at "under way" there too), and Kiel's quays lie within the 8 km of the
 * Holtenau gate that its anchorage does.
 */
function callLongEnough(run: NonNullable<DetectorState['run']>, p: DetectorParams): boolean {
  const moored = run.count >= 2 && run.moored;
  if (run.passage || (run.queue && !moored)) return run.lastAt - run.since >= PASSAGE_CALL_MS;
  return run.lastAt - run.since >= p.minStopMs || moored;
}

/** Ports a stop here could be a call at: the close ones, and those the ship's texts name a little farther off. */
function candidatePorts(r: EtaReport, ports: PortCatalogue, named: (locode: string) => boolean, popularity: Popularity, p: DetectorParams): Candidate[] {
  const out: Candidate[] = [];
  for (const { port, dist } of ports.near(r.lat, r.lon, p.namedRadiusM)) {
    if (dist <= p.radiusM || named(port.locode) || popularity(port.locode) >= BUSY) out.push({ locode: port.locode, dist });
  }
  return out;
}

/**
 * A whole call inside a reception gap: before it the ship was under way into a port, after
 * it under way out of the same port, and the gap is long enough for the way in, a stay of
 * MIN_GAP_STAY and the way out (distance over speed at each edge, as in stopTime and at a departure).
 */
function callInGap(
  s: DetectorState,
  r: EtaReport,
  gap: number,
  ports: PortCatalogue,
  named: (locode: string) => boolean,
  popularity: Popularity,
  p: DetectorParams,
): { port: string; lat: number; lon: number; arrival: number; departure: number } | null {
  if (s.lastSog === null || s.lastSog < p.moveKn || r.sog === null || typeof s.lastCog !== 'number' || r.cog === null) return null;
  // A gap in a canal is a passage through it (its bank towns are no call's evidence).
  if (inPassage(s.lastLat, s.lastLon) || inPassage(r.lat, r.lon)) return null;
  const before = new Set(candidatePorts({ ...r, lat: s.lastLat, lon: s.lastLon }, ports, named, popularity, p).map((c) => c.locode));
  const common = candidatePorts(r, ports, named, popularity, p).filter((c) => before.has(c.locode));
  if (common.length === 0) return null;
  const port = ports.get(choosePort(common, named, popularity, null, s.left))!;
  const dIn = haversine(s.lastLat, s.lastLon, port.lat, port.lon);
  const dOut = haversine(r.lat, r.lon, port.lat, port.lon);
  // Heading for the port before the gap and away from it after (not passing by, nor turning back outside).
  if (dIn > 1000 && angleDiff(s.lastCog, bearing(s.lastLat, s.lastLon, port.lat, port.lon)) > 60) return null;
  if (dOut > 1000 && angleDiff(r.cog, bearing(port.lat, port.lon, r.lat, r.lon)) > 60) return null;
  const travelIn = ((GAP_SLOWING * dIn) / (s.lastSog * KN)) * 1000;
  const travelOut = wayOutMs(dOut, r.sog);
  if (travelIn + MIN_GAP_STAY_MS + travelOut > gap) return null;
  return { port: port.locode, lat: port.lat, lon: port.lon, arrival: Math.round(s.lastAt + travelIn), departure: Math.round(r.at - travelOut) };
}

const MIN_GAP_STAY_MS = 10 * 60_000;

/**
 * How long ago a ship `distM` out at `kn` knots left its berth: accelerating from rest it is
 * slower on average than it is now (x 1.5). Departures, and calls inferred across gaps, use it.
 */
export function wayOutMs(distM: number, kn: number): number {
  return ((1.5 * distM) / (kn * KN)) * 1000;
}

/**
 * When the ship stopped: the last moving report plus the distance it still had to go at that
 * report's speed (a ship in the last few hundred metres to the berth is already slow).
 */
function stopTime(s: DetectorState, r: EtaReport, gap: number, p: DetectorParams): number {
  if (!s.lastMoving || s.lastSog === null) return r.at;
  const dist = haversine(r.lat, r.lon, s.lastLat, s.lastLon);
  const sp = s.lastSog * KN;
  if (gap > p.maxGapMs) {
    // Reception lost on the way in: the distance left at the speed it had (slowing into port takes longer).
    if (sp < 2 * KN) return r.at;
    return s.lastAt + Math.min(gap, ((GAP_SLOWING * dist) / sp) * 1000);
  }
  if (sp < 0.3) return r.at - gap / 2;
  return s.lastAt + Math.min(gap, (dist / sp) * 1000);
}

/** A stop this close to a port's point is at that port (UN/LOCODE points are given to 1', 1.85 km)... */
const AT_POINT_M = 2000;
/** ...rather than at the port just left, when that one is this far. */
const ACROSS_M = 4000;

/** Time in from a gap's last report: distance over speed, by this much (harbour speed at the end). */
const GAP_SLOWING = 1.2;

/**
 * The port the ship's destination texts named if it is one of the close ones, else the one
 * ships that named it stopped at here before, else the most used, else the nearest.
 *
 * Except the port the ship has just left, when the stop lies at another port's point and well
 * away from it: a shuttle across a strait whose text never changes (Helsingør-Helsingborg,
 * 5.5 km, both ends within the radius) names one end at both; the text and the berths learned
 * from it would otherwise file every call at that end. A text naming a port spread over
 * terminals keeps it when the ship came from elsewhere.
 */
function choosePort(candidates: Candidate[], named: (locode: string) => boolean, popularity: Popularity, learned: string | null, left: string | null): string {
  const nearest = candidates[0];
  const leftDist = candidates.find((c) => c.locode === left)?.dist ?? Infinity;
  const behind = nearest !== undefined && nearest.locode !== left && nearest.dist <= AT_POINT_M && leftDist >= ACROSS_M ? left : null;
  const byText = candidates.find((c) => named(c.locode) && c.locode !== behind);
  if (byText) return byText.locode;
  if (learned !== null && learned !== behind) return learned;
  let best = nearest!.locode;
  let bestPop = popularity(best);
  for (const { locode: c } of candidates.slice(1)) {
    if (c === behind) continue;
    const pop = popularity(c);
    if (pop > bestPop * 2 + 2) {
      best = c;
      bestPop = pop;
    }
  }
  return best;
}

/** A stop near ports not yet long enough to count: the port it would be, for predicting ahead of the confirmation. */
export function pendingPort(s: DetectorState, named: (locode: string) => boolean, popularity: Popularity): { port: string; since: number } | null {
  if (s.port !== null || s.run === null || s.lastMoving || s.run.passage || s.run.queue) return null;
  return { port: choosePort(s.run.ports, named, popularity, s.run.learned, s.left), since: s.run.since };
}
