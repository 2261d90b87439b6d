import { destinationNames, parseDestination } from './destination-parser.ts';
import { detect, DETECTOR_DEFAULTS, MOORED, newDetectorState, pendingPort, wayOutMs, type DetectorParams, type DetectorState } from './detector.ts';
import { angleDiff, bearing, haversine, KN } from './geo.ts';
import { Knowledge } from './knowledge.ts';
import { normalizeName, type PortCatalogue } from './ports.ts';
import { chooseDestination, estimateEta, reportedFor, WAIT_RADIUS_M, type ShipView } from './predictor.ts';
import type { MatchCache } from './route-match.ts';
import type { SeaDistances } from './sea-distance.ts';
import type { DetectedCall, EtaPrediction, EtaReport } from './types.ts';

/**
 * The prediction engine, the same for the server's live feed and the replay tool: feed it
 * reports in time order; it detects port calls, learns from each completed voyage (only the
 * past), and predicts the next port and the arrival time at every report. No I/O: the
 * caller stores `knowledge` and port calls where it likes.
 */
interface Ship extends ShipView {
  det: DetectorState;
  text: string | null;
  /** Normalised texts shown since the last departure (learned with the voyage's end port). */
  voyageTexts: string[];
  /** The same texts as shown. */
  voyageRaw: string[];
  recentAt: number;
  lastAt: number;
  /** The crew's ETA as last shown (undefined before the first report). */
  shownEta?: number | null;
  /** The last stop at sea on this voyage: where and how long (a wait off the next port). */
  lastStop: { start: number; end: number; lat: number; lon: number } | null;
  /** The call now under way was taken for a wait off the port (see offBerths). */
  waitCall: boolean;
  /** The ship reported moored while stopped in the call now under way. */
  callMoored: boolean;
  /** Left a call taken for a wait off this port: the voyage into it goes on (the arrival learns nothing new but the wait). */
  afterWait: { port: string; start: number; end: number; lat: number; lon: number } | null;
  /** Where the last call was and when the ship left it: an anchorage if the next arrival is the same port soon after. */
  prevCall: { port: string; lat: number; lon: number; at: number } | null;
  /** The last report taken for a jump (see isJump). */
  jump: { lat: number; lon: number; at: number } | null;
  /** The port and time predicted at the last report under way (for a call made out of reception, see farCall). */
  bound: { to: string; eta: number } | null;
  /** Our estimate and the crew's every half hour of this voyage, scored at the arrival. */
  samples: { at: number; to: string; ours: number; reported: number; kind: 'history' | 'distance' }[];
}

const MAX_TRACK_POINTS = 1500;
const MIN_POINT_GAP_MS = 100_000;
const MAX_VOYAGE_MS = 10 * 24 * 3600_000;
const SAMPLE_EVERY_MS = 30 * 60_000;
const MAX_KN = 50;
/** A call followed this soon by an arrival at the same port was a wait at anchor off it. */
const ANCHORAGE_NEXT_MS = 36 * 3600_000;
const ANCHORAGE_HOP_M = 40_000;
/** Named calls learned at a port before a stop away from its berths counts as a wait off it. */
const KNOWN_BERTHS = 5;
const JUMP_M = 3000;
/** A call made out of reception, and the voyage's texts from before the gap (see farCall). */
interface FarCall {
  port: string;
  arrival: number;
  departure: number;
  texts: string[];
}
/** Out of reception this long: a call may have been made and left in the gap (see farCall). */
const FAR_GAP_MS = 2 * 3600_000;
/** Closer than this to the port the detector's own inference (callInGap) applies. */
const FAR_MIN_M = 12_000;
const FAR_MIN_STAY_MS = 10 * 60_000;
/** The ship heard again must be sailing away from the port (its course within this of the bearing from it). */
const FAR_AWAY_DEG = 90;

export class EtaEngine {
  readonly ships = new Map<number, Ship>();
  /** Called for every arrival (departure null) and again at its departure. */
  onCall: ((call: DetectedCall) => void) | null = null;

