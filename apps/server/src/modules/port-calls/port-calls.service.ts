import {
  PORT_CALLS_RECENT_DEPARTED_HOURS,
  type CurrentPortCallResponse,
  type PortCallService,
  type PortCallsResponse,
  type PortCallTimestamp,
  type ShipDetails,
} from '@harbor/contracts';
import type { Tx } from '../../db/index.ts';
import type { DetectionEvent, OpenCall } from './detection.ts';
import { deriveTimes, mergeSources, mergeTimestamps, replaceServices, upsertService } from './merge.ts';
import type { NswCall } from './nsw-mapper.ts';
import * as repo from './port-calls.repository.ts';
import type { NewPortCallRow, PortCallRow, ShipFacts } from './port-calls.schema.ts';
import { toPortCall } from './port-calls.mapper.ts';

/** Optional ship details from the vessels module, filled in by app.ts when it is wired. */
export type ShipDetailsLookup = (mmsi: number) => Promise<ShipDetails | null>;

export interface PortCallsDeps {
  db: Tx;
  shipDetails?: ShipDetailsLookup;
  /** The product's own ETA (ms) of a ship at a port, when it predicts that ship goes there (eta module). */
  etaPrediction?: (mmsi: number, portCode: string) => number | null;
  /** PORTCALLS_NSW_EXPIRE_H: how long after its ETA a single-window call with no arrival stays listed. */
  nswExpireMs?: number;
  /** Whether the product shows simulated traffic now (no live feed): then simulated calls are listed too. */
  showSimulated?: () => boolean;
}

const withSimulated = (deps: PortCallsDeps) => deps.showSimulated?.() ?? false;

const staleBefore = (deps: PortCallsDeps, now: number) => (deps.nswExpireMs === undefined ? null : new Date(now - deps.nswExpireMs));

const toDate = (iso: string | null) => (iso ? new Date(iso) : null);

function withTimes(ts: PortCallTimestamp[]) {
  const t = deriveTimes(ts);
  return { timestamps: ts, status: t.status, eta: toDate(t.eta), etd: toDate(t.etd), ata: toDate(t.ata), atd: toDate(t.atd) };
}

/** Known values win over unknown ones; a field a source does not know never erases another's. */
function fill<T>(mine: T | null | undefined, theirs: T | null | undefined): T | null {
  return theirs ?? mine ?? null;
}

// ------------------------------------------------------------ national single window

/** Upserts one single-window call: by its id, else onto an AIS-detected visit of the same ship. */
export async function applyNsw(db: Tx, c: NswCall): Promise<PortCallRow> {
  const around = new Date(
    c.timestamps.find((t) => t.timeType === 'actual')?.effectiveTime ?? c.timestamps[0]?.effectiveTime ?? c.reportedAt,
  );
  const existing =
    (await repo.findByPcId(db, c.pcId)) ??
    (await repo.findAisMatch(db, { portCode: c.portCode, mmsi: c.mmsi, imo: c.imo, around }));
  if (existing) {
    const ts = mergeTimestamps(existing.timestamps, c.timestamps);
    return repo.updateCall(db, existing.id, {
      pcId: c.pcId,
      prevPort: fill(existing.prevPort, c.prevPort),
      nextPort: fill(existing.nextPort, c.nextPort),
      mmsi: fill(existing.mmsi, c.mmsi),
      imo: fill(existing.imo, c.imo),
      shipName: fill(existing.shipName, c.shipName),
      shipFlag: fill(existing.shipFlag, c.shipFlag),
      sources: mergeSources(existing.sources, 'national-single-window'),
      services: replaceServices(existing.services, 'national-single-window', c.services),
      planState: c.planState,
      ship: mergeFacts(existing.ship, c.ship),
      ...withTimes(ts),
    });
  }
  const values: NewPortCallRow = {
    pcId: c.pcId,
    portCode: c.portCode,
    prevPort: c.prevPort,
    nextPort: c.nextPort,
    mmsi: c.mmsi,
    imo: c.imo,
    shipName: c.shipName,
    shipFlag: c.shipFlag,
    sources: ['national-single-window'],
    services: c.services,
    planState: c.planState,
    ship: c.ship,
    ...withTimes(mergeTimestamps([], c.timestamps)),
  };
  // Lost a race with another poll of the same call: apply onto the winner.
  return (await repo.insertCall(db, values)) ?? applyNsw(db, c);
}

