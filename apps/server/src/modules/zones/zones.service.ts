import { ZONE_SEARCH_MAX_RESULTS, type PortFeature, type ZoneFeatureCollection, type ZonesBboxQuery, type ZonesSearchQuery } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import * as repo from './zones.repository.ts';
import { toFeature } from './zone-rows.ts';
import { zoneIndexOf } from './zone-index.ts';

/** A view can hold at most this many features; beyond it the map is too far out to draw zones anyway. */
export const BBOX_MAX_FEATURES = 5000;

const collection = (features: ZoneFeatureCollection['features']): ZoneFeatureCollection => ({
  type: 'FeatureCollection',
  features,
});

export async function inBbox(ctx: Pick<AppContext, 'db'>, q: ZonesBboxQuery): Promise<ZoneFeatureCollection> {
  const now = Date.now();
  const index = await zoneIndexOf(ctx.db);
  const rows = index.query(q, BBOX_MAX_FEATURES);
  return collection(rows.map((r) => toFeature(r, now)));
}

export async function search(ctx: Pick<AppContext, 'db'>, q: ZonesSearchQuery): Promise<ZoneFeatureCollection> {
  const now = Date.now();
  const rows = await repo.searchZones(ctx.db, q.q, q.type, ZONE_SEARCH_MAX_RESULTS);
  return collection(rows.map((r) => toFeature(r, now)));
}

export async function getPort(ctx: Pick<AppContext, 'db'>, locode: string): Promise<PortFeature> {
  const row = await repo.findPort(ctx.db, locode);
  if (!row) throw notFound({ locode });
  return toFeature(row, Date.now()) as PortFeature;
}