  constructor(
    readonly ports: PortCatalogue,
    readonly knowledge: Knowledge = new Knowledge(),
    private readonly detector: DetectorParams = DETECTOR_DEFAULTS,
    readonly sea: SeaDistances | null = null,
  ) {}

  /**
   * Forgets the ships last heard before `before` (their track, port and texts; what was learned
   * from them stays in the knowledge): on a live feed every MMSI ever heard would otherwise
   * keep up to 1,500 track points. Returns the MMSIs forgotten. A ship heard again starts afresh.
   */
  forgetSilent(before: number): number[] {
    const gone: number[] = [];
    for (const [mmsi, s] of this.ships) {
      if (s.lastAt < before) {
        this.ships.delete(mmsi);
        gone.push(mmsi);
      }
    }
    return gone;
  }

  /** Takes one report (in time order per ship) and returns the prediction at it. */
  observe(r: EtaReport): EtaPrediction {
    const s = this.ship(r.mmsi);
    if (r.at < s.lastAt) return this.predictAt(s, r); // late duplicate: no learning
    // A position no ship could have reached: predicted from the last good one, and not learned
    // from (one bad fix in port would otherwise be a departure and a new arrival).
    if (this.isJump(s, r)) return this.predictAt(s, { ...r, lat: s.det.lastLat, lon: s.det.lastLon });
    // Before this report's text is taken in: the text a ship shows when heard again is its next
    // leg's, not the one to the call made out of reception (learned with it, a Vuosaari-Klaipeda
    // leg's habit sent the ship's later voyages with Hanko's text to Klaipeda).
    const far = this.farCall(s, r);
    this.updateText(s, r);
    this.updateReportedEta(s, r);
    this.updateSpeed(s, r);
    const events = detect(s.det, r, this.ports, this.knowledge.popularity, (l) => this.named(s, l), this.detector, this.spot, this.anchorage);
    for (const e of events) {
      if (e.type === 'arrived') this.arrived(s, e.port, e.at, e.inferred === true ? 'gap' : 'seen');
      else this.departed(s, e.port, e.arrival, e.at);
    }
    if (far && events.length === 0) this.fileFarCall(s, far);
    s.inPort = s.det.port;
    s.arrivedAt = s.det.arrival;
    if (s.inPort === null) {
      // Stopped at the port it was heading for: predict the next leg already (the arrival is
      // confirmed only after a few minutes more; the learning waits for that).
      const pending = pendingPort(s.det, (l) => this.named(s, l), this.knowledge.popularity);
      if (pending && pending.port !== s.lastPort && this.named(s, pending.port)) {
        s.inPort = pending.port;
        s.arrivedAt = pending.since;
      }
    }
    if (s.det.port !== null && r.navStatus === MOORED && r.sog !== null && r.sog <= this.detector.stopKn) s.callMoored = true;
    if (s.inPort !== null && this.offBerths(s, s.inPort, r)) {
      if (s.det.port !== null) s.waitCall = true;
      s.inPort = null;
    }
    if (s.inPort === null) {
      this.record(s, r);
      this.trackStop(s, r);
    } else s.stoppedSince = null;
    s.lastAt = r.at;
    const p = this.predictAt(s, r);
    s.bound = s.inPort === null && p.destination !== null && p.eta !== null ? { to: p.destination, eta: p.eta } : null;
    return p;
  }

