/**
 * Port-call detection from AIS: a pure state machine per ship. It sees one
 * position report at a time with what the zone lookup says about that spot,
 * and emits events (call opened, berth/anchorage reached or left, departed).
 *
 * Hysteresis: a new situation counts only after `confirmReports` consecutive
 * reports that agree AND `minDwellMs` between the first and the last of them,
 * so GPS jitter across a zone edge or one stray report does not flap. A gap
 * longer than `maxGapMs` restarts the count (two reports an hour apart prove
 * nothing about the time between). Event times are the FIRST report of the
 * confirming run: the ship reached the berth then, not when we were sure.
 */

export interface ShipReport {
  mmsi: number;
  /** ms since epoch. */
  at: number;
  lat: number;
  lon: number;
  /** Knots; null when not available. */
  sog: number | null;
  navStatus: number | null;
}

export interface Voyage {
  destination: string | null;
  /** Reported ETA, ms since epoch. */
  eta: number | null;
}

export interface ZoneRef {
  id: string;
  name: string | null;
}

/** Where a report is, per the zone lookup; null = in no port. */
export interface PlaceHit {
  portCode: string;
  berth: ZoneRef | null;
  anchorage: ZoneRef | null;
}

export type PlaceKind = 'berth' | 'anchorage';

export interface OpenCall {
  visitKey: string;
  portCode: string;
  /** incoming until the first berth; a ship anchoring first is still incoming. */
  status: 'incoming' | 'on-going';
  place: (ZoneRef & { kind: PlaceKind }) | null;
  eta: number | null;
}

export interface ShipTrack {
  mmsi: number;
  lastAt: number;
  call: OpenCall | null;
  /** The run of agreeing reports not yet confirmed. */
  run: { key: string; count: number; since: number; firstSog: number | null } | null;
}

export type DetectionEvent =
  | { type: 'opened'; mmsi: number; visitKey: string; portCode: string; at: number; eta: number | null; destination: string | null }
  | { type: 'eta'; mmsi: number; visitKey: string; at: number; eta: number }
  | { type: 'arrived'; mmsi: number; visitKey: string; kind: PlaceKind; place: ZoneRef; at: number; berthing: boolean }
  | { type: 'left'; mmsi: number; visitKey: string; kind: PlaceKind; place: ZoneRef; at: number }
  | { type: 'departed'; mmsi: number; visitKey: string; at: number; estimated: boolean };

export interface DetectionParams {
  confirmReports: number;
  minDwellMs: number;
  maxGapMs: number;
  /** At or below this a ship entering a port area is slowing to call. */
  slowKn: number;
  berthMaxKn: number;
  anchorMaxKn: number;
  /** An open call with no report for this long is closed as departed (estimated). */
  staleMs: number;
}

export const DETECTION_DEFAULTS: DetectionParams = {
  confirmReports: 3,
  minDwellMs: 60_000,
  maxGapMs: 15 * 60_000,
  slowKn: 6,
  berthMaxKn: 0.5,
  anchorMaxKn: 1,
  staleMs: 48 * 3600_000,
};

const MOORED = 5;
const AT_ANCHOR = 1;

interface Observation {
  key: string;
  portCode: string | null;
  kind: 'outside' | 'port' | PlaceKind;
  place: ZoneRef | null;
}

/** What one report shows, before hysteresis. */
export function observe(r: ShipReport, hit: PlaceHit | null, p: DetectionParams = DETECTION_DEFAULTS): Observation {
  if (!hit) return { key: 'outside', portCode: null, kind: 'outside', place: null };
  const sog = r.sog ?? 0;
  const port = hit.portCode;
  if ((hit.berth && sog <= p.berthMaxKn) || (r.navStatus === MOORED && sog <= 1)) {
    const place = hit.berth ?? { id: `${port}:moored`, name: null };
    return { key: `berth:${place.id}`, portCode: port, kind: 'berth', place };
  }
  if ((hit.anchorage && sog <= p.anchorMaxKn) || (r.navStatus === AT_ANCHOR && sog <= 2)) {
    const place = hit.anchorage ?? { id: `${port}:anchored`, name: null };
    return { key: `anchorage:${place.id}`, portCode: port, kind: 'anchorage', place };
  }
  return { key: `port:${port}`, portCode: port, kind: 'port', place: null };
}

export const visitKeyOf = (mmsi: number, portCode: string, at: number) =>
  `ais:${mmsi}:${portCode}:${Math.floor(at / 60_000)}`;

export function newTrack(mmsi: number): ShipTrack {
  return { mmsi, lastAt: 0, call: null, run: null };
}

