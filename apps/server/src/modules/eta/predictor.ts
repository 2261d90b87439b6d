import { parseDestination } from './destination-parser.ts';
import { angleDiff, bearing, haversine, KN } from './geo.ts';
import { median, type Knowledge } from './knowledge.ts';
import { inPassage, offEntrance } from './passages.ts';
import type { PortCatalogue } from './ports.ts';
import { matchVoyage, type MatchCache } from './route-match.ts';
import type { SeaDistances } from './sea-distance.ts';
import { utcOffsetMs } from './time-zone.ts';
import { nextSailing, sailings } from './timetable.ts';
import type { EtaPrediction, EtaReport } from './types.ts';

/** What the predictor needs to know about one ship besides the report in hand. */
export interface ShipView {
  mmsi: number;
  /** Port the ship is in now (detected arrival, not yet departed). */
  inPort: string | null;
  arrivedAt: number;
  lastPort: string | null;
  departedAt: number | null;
  /** Normalised destination text. */
  textKey: string;
  /** Time-weighted mean speed over the last half hour, knots. */
  recentKn: number | null;
  /** The ship's usual speed under way, knots. */
  cruiseKn: number | null;
  match: Map<number, MatchCache>;
  /** Since when the ship has been stopped at sea (at anchor, drifting), or null under way. */
  stoppedSince: number | null;
  /** When the crew last changed its ETA (null: not seen changing since the ship was first heard). */
  etaTypedAt: number | null;
  /** Closest approach on this voyage to each port considered (for spotting a port behind the ship); null when none yet. */
  away: Map<string, { minDist: number; minAt: number; since: number; offSince: number | null; sea: SeaScan | null }> | null;
  /** Track since the last departure (or the first report): flat lat, lon, time, metres so far. */
  track: number[];
  /** Our own estimate at the latest report, before the crew's was weighed in (learned from at arrival). */
  lastOwn: { at: number; to: string; eta: number; basis: EtaPrediction['basis'] } | null;
  /** The Knowledge.transitions keys for the port left and the text shown (see transitionKeys). */
  keys?: TransitionKeys;
}

interface TransitionKeys {
  from: string;
  textKey: string;
  /** `${mmsi}|${from}`, `${mmsi}|${from}|${text}`, `*|${from}`. */
  ship: string;
  shipText: string;
  fleet: string;
}

/**
 * The ship's keys into Knowledge.transitions, built again only when its last port or its text
 * changes: a key built afresh at every report is hashed afresh at every lookup (a twentieth of
 * the replay's time).
 */
function transitionKeys(s: ShipView, from: string): TransitionKeys {
  let k = s.keys;
  if (!k || k.from !== from || k.textKey !== s.textKey) {
    s.keys = k = { from, textKey: s.textKey, ship: `${s.mmsi}|${from}`, shipText: `${s.mmsi}|${from}|${s.textKey}`, fleet: `*|${from}` };
  }
  return k;
}

export interface Context {
  ports: PortCatalogue;
  k: Knowledge;
  /** Distances by sea (null: straight lines only, as in most unit tests). */
  sea: SeaDistances | null;
}

/** Metres by sea from (lat, lon) to port `to`; null without distances by sea or off their lattice. */
function bySea(c: Context, to: string, lat: number, lon: number): number | null {
  const p = c.ports.get(to);
  return c.sea && p ? c.sea.metres(p, lat, lon) : null;
}

const H = 3600_000;
const OWN_VOYAGES = 6;
const FLEET_VOYAGES = 6;

/**
 * Next port: learned from this ship with this text, the text itself, the ship's history,
 * everyone's, the course; overruled when the ship, slowing down, is on the last kilometres of
 * past voyages into another port, on their course (the text names the final port of several,
 * or is stale).
 */