  /**
   * A call made out of reception: ships leave the coast stations' range for most of an open-sea
   * crossing and are heard again on the way back. A ship that was bound for a port, is heard
   * again after it would have reached it, stayed a little and sailed this far back out, and is
   * now sailing away from it, called there in the gap. Filing that call starts the next leg
   * from that port, so the ship's habits from there apply (heard again 25 km off Mariehamn on
   * the way back from Stockholm, a ferry whose text names only Helsinki was otherwise sent on
   * to Helsinki). The times are our estimates (arrival: the ETA we gave before the gap;
   * departure: back from the distance at the speed now), so nothing is learned from them but
   * which port followed which.
   */
  private farCall(s: Ship, r: EtaReport): FarCall | null {
    const b = s.bound;
    if (b === null || s.lastAt === 0 || r.at - s.lastAt < FAR_GAP_MS || s.det.port !== null || b.eta <= s.lastAt) return null;
    if (r.sog === null || r.sog < this.detector.moveKn || r.cog === null) return null;
    const p = this.ports.get(b.to);
    if (!p) return null;
    const d = haversine(p.lat, p.lon, r.lat, r.lon);
    if (d < FAR_MIN_M || angleDiff(r.cog, bearing(p.lat, p.lon, r.lat, r.lon)) > FAR_AWAY_DEG) return null;
    const departure = r.at - wayOutMs(d, r.sog);
    if (departure - b.eta < FAR_MIN_STAY_MS) return null;
    return { port: b.to, arrival: b.eta, departure: Math.round(departure), texts: [...s.voyageTexts] };
  }

  private fileFarCall(s: Ship, c: FarCall) {
    const p = this.ports.get(c.port)!;
    s.voyageTexts = c.texts; // the next leg's starts at the arrival (resetTexts)
    s.det.stopLat = p.lat;
    s.det.stopLon = p.lon;
    s.det.left = c.port;
    s.det.run = null;
    // A wait taken for a call before the gap is not continued by this one (see arrived).
    s.afterWait = null;
    this.arrived(s, c.port, c.arrival, 'far');
    this.departed(s, c.port, c.arrival, c.departure, true);
  }

  /** Prediction for a ship's latest state at report `r`, without learning. */
  predictAt(s: Ship, r: EtaReport): EtaPrediction {
    const to = chooseDestination(this, s, r);
    if (!to) return { destination: null, eta: null, basis: null };
    s.lastOwn = null;
    const p = estimateEta(this, s, r, to);
    const own = s.lastOwn as Ship['lastOwn'];
    if (own && own.basis !== null) {
      const last = s.samples[s.samples.length - 1];
      if (!last || r.at - last.at >= SAMPLE_EVERY_MS) {
        const reported = reportedFor(this, s, r, to, own.eta);
        if (reported !== null) s.samples.push({ at: r.at, to, ours: own.eta, reported, kind: own.basis === 'distance' ? 'distance' : 'history' });
        if (s.samples.length > 400) s.samples.shift();
      }
    }
    return p;
  }

  private readonly spot = (lat: number, lon: number) => this.knowledge.spotPort(lat, lon);
  private readonly anchorage = (lat: number, lon: number) => this.knowledge.isAnchorage(lat, lon);

  /**
   * Stopped "in" a port whose berths are well known, but at none of them, and not reporting
   * moored: most likely at anchor off it with the status left at "under way", so the ship is
   * predicted as still on its way in (after the wait) rather than on its next voyage. At a
   * berth never seen before this shows the port as still ahead until the ship leaves.
   */
  private offBerths(s: Ship, port: string, r: EtaReport): boolean {
    if (r.navStatus === MOORED || s.callMoored || (this.knowledge.spotsPerPort.get(port) ?? 0) < KNOWN_BERTHS) return false;
    // Where it stopped, not where it is now (leaving a berth, the ship is soon off it).
    const [lat, lon] = s.det.port !== null ? [s.det.stopLat, s.det.stopLon] : [r.lat, r.lon];
    return this.knowledge.spotPort(lat, lon) !== port;
  }