export interface StepInput {
  report: ShipReport;
  hit: PlaceHit | null;
  voyage: Voyage;
  /** Whether the reported destination names this port (zone lookup decides). */
  destinationMatches: (portCode: string) => boolean;
}

/** Advances one ship by one report. Pure: returns a new track and the events. */
export function step(track: ShipTrack, input: StepInput, p: DetectionParams = DETECTION_DEFAULTS) {
  const { report: r } = input;
  const events: DetectionEvent[] = [];
  if (r.at <= track.lastAt) return { track, events }; // out of order or repeated
  const obs = observe(r, input.hit, p);
  const gap = track.lastAt > 0 && r.at - track.lastAt > p.maxGapMs;
  let run = track.run;
  if (!run || gap || run.key !== obs.key) run = { key: obs.key, count: 0, since: r.at, firstSog: r.sog };
  run = { ...run, count: run.count + 1 };
  let call = track.call;

  // A newer ETA while incoming is news even without a state change.
  if (call && call.status === 'incoming' && input.voyage.eta !== null && input.voyage.eta !== call.eta) {
    call = { ...call, eta: input.voyage.eta };
    events.push({ type: 'eta', mmsi: r.mmsi, visitKey: call.visitKey, at: r.at, eta: input.voyage.eta });
  }

  const confirmed = run.count >= p.confirmReports && r.at - run.since >= p.minDwellMs;
  if (confirmed && currentKey(call) !== obs.key) {
    call = transition(call, obs, run, r, input, p, events);
  }
  return { track: { mmsi: track.mmsi, lastAt: r.at, call, run }, events };
}

function currentKey(call: OpenCall | null): string {
  if (!call) return 'outside';
  return call.place ? `${call.place.kind}:${call.place.id}` : `port:${call.portCode}`;
}

function transition(
  call: OpenCall | null,
  obs: Observation,
  run: NonNullable<ShipTrack['run']>,
  r: ShipReport,
  input: StepInput,
  p: DetectionParams,
  events: DetectionEvent[],
): OpenCall | null {
  const at = run.since;
  const mmsi = r.mmsi;
  // Another port's area (areas may touch): the call here ends first.
  if (call && obs.portCode !== call.portCode) {
    leavePlace(mmsi, call, at, events);
    events.push({ type: 'departed', mmsi, visitKey: call.visitKey, at, estimated: false });
    call = null;
  }
  if (obs.kind === 'outside') return null;
  if (!call) {
    const slowing = (r.sog ?? 0) <= p.slowKn || (run.firstSog !== null && r.sog !== null && run.firstSog - r.sog >= 1);
    // A ship passing through at speed with another destination is not calling here.
    if (obs.kind === 'port' && !slowing && !input.destinationMatches(obs.portCode!)) return null;
    call = { visitKey: visitKeyOf(mmsi, obs.portCode!, at), portCode: obs.portCode!, status: 'incoming', place: null, eta: input.voyage.eta };
    events.push({ type: 'opened', mmsi, visitKey: call.visitKey, portCode: call.portCode, at, eta: call.eta, destination: input.voyage.destination });
  }
  call = leavePlace(mmsi, call, at, events);
  if (obs.kind === 'berth' || obs.kind === 'anchorage') {
    const berthing = obs.kind === 'berth' && call.status === 'incoming';
    call = { ...call, place: { ...obs.place!, kind: obs.kind }, ...(berthing && { status: 'on-going' as const }) };
    events.push({ type: 'arrived', mmsi, visitKey: call.visitKey, kind: obs.kind, place: obs.place!, at, berthing });
  }
  return call;
}

function leavePlace(mmsi: number, call: OpenCall, at: number, events: DetectionEvent[]): OpenCall {
  if (!call.place) return call;
  const { kind, ...place } = call.place;
  events.push({ type: 'left', mmsi, visitKey: call.visitKey, kind, place, at });
  return { ...call, place: null };
}

/** Closes a call whose ship fell silent: departed at its last report, marked estimated. */
export function expire(track: ShipTrack, now: number, p: DetectionParams = DETECTION_DEFAULTS) {
  const events: DetectionEvent[] = [];
  if (!track.call || now - track.lastAt < p.staleMs) return { track, events };
  const call = leavePlace(track.mmsi, track.call, track.lastAt, events);
  events.push({ type: 'departed', mmsi: track.mmsi, visitKey: call.visitKey, at: track.lastAt, estimated: true });
  return { track: { ...track, call: null, run: null }, events };
}