export function chooseDestination(c: Context, s: ShipView, r: EtaReport): string | null {
  const to = chooseByTextAndHistory(c, s, r);
  // In a canal, and off its locks, ships queue and keep to the canal's speed: neither is a
  // sign of going into a port on its banks or beside its entrance.
  if (s.inPort === null && (inPassage(r.lat, r.lon) || offEntrance(r.lat, r.lon, s.stoppedSince !== null ? null : r.cog))) return to;
  if (s.inPort === null && s.stoppedSince !== null) return waitingOff(c, s, r, to) ?? to;
  if (s.inPort !== null || r.sog === null || r.sog < 1.5 || r.cog === null) return to;
  // Only a ship slowing down is going in: one at full speed is passing the port by.
  if (s.cruiseKn !== null && r.sog > 0.8 * s.cruiseKn) return to;
  const lanes = c.k.approaching(r.lat, r.lon, r.cog);
  if (lanes && to !== null && lanes.has(to)) return to;
  let best: string | null = null;
  let bestN = 1;
  if (lanes) for (const [port, n] of lanes) if (n > bestN && port !== s.lastPort) [best, bestN] = [port, n];
  return best ?? slowingInto(c, s, r, to) ?? to;
}

const WAITING_OFF_M = 15_000;
const SLOWING_INTO_M = 12_000;
const FAR_M = 50_000;

/**
 * A ship lying stopped at sea for half an hour a few kilometres off a port, while the port
 * chosen so far is far away, is waiting for a berth there (the text names a later port).
 */
function waitingOff(c: Context, s: ShipView, r: EtaReport, to: string | null): string | null {
  if (r.at - s.stoppedSince! < 30 * 60_000) return null;
  return portCloseBy(c, s, r, to, WAITING_OFF_M, null);
}

/**
 * Where no past voyage has taught the approach yet: a ship down to harbour speed (under half
 * its cruise speed) a few kilometres short of a port ahead, while the port chosen so far is
 * far off, is going into the port ahead (the text names the final port of several, or is
 * stale). Half the cruise speed, not a pilot's boarding speed, and the tight radius keep ships
 * that slow down on their way (a pilot station, a narrow passage) on their course.
 */
function slowingInto(c: Context, s: ShipView, r: EtaReport, to: string | null): string | null {
  if (r.sog! > (s.cruiseKn !== null ? 0.5 * s.cruiseKn : 6)) return null;
  return portCloseBy(c, s, r, to, SLOWING_INTO_M, r.cog);
}

/**
 * Instead of `to` when that is over FAR_M off: the port within `radiusM` that is nearest
 * (and, with a course, most nearly ahead: 40 degrees at most), the busier the likelier; not
 * the port just left.
 */
function portCloseBy(c: Context, s: ShipView, r: EtaReport, to: string | null, radiusM: number, cog: number | null): string | null {
  const cur = to !== null ? c.ports.get(to) : undefined;
  if (cur && haversine(r.lat, r.lon, cur.lat, cur.lon) < FAR_M) return null;
  let best: string | null = null;
  let bestScore = Infinity;
  for (const { port, dist } of c.ports.near(r.lat, r.lon, radiusM)) {
    if (port.locode === s.lastPort || port.onPassage) continue;
    const off = cog === null || dist < 1500 ? 0 : angleDiff(bearing(r.lat, r.lon, port.lat, port.lon), cog);
    if (off > 40) continue;
    const score = ((dist / 1000 + 1) * (1 + off / 40)) / (1 + Math.log1p(c.k.popularity(port.locode)) * 2);
    if (score < bestScore) [best, bestScore] = [port.locode, score];
  }
  return best;
}