  /**
   * A report farther from the last good one than 50 knots would take it (and over 3 km: fixes
   * wander at a berth) is a bad fix, or another ship sending the same MMSI. Two such reports
   * in a row that agree with each other mean the ship really is there (the earlier one was the
   * bad fix, or the track resumes after a gap the feed lost), so the second is taken.
   */
  private isJump(s: Ship, r: EtaReport): boolean {
    if (s.lastAt === 0) return false;
    const plausible = (lat: number, lon: number, at: number) => {
      const d = haversine(lat, lon, r.lat, r.lon);
      return d < JUMP_M || d / Math.max(1, (r.at - at) / 1000) <= MAX_KN * KN;
    };
    if (plausible(s.det.lastLat, s.det.lastLon, s.lastAt)) {
      s.jump = null;
      return false;
    }
    const j = s.jump;
    if (j && plausible(j.lat, j.lon, j.at)) {
      s.jump = null;
      return false;
    }
    s.jump = { lat: r.lat, lon: r.lon, at: r.at };
    return true;
  }

  /** Whether a text the ship showed on this voyage (or shows now) names the port. */
  private named(s: Ship, locode: string): boolean {
    if (destinationNames(s.text, this.ports, locode)) return true;
    return s.voyageRaw.some((t) => destinationNames(t, this.ports, locode));
  }

  get k() {
    return this.knowledge;
  }

  private ship(mmsi: number): Ship {
    let s = this.ships.get(mmsi);
    if (!s) {
      s = {
        mmsi, inPort: null, arrivedAt: 0, lastPort: null, departedAt: null, textKey: '', recentKn: null, cruiseKn: null,
        match: new Map<number, MatchCache>(), det: newDetectorState(), text: null, voyageTexts: [], voyageRaw: [], track: [], recentAt: 0, lastAt: 0, lastOwn: null, samples: [], away: null, stoppedSince: null, etaTypedAt: null, lastStop: null, prevCall: null, waitCall: false, callMoored: false, afterWait: null, jump: null, bound: null,
      };
      this.ships.set(mmsi, s);
    }
    return s;
  }

  private updateText(s: Ship, r: EtaReport) {
    if (r.destination === null || r.destination === s.text) return;
    s.text = r.destination;
    s.textKey = normalizeName(r.destination);
    if (s.textKey && !s.voyageTexts.includes(s.textKey)) {
      s.voyageTexts.push(s.textKey);
      s.voyageRaw.push(r.destination);
      if (s.voyageTexts.length > 4) {
        s.voyageTexts.shift();
        s.voyageRaw.shift();
      }
    }
    for (const stop of parseDestination(r.destination, this.ports)) this.knowledge.countMention(this.ports.nearestOf(stop, r.lat, r.lon));
  }

  /**
   * When the crew last changed its ETA: only a change from one ETA to another counts (a ship
   * first heard, or its first voyage data, says nothing about when the value was typed).
   */
  private updateReportedEta(s: Ship, r: EtaReport) {
    if (r.reportedEta === s.shownEta) return;
    if (s.shownEta != null && r.reportedEta !== null) s.etaTypedAt = r.at;
    s.shownEta = r.reportedEta;
  }

  /** Stopped at sea (at anchor, waiting): since when, and the last such stop of the voyage. */
  private trackStop(s: Ship, r: EtaReport) {
    const stopped = r.sog !== null ? r.sog < 1 : r.navStatus === 1;
    if (stopped) {
      s.stoppedSince ??= r.at;
      s.lastStop = { start: s.stoppedSince, end: r.at, lat: r.lat, lon: r.lon };
    } else if (r.sog !== null && r.sog > 2) s.stoppedSince = null;
  }

  /** Half-hour time-weighted speed, and a slow average of the speed under way. */
  private updateSpeed(s: Ship, r: EtaReport) {
    if (r.sog === null) return;
    const dt = s.recentAt > 0 ? Math.max(0, r.at - s.recentAt) : Infinity;
    const a = Math.min(1, dt / (30 * 60_000));
    s.recentKn = s.recentKn === null ? r.sog : s.recentKn + a * (r.sog - s.recentKn);
    s.recentAt = r.at;
    if (r.sog > 5) {
      const b = Math.min(1, dt / (6 * 3600_000));
      s.cruiseKn = s.cruiseKn === null ? r.sog : s.cruiseKn + b * (r.sog - s.cruiseKn);
    }
  }