function mergeFacts(a: ShipFacts, b: ShipFacts): ShipFacts {
  const out: ShipFacts = { ...a };
  for (const [k, v] of Object.entries(b) as [keyof ShipFacts, ShipFacts[keyof ShipFacts]][]) {
    if (v !== null && v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

// ------------------------------------------------------------ AIS detection

export interface AisShipInfo extends ShipFacts {
  name?: string | null;
  imo?: number | null;
  flag?: string | null;
}

const aisTs = (
  at: number,
  sequence: PortCallTimestamp['sequence'],
  timeType: PortCallTimestamp['timeType'],
  service: PortCallTimestamp['service'],
  location: string | null,
  effective = at,
): PortCallTimestamp => ({
  sequence,
  timeType,
  effectiveTime: new Date(effective).toISOString(),
  reporter: 'AIS',
  source: 'AIS',
  reportedAt: new Date(at).toISOString(),
  service,
  location,
});

/**
 * Applies one detector event. `detector` is the open-call state after the
 * event (null once departed), stored so a restart resumes the same visit.
 * Idempotent per visit key: replaying the same reports changes nothing.
 */
export async function applyDetection(
  db: Tx,
  e: DetectionEvent,
  detector: (OpenCall & { lastAt: number }) | null,
  ship: AisShipInfo,
  simulated = false,
): Promise<PortCallRow | undefined> {
  let row = await repo.findByVisitKey(db, e.visitKey);
  if (!row && e.type === 'opened') row = await openCall(db, e, ship, simulated);
  if (!row) return undefined; // an event for a visit we never opened (state lost): ignore
  let ts = row.timestamps;
  let services = row.services;
  switch (e.type) {
    case 'opened':
    case 'eta':
      if (e.eta !== null) ts = mergeTimestamps(ts, [aisTs(e.at, 'commenced', 'estimated', 'port', null, e.eta)]);
      break;
    case 'arrived':
      ts = mergeTimestamps(ts, [aisTs(e.at, 'commenced', 'actual', visitOf(e.kind), e.place.name)]);
      services = upsertService(services, aisService(e.kind, e.place.id, e.place.name, true));
      break;
    case 'left':
      ts = mergeTimestamps(ts, [aisTs(e.at, 'completed', 'actual', visitOf(e.kind), e.place.name)]);
      services = upsertService(services, aisService(e.kind, e.place.id, e.place.name, false));
      break;
    case 'departed':
      ts = mergeTimestamps(ts, [aisTs(e.at, 'completed', e.estimated ? 'estimated' : 'actual', 'port', null)]);
      services = services.map((s) => (s.source === 'AIS' ? { ...s, current: false } : s));
      break;
  }
  return repo.updateCall(db, row.id, {
    services,
    detector,
    ship: mergeFacts(row.ship, factsOf(ship)),
    ...withTimes(ts),
  });
}

const visitOf = (kind: 'berth' | 'anchorage') => (kind === 'berth' ? 'berth-visit' : 'anchorage-visit');

function aisService(kind: 'berth' | 'anchorage', id: string, name: string | null, current: boolean): PortCallService {
  return { type: visitOf(kind), name, code: id, confirmed: true, current, source: 'AIS' };
}

function factsOf(s: AisShipInfo): ShipFacts {
  const { name: _n, imo: _i, flag: _f, ...facts } = s;
  return facts;
}

async function openCall(db: Tx, e: Extract<DetectionEvent, { type: 'opened' }>, ship: AisShipInfo, simulated: boolean) {
  const imo = ship.imo || null;
  // A simulated ship's MMSI or IMO may be a real ship's: it never joins a real visit.
  const nsw = simulated ? undefined : await repo.findNswMatch(db, { portCode: e.portCode, mmsi: e.mmsi, imo, at: new Date(e.at) });
  if (nsw) {
    return repo.updateCall(db, nsw.id, {
      aisVisitKey: e.visitKey,
      mmsi: nsw.mmsi ?? e.mmsi,
      sources: mergeSources(nsw.sources, 'AIS'),
    });
  }
  const inserted = await repo.insertCall(db, {
    aisVisitKey: e.visitKey,
    portCode: e.portCode,
    mmsi: e.mmsi,
    imo,
    shipName: ship.name ?? null,
    shipFlag: ship.flag ?? null,
    status: 'incoming',
    sources: ['AIS'],
    simulated,
    ship: { ...factsOf(ship), voyage: e.destination ?? ship.voyage ?? null },
  });
  return inserted ?? repo.findByVisitKey(db, e.visitKey);
}

// ------------------------------------------------------------ queries

async function detailsOf(deps: PortCallsDeps, mmsi: number | null) {
  if (!deps.shipDetails || !mmsi) return null;
  return deps.shipDetails(mmsi).catch(() => null);
}

/** Our predicted ETA for a call the ship has not arrived at yet. */
function predictionOf(deps: PortCallsDeps, row: { mmsi: number | null; portCode: string; ata: Date | null }) {
  if (!deps.etaPrediction || !row.mmsi || row.ata) return null;
  return deps.etaPrediction(row.mmsi, row.portCode);
}

export async function listForPort(deps: PortCallsDeps, portCode: string, now = Date.now()): Promise<PortCallsResponse> {
  const since = new Date(now - PORT_CALLS_RECENT_DEPARTED_HOURS * 3600_000);
  const rows = await repo.listForPort(deps.db, portCode, since, staleBefore(deps, now), withSimulated(deps));
  const portCalls = await Promise.all(rows.map(async (r) => toPortCall(r, await detailsOf(deps, r.mmsi), predictionOf(deps, r))));
  return { portCode, timestamp: now, simulated: portCalls.some((c) => c.simulated), portCalls };
}

export async function currentForShip(deps: PortCallsDeps, mmsi: number, now = Date.now()): Promise<CurrentPortCallResponse> {
  const row = await repo.currentForMmsi(deps.db, mmsi, staleBefore(deps, now), withSimulated(deps));
  return { portCall: row ? toPortCall(row, await detailsOf(deps, mmsi), predictionOf(deps, row)) : null };
}

export { listOpenDetected, deleteSimulated } from './port-calls.repository.ts';