function chooseByTextAndHistory(c: Context, s: ShipView, r: EtaReport): string | null {
  const from = s.inPort ?? s.lastPort;
  // Candidates, best first; the first one the ship is not sailing away from wins. One that only
  // history suggests (this ship's habit or the fleet's, where its text does not say so) must
  // also lie ahead: habits are the weakest clue, and a ship on course elsewhere has broken one.
  const cands: { to: string; weak: boolean }[] = [];
  const add = (to: string | null | undefined, weak: boolean) => {
    if (to) cands.push({ to, weak: weak && !cands.some((x) => x.to === to && !x.weak) });
  };
  const keys = from ? transitionKeys(s, from) : null;
  if (keys && s.textKey) {
    const t = c.k.topTransition(keys.shipText, keys.from);
    if (t && t.share >= 0.6) add(t.to, false);
  }
  const stops = parseDestination(r.destination, c.ports);
  const named = resolveStops(c, s, r, stops, from);
  if (named !== from) add(named, false);
  // A habit is a clue only where it is one: most of this ship's (else the fleet's) departures
  // from here went there. From a port whose departures spread over many (a tramp's, a hub's)
  // the lanes and the course say more, and the habit is the last resort.
  let lastResort: string | null = null;
  if (keys) {
    for (const habit of [c.k.topTransition(keys.ship, keys.from), c.k.topTransition(keys.fleet, keys.from)]) {
      if (habit && habit.share >= HABIT_SHARE) add(habit.to, true);
      else lastResort ??= habit?.to ?? null;
    }
  }
  let first: string | null = null;
  let pick: string | null = null;
  for (const { to, weak } of cands) {
    first ??= to;
    // Every candidate is tracked at every report (one checked only later would start late).
    const away = headingAway(c, s, r, to);
    const off = offCourse(c, s, r, to) && weak;
    if (!away && !off) pick ??= to;
  }
  if (pick !== null) return offLane(c, r, from, pick) ?? pick;
  // All behind the ship: where past voyages on this lane went, the port ahead on course, else the best of them after all, else a weak habit.
  return onLane(c, r, from) ?? aheadOnCourse(c, r, from) ?? first ?? lastResort;
}

/**
 * The share of departures a habit needs. On three simulated 90-day fleets (bench/README-eta.md,
 * 2026-12-01) this took the 0-3 h MAE from 15.3 to 13.6 minutes on the first, the others a little.
 */
const HABIT_SHARE = 0.5;

/** Lane votes count within this distance of the port they point to: farther out, trunk lanes lead to many ports. */
const LANE_NEAR_M = 150_000;
/** Within this of a port, its approach (chooseDestination) decides; ports this close share their lanes. */
const LANE_SAME_PORT_M = 30_000;

/**
 * A pick from the text or history that ships do not sail to this way: a port with lanes learned
 * (five voyages at least) none of which passes here on this course, while six or more past
 * voyages here on this course went elsewhere (three at least to one port, which wins, if it is
 * within LANE_NEAR_M). A stale or wrong text is found hours before the ship turns away from the
 * port it names. Not near the pick, nor when a voted port is near it (Vuosaari and Helsinki,
 * Muuga and Tallinn share their lanes). On three simulated 90-day fleets this took the 1-3 h MAE
 * from 28 to 23, 20 to 15 and 25 to 17 minutes, destinations right about as often (bench/README-eta.md).
 */
function offLane(c: Context, r: EtaReport, from: string | null, pick: string): string | null {
  if (r.sog === null || r.sog < 3 || r.cog === null) return null;
  if ((c.k.voyagesTo.get(pick)?.length ?? 0) < 5 || c.k.onLaneTo(pick, r.lat, r.lon, r.cog)) return null;
  const at = c.ports.get(pick)!;
  if (haversine(r.lat, r.lon, at.lat, at.lon) < LANE_SAME_PORT_M) return null;
  const votes = c.k.laneDestinations(r.lat, r.lon, r.cog, from);
  let total = 0;
  for (const [port, n] of votes) {
    const p = c.ports.get(port);
    if (p && haversine(p.lat, p.lon, at.lat, at.lon) < LANE_SAME_PORT_M) return null;
    total += n;
  }
  const best = total >= 6 ? topVote(votes, 3) : null;
  if (best === null) return null;
  const b = c.ports.get(best);
  return b && haversine(r.lat, r.lon, b.lat, b.lon) < LANE_NEAR_M ? best : null;
}

/** The port most past voyages through here on this course were going to (two at least), under way. */
function onLane(c: Context, r: EtaReport, from: string | null): string | null {
  if (r.sog === null || r.sog < 3 || r.cog === null) return null;
  return topVote(c.k.laneDestinations(r.lat, r.lon, r.cog, from), 2);
}