  private record(s: Ship, r: EtaReport) {
    const t = s.track;
    const n = t.length;
    if (n > 0) {
      const d = haversine(t[n - 4]!, t[n - 3]!, r.lat, r.lon);
      if (r.at - t[n - 2]! < MIN_POINT_GAP_MS && d < 500) return;
      t.push(r.lat, r.lon, r.at, t[n - 1]! + d);
    } else t.push(r.lat, r.lon, r.at, 0);
    if (t.length / 4 > MAX_TRACK_POINTS) {
      // Halve the resolution of the older half: keep the end of the track fine.
      const keep: number[] = [];
      const half = Math.floor(t.length / 8) * 4;
      for (let i = 0; i < half; i += 8) keep.push(t[i]!, t[i + 1]!, t[i + 2]!, t[i + 3]!);
      s.track = keep.concat(t.slice(half));
    }
  }

  /**
   * `seen`: detected at the berth; `gap`: a whole call inside a short reception gap (detector's
   * callInGap, no berth seen); `far`: a call out of reception (farCall), its times our own
   * estimates, so only the port's order is learned.
   */
  private arrived(s: Ship, port: string, at: number, how: 'seen' | 'gap' | 'far' = 'seen') {
    const k = this.knowledge;
    const far = how === 'far';
    const prev = s.prevCall;
    if (!far && prev && prev.port === port && at - prev.at < ANCHORAGE_NEXT_MS && this.shortHop(s, prev)) k.addAnchorage(prev.lat, prev.lon, port);
    s.waitCall = false;
    s.callMoored = false;
    const afterWait = s.afterWait;
    s.afterWait = null;
    if (afterWait && afterWait.port === port) {
      // In after a wait taken for a call: the voyage and the arrival were learned then; the wait and the berth are new.
      if (this.named(s, port)) k.addSpot(s.det.stopLat, s.det.stopLon, port);
      k.addWait(port, afterWait.end - afterWait.start);
      this.arrivedAfter(s, port, at);
      return;
    }
    if (afterWait) {
      // It was a call after all (at a berth not learned yet): the voyage began when it left.
      k.addDwell(s.mmsi, afterWait.port, afterWait.end - afterWait.start);
      k.addDeparture(s.mmsi, afterWait.port, afterWait.end);
      s.lastPort = afterWait.port;
      s.departedAt = afterWait.end;
      const t = s.track;
      let i = 0;
      while (i + 4 < t.length && t[i + 2]! < afterWait.end) i += 4;
      const base = t[i + 3] ?? 0;
      s.track = [afterWait.lat, afterWait.lon, afterWait.end, 0];
      for (let j = i; j < t.length; j += 4) s.track.push(t[j]!, t[j + 1]!, t[j + 2]!, t[j + 3]! - base + haversine(afterWait.lat, afterWait.lon, t[i]!, t[i + 1]!));
    }
    k.countArrival(port);
    if (this.named(s, port) && how === 'seen') k.addSpot(s.det.stopLat, s.det.stopLon, port);
    const from = s.lastPort ?? '?';
    if (from !== port && s.lastPort) {
      k.addTransition(`${s.mmsi}|${from}`, port, at);
      k.addTransition(`*|${from}`, port, at);
      for (const text of s.voyageTexts) k.addTransition(`${s.mmsi}|${from}|${text}`, port, at);
    }
    // A wait off this port before the arrival (none when it sailed straight in).
    const p = this.ports.get(port)!;
    const w = s.lastStop;
    const wait = w !== null && at - w.end < 3 * 3600_000 && haversine(w.lat, w.lon, p.lat, p.lon) <= WAIT_RADIUS_M ? w : null;
    if (far) s.samples = [];
    else {
      if (from !== port) {
        const start = s.departedAt ?? (s.track.length > 0 ? s.track[2]! : at);
        if (at - start < MAX_VOYAGE_MS) this.learnVoyage(s, from, port, start, at, wait);
      }
      if (s.lastPort !== null) k.addWait(port, wait ? wait.end - wait.start : 0);
    }
    this.arrivedAfter(s, port, at);
  }

