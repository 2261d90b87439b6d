import {
  HARBOR_SHIP_TYPES,
  harborShipTypeOf,
  SHIP_SEARCH_MAX_RESULTS,
  type HarborShipType,
  type ShipCluster,
  type ShipDetails,
  type ShipFilter,
  type ShipPositionsQuery,
  type ShipPositionsResponse,
  type ShipSearchResponse,
  type ShipTrackResponse,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import { flagOfMmsi } from './mid-flags.ts';
import * as repo from './vessels.repository.ts';
import { liveTrackPoint, shipPositionJson, sizeOf, toSearchResult, toShipPosition } from './vessels.mapper.ts';
import type { QueryFilter, VesselStore } from './vessel-store.ts';
import type { VesselPersistence } from './vessels.persistence.ts';
import type { PositionsAnswerCache } from './positions-answer.ts';

export interface VesselsRuntime {
  store: VesselStore;
  persistence: VesselPersistence;
  /** Built answers of GET /v1/ships/positions; without it every request builds its own (the bench's peer). */
  answers?: PositionsAnswerCache;
}

const MINUTE = 60_000;

/** Filter bitmasks for the store from the API's lists. */
export function toQueryFilter(f: ShipFilter, now = Date.now()): QueryFilter {
  let categoryMask = 0;
  for (const t of f.harborShipTypes ?? []) categoryMask |= 1 << HARBOR_SHIP_TYPES.indexOf(t);
  let statusMask = 0;
  for (const s of f.navigationStatuses ?? []) statusMask |= 1 << s;
  return { since: now - f.maxAge * MINUTE, categoryMask, statusMask };
}

/** The ShipPositionsResponse as JSON text, joined from each ship's cached JSON (see shipPositionJson). */
export function positionsJson(rt: VesselsRuntime, q: ShipPositionsQuery, now = Date.now()): string {
  const { store } = rt;
  const [south, west, north, east] = q.bbox;
  const slots = store.query(south, west, north, east, toQueryFilter(q, now));
  if (q.clusteringDegreePrecision > 0) {
    const answer: ShipPositionsResponse = { simulated: store.simulated, timestamp: now, ships: [], clusters: cluster(store, slots, q.clusteringDegreePrecision) };
    return JSON.stringify(answer);
  }
  const ships = new Array<string>(slots.length);
  for (let i = 0; i < slots.length; i++) ships[i] = shipPositionJson(store, slots[i]!);
  return `{"simulated":${store.simulated},"timestamp":${now},"ships":[${ships.join(',')}],"clusters":[]}`;
}

/** Ships grouped on a grid of `precision` degrees; the centre is the mean position of the group. */
function cluster(store: VesselStore, slots: number[], precision: number): ShipCluster[] {
  const groups = new Map<number, { lat: number; lon: number; count: number }>();
  const cols = Math.ceil(360 / precision) + 1;
  for (const s of slots) {
    const lat = store.lat[s]!;
    const lon = store.lon[s]!;
    const key = Math.floor((lat + 90) / precision) * cols + Math.floor((lon + 180) / precision);
    const g = groups.get(key);
    if (g) {
      g.lat += lat;
      g.lon += lon;
      g.count++;
    } else groups.set(key, { lat, lon, count: 1 });
  }
  return [...groups.values()].map((g) => ({ latitude: g.lat / g.count, longitude: g.lon / g.count, count: g.count }));
}

export async function track(ctx: AppContext, rt: VesselsRuntime, mmsi: number, maxAgeMin: number): Promise<ShipTrackResponse> {
  const since = Date.now() - maxAgeMin * MINUTE;
  const rows = await repo.track(ctx.db, mmsi, new Date(since));
  const points = rows.map((r) => ({
    latitude: r.lat,
    longitude: r.lon,
    speedOverGround: r.sog !== null && r.sog < 102.3 ? Math.round(r.sog * 10) / 10 : null,
    courseOverGround: r.cog,
    trueHeading: r.heading,
    navigationStatus: r.navStatus,
    timeStampExternal: r.at.getTime(),
  }));
  // The history is thinned; the live position is usually newer than its last point.
  const slot = rt.store.slot(mmsi);
  if (slot !== undefined && rt.store.posAt[slot]! >= since) {
    const live = liveTrackPoint(rt.store, slot);
    if (!points.length || points.at(-1)!.timeStampExternal < live.timeStampExternal) points.push(live);
  }
  if (!points.length && slot === undefined) throw notFound({ mmsi });
  return { simulated: rt.store.simulated, mmsi, positions: points };
}

export async function info(ctx: AppContext, rt: VesselsRuntime, mmsi: number): Promise<ShipDetails> {
  const { store } = rt;
  const slot = store.slot(mmsi);
  const ais = slot === undefined ? undefined : store.statics[slot];
  const reg = await repo.findRegistry(ctx.db, mmsi, ais?.imo ?? null);
  if (slot === undefined && !reg) throw notFound({ mmsi });
  const size = slot === undefined ? { length: null, width: null } : sizeOf(store, slot);
  const shipType = slot === undefined || store.shipType[slot]! < 0 ? null : store.shipType[slot]!;
  const category: HarborShipType =
    slot !== undefined ? store.categoryOf(slot) : ((reg?.harborShipType as HarborShipType | null) ?? harborShipTypeOf(shipType));
  return {
    simulated: store.simulated,
    imo: ais?.imo ?? reg?.imo ?? null,
    mmsi,
    name: ais?.name ?? reg?.name ?? null,
    callSign: ais?.callSign ?? null,
    flag: flagOfMmsi(mmsi) ?? reg?.flag ?? null,
    owner: reg?.owner ?? null,
    manager: reg?.manager ?? null,
    capacityDwt: reg?.capacityDwt ?? null,
    capacityGt: reg?.capacityGt ?? null,
    capacityNt: reg?.capacityNt ?? null,
    length: size.length ?? reg?.length ?? null,
    width: size.width ?? reg?.width ?? null,
    draught: ais?.draught ?? null,
    draughtMin: reg?.draughtMin ?? null,
    draughtMax: reg?.draughtMax ?? null,
    buildYear: reg?.buildYear ?? null,
    classSociety: reg?.classSociety ?? null,
    shipType,
    harborShipType: category,
    voyage: slot === undefined ? null : toShipPosition(store, slot).voyage,
  };
}

/**
 * Matches the name (anywhere), the MMSI (prefix), the IMO or the call sign
 * (exact). Exact identifiers rank first, then names starting with the text.
 */
export function search(rt: VesselsRuntime, text: string, offset = 0, limit: number = SHIP_SEARCH_MAX_RESULTS): ShipSearchResponse {
  const { store } = rt;
  const q = text.trim().toUpperCase();
  const digits = /^\d+$/.test(q) ? q : null;
  const hits: { slot: number; rank: number }[] = [];
  for (let s = 0; s < store.size; s++) {
    const info = store.statics[s];
    let rank = 9;
    if (digits) {
      const mmsi = String(store.mmsi[s]);
      if (mmsi === digits || (info?.imo != null && String(info.imo) === digits)) rank = 0;
      else if (mmsi.startsWith(digits)) rank = 3;
    }
    if (info?.callSign && info.callSign.toUpperCase() === q) rank = Math.min(rank, 0);
    if (rank > 1 && info?.name) {
      const name = info.name.toUpperCase();
      const at = name.indexOf(q);
      if (at === 0) rank = Math.min(rank, 1);
      else if (at > 0) rank = Math.min(rank, 2);
    }
    if (rank < 9) hits.push({ slot: s, rank });
  }
  hits.sort((a, b) => a.rank - b.rank || (store.statics[a.slot]?.name ?? '').localeCompare(store.statics[b.slot]?.name ?? ''));
  return { simulated: store.simulated, total: hits.length, results: hits.slice(offset, offset + limit).map((h) => toSearchResult(store, h.slot)) };
}