/** The port with the most votes, if it has `atLeast` (the first of equals). */
function topVote(votes: Map<string, number>, atLeast: number): string | null {
  let best: string | null = null;
  let bestN = atLeast - 1;
  for (const [port, n] of votes) if (n > bestN) [best, bestN] = [port, n];
  return best;
}

const AWAY_M = 15_000;
const AWAY_MS = 45 * 60_000;

/** The closest a ship came to a port by sea, over its track up to `scannedTo`. */
interface SeaScan {
  scannedTo: number;
  min: number;
  minAt: number;
}

/**
 * A port is behind the ship (a stale or mistyped text, a habit that does not hold this time)
 * when the ship has been getting farther from it for a good while at sea: 15 km beyond the
 * closest it came, over 45 minutes; and, where the distances by sea know the way, by sea too.
 * Leaving Helsinki for Oulu a ship sails away from Oulu as the crow flies for half a day (west
 * to the Åland Sea, then north), from a port out of the Baltic round the Skaw for longer; by
 * sea it comes nearer all the time. Only the straight line's verdict is checked by sea, not the
 * other way round: the graph's 1.1 km cells miss the narrowest fairways through the
 * archipelagos, where the way by sea can look longer while the ship is getting nearer. And only then, over the
 * track since this port was first considered, so that only ports behind by the straight line
 * cost a field (a Dijkstra each).
 */
function headingAway(c: Context, s: ShipView, r: EtaReport, port: string): boolean {
  if (s.inPort !== null) return false;
  const p = c.ports.get(port);
  if (!p) return false;
  const d = haversine(r.lat, r.lon, p.lat, p.lon);
  s.away ??= new Map();
  const a = s.away.get(port);
  if (!a || a.since > r.at) {
    if (s.away.size >= 8) s.away.clear();
    s.away.set(port, { minDist: d, minAt: r.at, since: r.at, offSince: null, sea: null });
    return false;
  }
  if (d < a.minDist) {
    a.minDist = d;
    a.minAt = r.at;
  }
  if (d <= a.minDist + AWAY_M || r.at - a.minAt <= AWAY_MS) return false;
  const now = bySea(c, port, r.lat, r.lon);
  if (now === null) return true;
  const scan = (a.sea ??= { scannedTo: a.since - 1, min: Infinity, minAt: 0 });
  const t = s.track;
  let i = t.length - 4;
  while (i >= 4 && t[i - 2]! > scan.scannedTo) i -= 4;
  for (; i >= 0 && i < t.length; i += 4) {
    if (t[i + 2]! <= scan.scannedTo) continue;
    const m = bySea(c, port, t[i]!, t[i + 1]!);
    if (m !== null && m < scan.min) [scan.min, scan.minAt] = [m, t[i + 2]!];
  }
  if (now < scan.min) [scan.min, scan.minAt] = [now, r.at];
  scan.scannedTo = r.at;
  return now > scan.min + AWAY_M && r.at - scan.minAt > AWAY_MS;
}

const OFF_COURSE_DEG = 60;
const OFF_COURSE_MS = 30 * 60_000;

/**
 * A port that has lain more than 60 degrees off the course of a ship under way (5 kn or more)
 * for half an hour: not where it is sailing. Kept in the entry headingAway keeps, so call that
 * first. Only history's guesses are held to it: ships do sail off the line to a port their text
 * names (round a cape, out of an archipelago, up the Great Belt to the North Sea), and the text
 * has its own check in headingAway.
 */
function offCourse(c: Context, s: ShipView, r: EtaReport, port: string): boolean {
  const a = s.away?.get(port);
  const p = c.ports.get(port);
  if (!a || !p) return false;
  if (r.sog === null || r.sog < 5 || r.cog === null || angleDiff(bearing(r.lat, r.lon, p.lat, p.lon), r.cog) <= OFF_COURSE_DEG) {
    a.offSince = null;
    return false;
  }
  a.offSince ??= r.at;
  return r.at - a.offSince >= OFF_COURSE_MS;
}