  /** What every arrival resets, and the crew's and our estimates of this voyage scored. */
  private arrivedAfter(s: Ship, port: string, at: number) {
    const k = this.knowledge;
    s.lastStop = null;
    s.stoppedSince = null;
    for (const x of s.samples) {
      const h = at - x.at;
      if (x.to === port && h > 10 * 60_000) k.addErrorSample(s.mmsi, x.kind, Math.abs(x.ours - at) / h, Math.abs(x.reported - at) / h);
    }
    s.samples = [];
    s.away = null;
    s.track = [];
    s.match.clear();
    this.resetTexts(s);
    this.onCall?.({ mmsi: s.mmsi, port, arrival: at, departure: null });
  }

  /** From the last stop straight in to another berth nearby (not back to the same one after a trip out). */
  private shortHop(s: Ship, prev: NonNullable<Ship['prevCall']>): boolean {
    const sailed = s.track.length >= 4 ? s.track[s.track.length - 1]! : 0;
    return sailed < ANCHORAGE_HOP_M && haversine(prev.lat, prev.lon, s.det.stopLat, s.det.stopLon) > this.detector.leaveM;
  }

  private resetTexts(s: Ship) {
    s.voyageTexts = s.textKey ? [s.textKey] : [];
    s.voyageRaw = s.text && s.textKey ? [s.text] : [];
  }

  /**
   * Keeps the voyage's track with the time still to go at each point, less any wait off the
   * port (a wait is its own question, answered by the port's waits: left in, one long wait
   * among a handful of voyages would push every later ETA on this route by hours).
   */
  private learnVoyage(s: Ship, from: string, to: string, departure: number, arrival: number, wait: Ship['lastStop']) {
    const p = this.ports.get(to)!;
    const t = s.track;
    const pts: number[] = [];
    let last = -1;
    for (let i = 0; i < t.length; i += 4) if (t[i + 2]! < arrival) last = i;
    if (last < 4) return;
    const total = t[last + 3]! + haversine(t[last]!, t[last + 1]!, p.lat, p.lon);
    const waited = (at: number) => (wait ? Math.max(0, wait.end - Math.max(at, wait.start)) : 0);
    for (let i = 0; i <= last; i += 4) pts.push(t[i]!, t[i + 1]!, arrival - t[i + 2]! - waited(t[i + 2]!), total - t[i + 3]!);
    // End at the stop itself (the detector's stop position, close to the berth).
    pts.push(s.det.stopLat, s.det.stopLon, 0, 0);
    this.knowledge.addVoyage({ mmsi: s.mmsi, from, to, departure, arrival, points: pts });
  }

  private departed(s: Ship, port: string, arrival: number, at: number, far = false) {
    s.prevCall = { port, lat: s.det.stopLat, lon: s.det.stopLon, at };
    if (s.waitCall) {
      // Not a departure: the ship waited off the port and now goes in (lastPort stays the port it came from).
      s.waitCall = false;
      s.afterWait = { port, start: arrival, end: at, lat: s.det.stopLat, lon: s.det.stopLon };
      s.stoppedSince = null;
      this.onCall?.({ mmsi: s.mmsi, port, arrival, departure: at });
      return;
    }
    s.afterWait = null;
    if (!far) {
      this.knowledge.addDwell(s.mmsi, port, at - arrival);
      this.knowledge.addDeparture(s.mmsi, port, at);
    }
    s.lastPort = port;
    s.departedAt = at;
    // Out of reception the way out is unknown: the track starts at the ship heard again.
    s.track = far ? [] : [s.det.stopLat, s.det.stopLon, at, 0];
    s.away = null;
    s.lastStop = null;
    s.stoppedSince = null;
    s.match.clear();
    this.resetTexts(s);
    this.onCall?.({ mmsi: s.mmsi, port, arrival, departure: at });
  }
}
