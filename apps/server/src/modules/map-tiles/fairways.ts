import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import type { Geometry, Position } from 'geojson';
import type { FairwayFeatureCollection, FairwayKind } from '@harbor/contracts';
import type { Tx } from '../../db/index.ts';
import { fairways, type NewFairwayRow } from './fairways.schema.ts';

/**
 * Fairway areas, navigation lines and VTS sector lines from DVK/VATU GeoJSON
 * (`featureType` fairway-area, navigation-line, vtsline), as in
 * shared/data/geo/fi-fairway-samples-dvk.geojson (CC BY 4.0).
 */
const KIND_OF: Record<string, FairwayKind> = { 'fairway-area': 'fairway-area', 'navigation-line': 'navigation-line', vtsline: 'vts-line', 'vts-line': 'vts-line' };
const GEOMETRY_TYPES = new Set(['LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']);

type Scalar = string | number | boolean | null;

function positions(g: Geometry): Position[] {
  switch (g.type) {
    case 'LineString':
      return g.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return g.coordinates.flat();
    case 'MultiPolygon':
      return g.coordinates.flat(2);
    default:
      return [];
  }
}

const validPosition = (p: Position) => p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]) && Math.abs(p[0]!) <= 180 && Math.abs(p[1]!) <= 90;

interface RawFeature {
  type?: string;
  geometry?: Geometry | null;
  properties?: Record<string, unknown> | null;
}

/** A row for a feature, or null when it is not a fairway feature or its geometry is empty or broken (the samples hold some). */
export function fairwayRowOf(f: RawFeature, source: string): NewFairwayRow | null {
  const props = f.properties ?? {};
  const kind = KIND_OF[String(props.featureType ?? '')];
  const g = f.geometry;
  if (!kind || !g || !GEOMETRY_TYPES.has(g.type)) return null;
  const pts = positions(g);
  if (pts.length < 2 || !pts.every(validPosition)) return null;
  const properties: Record<string, Scalar> = {};
  for (const [k, v] of Object.entries(props)) {
    if (k === 'featureType' || k === 'name') continue;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) properties[k] = v as Scalar;
  }
  const fairwayNumber = typeof props.fairwayNumber === 'number' && Number.isInteger(props.fairwayNumber) ? props.fairwayNumber : null;
  const name = typeof props.name === 'string' && props.name ? props.name : kind === 'vts-line' && typeof props.information === 'string' ? props.information.split(',')[0]! : null;
  const id = createHash('sha256').update(JSON.stringify([kind, g, properties])).digest('hex').slice(0, 24);
  return {
    id,
    kind,
    name,
    fairwayNumber,
    geometry: g,
    properties,
    minLon: Math.min(...pts.map((p) => p[0]!)),
    minLat: Math.min(...pts.map((p) => p[1]!)),
    maxLon: Math.max(...pts.map((p) => p[0]!)),
    maxLat: Math.max(...pts.map((p) => p[1]!)),
    source,
  };
}

export async function upsertFairways(db: Tx, rows: NewFairwayRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insert(fairways)
    .values(rows)
    .onConflictDoUpdate({ target: fairways.id, set: { source: sql`excluded.source`, updatedAt: sql`now()` } })
    .returning({ id: fairways.id });
  return result.length;
}

/** `npm run import -- fairways FILE`. */
export async function importFairwaysFile(db: Tx, file: string, onProgress?: (done: number, total: number) => void): Promise<{ imported: number; skipped: number }> {
  const json = JSON.parse(await readFile(file, 'utf8')) as { type?: string; features?: RawFeature[] };
  if (json.type !== 'FeatureCollection' || !Array.isArray(json.features)) throw new Error(`${file}: not a GeoJSON FeatureCollection`);
  const source = path.basename(file);
  const rows = json.features.map((f) => fairwayRowOf(f, source)).filter((r): r is NewFairwayRow => r !== null);
  // Identical features in one file (the samples repeat some) would hit the same id twice in one statement.
  const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
  const imported = await upsertFairways(db, unique);
  onProgress?.(json.features.length, json.features.length);
  return { imported, skipped: json.features.length - unique.length };
}

export async function fairwayCollection(db: Tx): Promise<FairwayFeatureCollection> {
  const rows = await db.select().from(fairways).orderBy(asc(fairways.kind), asc(fairways.id));
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({
      type: 'Feature' as const,
      id: r.id,
      geometry: r.geometry as FairwayFeatureCollection['features'][number]['geometry'],
      properties: { ...r.properties, kind: r.kind as FairwayKind, name: r.name, fairwayNumber: r.fairwayNumber },
    })),
  };
}