/** One port of a multi-stop text: the one after the port just left, the way the ship is heading. */
function resolveStops(c: Context, s: ShipView, r: EtaReport, stops: string[][], from: string | null): string | null {
  if (stops.length === 0) return null;
  const list = stops.map((cands) => (cands.length === 1 ? cands[0]! : c.ports.nearestOf(cands, r.lat, r.lon)));
  if (list.length === 1) return list[0]!;
  const moving = r.sog !== null && r.sog > 3 && r.cog !== null;
  const byCourse = (opts: string[]) => {
    if (!moving) return opts[0]!;
    let best = opts[0]!;
    let bestScore = Infinity;
    for (const o of opts) {
      const p = c.ports.get(o)!;
      const score = angleDiff(bearing(r.lat, r.lon, p.lat, p.lon), r.cog!) + haversine(r.lat, r.lon, p.lat, p.lon) / 20_000;
      if (score < bestScore) [best, bestScore] = [o, score];
    }
    return best;
  };
  const fromHistory = (opts: string[]) => {
    if (!from) return null;
    let best: string | null = null;
    let n = 0;
    for (const o of opts) {
      const e = c.k.transitions.get(transitionKeys(s, from).ship)?.get(o);
      if (e && e.n > n) [best, n] = [o, e.n];
    }
    return best;
  };
  const i = from ? list.indexOf(from) : -1;
  if (i >= 0) {
    const opts = [list[i + 1], list[i - 1]].filter((x): x is string => x !== undefined && x !== from);
    if (opts.length === 0) return null;
    return fromHistory(opts) ?? (opts.length === 1 ? opts[0]! : s.inPort ? opts[0]! : byCourse(opts));
  }
  const opts = list.filter((x) => x !== from);
  if (opts.length === 0) return null;
  return fromHistory(opts) ?? (s.inPort || !moving ? opts[0]! : byCourse(opts));
}

/**
 * No text, no history: the port ahead on course that ships use, the nearest first (not a
 * town on a canal's banks: ships pass those, see passages.ts). Scanned
 * unsorted (a 200 km circle holds hundreds of ports in Danish waters, and ships with neither
 * text nor history ask at every report): equal scores go to the nearer port, as in distance
 * order, and a port that would lose even dead ahead is not worked out further.
 */
export function aheadOnCourse(c: Context, r: EtaReport, from: string | null): string | null {
  if (r.sog === null || r.sog < 3 || r.cog === null) return null;
  const cog = r.cog;
  let best: string | null = null;
  let bestScore = Infinity;
  let bestDist = Infinity;
  c.ports.forEachNear(r.lat, r.lon, 200_000, (port, dist) => {
    if (port.locode === from || dist < 3000 || port.onPassage) return;
    const weight = 1 + Math.log1p(c.k.popularity(port.locode)) * 2;
    if (dist / 1000 / weight > bestScore) return;
    const off = angleDiff(bearing(r.lat, r.lon, port.lat, port.lon), cog);
    if (off > 25) return;
    const score = ((dist / 1000) * (1 + off / 25)) / weight;
    if (score < bestScore || (score === bestScore && dist < bestDist)) [best, bestScore, bestDist] = [port.locode, score, dist];
  });
  return best;
}

/** ETA at port `to` for a ship at sea, from past voyages into it, else distance over speed; then the crew's ETA as a check. */
export function estimateEta(c: Context, s: ShipView, r: EtaReport, to: string): EtaPrediction {
  const port = c.ports.get(to);
  if (!port) return { destination: to, eta: null, basis: null };
  if (s.inPort !== null) return inPortEta(c, s, r, to);
  const hist = fromHistory(c, s, r, to);
  let eta: number;
  let basis: EtaPrediction['basis'];
  if (hist) {
    eta = r.at + hist.msToGo;
    basis = hist.own ? 'own-history' : 'fleet-history';
  } else {
    eta = r.at + distanceOverSpeed(c, s, r, to);
    basis = 'distance';
  }
  // Waiting at anchor off the port: the usual wait there (learned), then the last stretch.
  const gc = haversine(r.lat, r.lon, port.lat, port.lon);
  const waiting = s.stoppedSince !== null && gc <= WAIT_RADIUS_M;
  const given = waiting ? berthTimeGiven(c, s, r, to, eta) : null;
  if (waiting) {
    const wait = c.k.medianWait(to);
    if (wait !== null) eta = Math.max(eta, s.stoppedSince! + wait + (eta - r.at));
  }
  s.lastOwn = { at: r.at, to, eta, basis };
  if (given !== null) return { destination: to, eta: given, basis: 'reported' };
  eta = combineReported(c, s, r, eta, reportedFor(c, s, r, to, eta), basis);
  return { destination: to, eta: Math.round(Math.max(eta, r.at)), basis };
}

/** Whether the crew's ETA is for `to`: the last port its text names (the ETA of a multi-stop text is the final port's). */
function etaIsFor(c: Context, r: EtaReport, to: string): boolean {
  const stops = parseDestination(r.destination, c.ports);
  return stops[stops.length - 1]?.includes(to) ?? false;
}

/** A ship stopped this close to its destination is waiting for its berth. */
export const WAIT_RADIUS_M = 40_000;

/** A berth time further off than this is not taken on the crew's word. */
const BERTH_GIVEN_MAX_MS = 72 * H;

/**
 * How long a wait off the port lasts is nothing the track can tell; the crew that changes its
 * ETA during the wait has been given a berth time, and that is the answer (the wait's usual
 * length is only a guess). Its ETA for this port, read as AIS defines it (UTC), when it was
 * typed after the ship stopped and lies between the end of the last stretch in (`passage`, our
 * ETA were it to weigh anchor now) and three days ahead; a value typed before the wait is the
 * passage's and is weighed as usual.
 */
function berthTimeGiven(c: Context, s: ShipView, r: EtaReport, to: string, passage: number): number | null {
  if (r.reportedEta === null || s.etaTypedAt === null || s.etaTypedAt < s.stoppedSince!) return null;
  if (!etaIsFor(c, r, to)) return null;
  const eta = r.reportedEta;
  return eta >= passage - 10 * 60_000 && eta - r.at <= BERTH_GIVEN_MAX_MS ? eta : null;
}

function fromHistory(c: Context, s: ShipView, r: EtaReport, to: string): { msToGo: number; own: boolean } | null {
  const all = c.k.voyagesTo.get(to);
  if (!all || all.length === 0) return null;
  const own: number[] = [];
  const fleet: number[] = [];
  let nOwn = 0;
  let nFleet = 0;
  // Speed now against that voyage's speed at the same spot: both local (the half-hour mean
  // lags behind a ship that has just left port).
  const cur = r.sog ?? s.recentKn ?? 0;
  for (let i = all.length - 1; i >= 0; i--) {
    const v = all[i]!;
    const mine = v.mmsi === s.mmsi;
    if (mine ? nOwn >= OWN_VOYAGES : nFleet >= FLEET_VOYAGES) continue;
    if (mine) nOwn++;
    else nFleet++;
    const cog = r.sog !== null && r.sog > 3 ? r.cog : null;
    let cache = s.match.get(v.id);
    if (!cache) s.match.set(v.id, (cache = { idx: -1, fullAt: 0 }));
    const match = matchVoyage(v, r.lat, r.lon, cog, r.at, cache, mine ? 2500 : 3500);
    if (!match) continue;
    // Faster or slower than that voyage was here: scale the rest of it, partly for the ship's
    // own voyages (its pace today is partly noise), mostly for other ships'.
    const ratio = cur > 0.5 && match.speed > 0.3 ? Math.min(1.7, Math.max(0.6, match.speed / (cur * KN))) : 1;
    const w = mine ? 0.35 : 0.75;
    (mine ? own : fleet).push(match.msToGo * (1 + w * (ratio - 1)));
  }
  if (own.length > 0) return { msToGo: median(own), own: true };
  if (fleet.length > 0) return { msToGo: median(fleet), own: false };
  return null;
}

const SEA_FROM_M = 60_000;
const SEA_FULL_M = 150_000;

/** The way to go (by sea, else the great circle times a detour) at the ship's recent speed, slower over the last few kilometres. */
function distanceOverSpeed(c: Context, s: ShipView, r: EtaReport, to: string): number {
  const port = c.ports.get(to)!;
  const gc = haversine(r.lat, r.lon, port.lat, port.lon);
  let dist = gc * (gc < 30_000 ? 1.25 : 1.12);
  // Farther out, the way by sea (round land, through the archipelagos), phased in from 60 to
  // 150 km: nearer in the fairway mostly is the straight line, and the graph's way from its
  // nodes into a harbour a guess.
  if (gc > SEA_FROM_M) {
    const sea = bySea(c, to, r.lat, r.lon);
    if (sea !== null) {
      const w = Math.min(1, (gc - SEA_FROM_M) / (SEA_FULL_M - SEA_FROM_M));
      dist = dist * (1 - w) + Math.max(sea, gc) * w;
    }
  }
  let kn = s.recentKn !== null && s.recentKn > 3 ? s.recentKn : (s.cruiseKn ?? 10);
  // Far from the port a slow spell (a pilot, a narrow passage, a wrong guess of the port) does
  // not last the whole way: most of the way goes at cruise speed again.
  if (dist > 30_000 && s.cruiseKn !== null) kn = Math.max(kn, 0.7 * s.cruiseKn);
  const v = Math.max(2, kn) * KN;
  const approach = Math.min(dist, 4000);
  return ((dist - approach) / v + approach / (v * 0.5)) * 1000;
}

/**
 * The crew's ETA for this port (also read as local time of either end typed as UTC, whichever
 * is nearest ours), or null when it is for another port or in the past.
 */
export function reportedFor(c: Context, s: ShipView, r: EtaReport, to: string, ours: number): number | null {
  if (r.reportedEta === null || !etaIsFor(c, r, to)) return null;
  const dest = c.ports.get(to)!;
  const from = s.lastPort ? c.ports.get(s.lastPort) : undefined;
  let best: number | null = null;
  for (const off of [0, utcOffsetMs(dest.tz, r.reportedEta), from ? utcOffsetMs(from.tz, r.reportedEta) : 0]) {
    const cand = r.reportedEta - off;
    if (cand < r.at - 10 * 60_000) continue;
    if (best === null || Math.abs(cand - ours) < Math.abs(best - ours)) best = cand;
  }
  return best;
}

/**
 * Ours and the crew's, weighted by how wrong each has been on this ship's (else every ship's)
 * past voyages, relative to the time to go; a crew's ETA far outside both errors is the tail
 * and is left out.
 */
function combineReported(c: Context, s: ShipView, r: EtaReport, ours: number, reported: number | null, basis: EtaPrediction['basis']): number {
  if (reported === null) return ours;
  const h = Math.max(ours - r.at, 15 * 60_000);
  const q = c.k.reliability(s.mmsi, basis === 'distance' ? 'distance' : 'history');
  const eOurs = Math.max(0.01, q.ours);
  const eRep = Math.max(0.01, q.reported);
  if (Math.abs(reported - ours) > (2.5 * Math.max(eOurs, eRep) + 0.05) * h + 10 * 60_000) return ours;
  const wOurs = 1 / (eOurs * eOurs);
  const wRep = 1 / (eRep * eRep);
  return (ours * wOurs + reported * wRep) / (wOurs + wRep);
}

/** In port: the usual stay here, then the usual passage; the crew's ETA when it fits. */
function inPortEta(c: Context, s: ShipView, r: EtaReport, to: string): EtaPrediction {
  const from = s.inPort!;
  const fromPort = c.ports.get(from)!;
  const toPort = c.ports.get(to)!;
  const passage = passageMs(c, s, from, to);
  const { leave, dwell } = leaving(c, s, r, from);
  const ours = leave + passage;
  const rep = r.reportedEta;
  if (rep !== null && etaIsFor(c, r, to)) {
    // The crew knows the sailing time; we know the usual stay and passage. Without a known
    // stay, theirs if it is possible at all; with one, theirs (or theirs read as local time)
    // when it is near ours.
    const offs = [0, utcOffsetMs(toPort.tz, rep), utcOffsetMs(fromPort.tz, rep)];
    let best: number | null = null;
    for (const off of offs) {
      const cand = rep - off;
      if (cand < r.at + passage * 0.8 || cand > r.at + 72 * H) continue;
      if (best === null || Math.abs(cand - ours) < Math.abs(best - ours)) best = cand;
    }
    if (best !== null && (dwell === null || Math.abs(best - ours) <= 20 * 60_000 + 0.15 * (ours - r.at))) {
      return { destination: to, eta: best, basis: 'reported' };
    }
  }
  return { destination: to, eta: Math.round(ours), basis: 'in-port' };
}

/**
 * When the ship in port `from` leaves: at its next sailing if it keeps a timetable here (after
 * its shortest stay, less a fifth), else after its usual stay; and that usual stay (null: none learned).
 * On the simulated fleet the timetable took the MAE of reports in port from 68 to 17 minutes
 * 3-6 h before the next arrival, 236 to 51 minutes 6-12 h (bench/README-eta.md, 2026-12-07).
 * The median stay of the stays that outlasted this one so far was tried: the 0-3 h MAE in
 * port grew from 11 to 28 minutes on the simulated fleet (a ship kept longer than usual is
 * mostly leaving soon).
 */
function leaving(c: Context, s: ShipView, r: EtaReport, from: string): { leave: number; dwell: number | null } {
  const key = `${s.mmsi}|${from}`;
  const dwells = c.k.dwells.get(key);
  const dwell = c.k.medianDwell(s.mmsi, from);
  const tz = c.ports.get(from)!.tz;
  const slots = sailings(c.k.departures.get(key), tz);
  if (slots) {
    const shortest = dwells && dwells.length > 0 ? 0.8 * Math.min(...dwells) : 30 * 60_000;
    const longest = dwells && dwells.length > 0 ? Math.max(...dwells) : Infinity;
    const t = nextSailing(slots, tz, s.arrivedAt + shortest, r.at);
    // A port of passage (a ferry's stop on its way, never a long stay): one running late leaves
    // after its stop, not at the next day's sailing.
    const passing = longest < 2 * H && t !== null && t - s.arrivedAt > 2 * longest + 30 * 60_000;
    if (t !== null && !passing) return { leave: t, dwell: t - s.arrivedAt };
  }
  const soon = r.at + 5 * 60_000;
  return { leave: Math.max(soon, dwell !== null ? s.arrivedAt + dwell : soon), dwell };
}

const passages = new WeakMap<Knowledge, Map<string, { version: number; ms: number }>>();

/** Usual passage time between two ports: this ship's past ones, else any ship's, else distance at the ship's speed. */
function passageMs(c: Context, s: ShipView, from: string, to: string): number {
  let memo = passages.get(c.k);
  if (!memo) passages.set(c.k, (memo = new Map()));
  const key = `${s.mmsi}|${from}|${to}`;
  const hit = memo.get(key);
  if (hit && hit.version === c.k.version) return hit.ms;
  const all = (c.k.voyagesTo.get(to) ?? []).filter((v) => v.from === from);
  const own = all.filter((v) => v.mmsi === s.mmsi);
  const use = own.length > 0 ? own : all;
  let ms: number;
  // The time to go at departure: the passage without a wait off the port.
  if (use.length > 0) ms = median(use.map((v) => v.points[2] ?? v.arrival - v.departure));
  else {
    const a = c.ports.get(from)!;
    const b = c.ports.get(to)!;
    const gc = haversine(a.lat, a.lon, b.lat, b.lon);
    const sea = bySea(c, to, a.lat, a.lon);
    ms = ((sea === null ? gc * 1.15 : Math.max(gc, sea)) / (Math.max(6, s.cruiseKn ?? 12) * KN)) * 1000 + 0.3 * H;
  }
  memo.set(key, { version: c.k.version, ms });
  return ms;
}
