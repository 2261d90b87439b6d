import { ZONE_TYPES, portMetaObject, utcOffsetHours, type PortFeature, type ZoneFeature, type ZoneType } from '@harbor/contracts';
import { bboxOf, validGeometry } from './geometry.ts';
import { timeZoneOf } from './time-zones.ts';
import type { NewZoneRow, ZoneRow } from './zones.schema.ts';

/** Source ranks: a source overwrites rows of the same or a lower rank. */
export const SOURCE_RANK = { ssn: 1, unlocode: 2, geojson: 2, demo: 3 } as const;
export type ZoneSource = keyof typeof SOURCE_RANK;

export interface PortInput {
  locode: string;
  name: string;
  altNames?: string[];
  lat: number | null;
  lon: number | null;
  meta?: unknown;
  timezone?: string | null;
  source: ZoneSource;
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

function searchText(names: (string | null | undefined)[]): string {
  const all = new Set<string>();
  for (const n of names) if (n) for (const v of [n.toLowerCase(), fold(n)]) all.add(v);
  return [...all].join(' | ');
}

export function portRow(p: PortInput): NewZoneRow {
  const hasPoint = p.lat !== null && p.lon !== null;
  const country = p.locode.slice(0, 2);
  return {
    id: `port:${p.locode}`,
    type: 'port',
    name: p.name,
    locode: p.locode,
    geometry: hasPoint ? { type: 'Point', coordinates: [p.lon, p.lat] } : null,
    meta: portMetaObject(p.meta),
    berthStatusIncoming: false,
    timezone: p.timezone ?? timeZoneOf(country, p.lat, p.lon),
    searchText: searchText([p.name, ...(p.altNames ?? [])]),
    ...(hasPoint ? { minLon: p.lon, maxLon: p.lon, minLat: p.lat, maxLat: p.lat } : {}),
    source: p.source,
    rank: SOURCE_RANK[p.source],
  };
}

interface FeatureLike {
  id?: unknown;
  geometry?: unknown;
  properties?: Record<string, unknown> | null;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * A zone (or port) from any GeoJSON feature with a known `type`. Without an id
 * the zone is keyed by type, port and name, so re-importing the same file
 * updates rather than duplicates. Returns null for features it cannot use.
 */
export function zoneRowFromFeature(f: FeatureLike, source: ZoneSource): NewZoneRow | null {
  const props = f.properties ?? {};
  const type = typeOf(props);
  if (!type) return null;
  const geometry = validGeometry(f.geometry);
  const locode = (str(props.locode) ?? str(props.nearestPortnetLocode))?.toUpperCase() ?? null;
  const name = str(props.name) ?? str(props.nameEn) ?? str(props.portAreaName) ?? str(props.nameFi);
  if (type === 'port') {
    if (!locode || !name) return null;
    const point = geometry?.type === 'Point' ? (geometry.coordinates as number[]) : null;
    return portRow({
      locode,
      name,
      altNames: Array.isArray(props.altNames) ? props.altNames.filter((n): n is string => typeof n === 'string') : [],
      lat: point?.[1] ?? null,
      lon: point?.[0] ?? null,
      meta: props.meta,
      timezone: str(props.timezone),
      source,
    });
  }
  if (!geometry) return null;
  const id = str(f.id) ?? str(props.id) ?? (typeof f.id === 'number' ? String(f.id) : null);
  // Without an id, the same feature in a re-import has the same port, name and extent.
  const key = id ?? [locode ?? '-', name ?? '', bboxKey(geometry)].join(':');
  return {
    id: `${type}:${key}`,
    type,
    name,
    locode,
    geometry,
    meta: portMetaObject(props.meta),
    berthStatusIncoming: props.berthStatusIncoming === true || props.berthStatusIncoming === 'true',
    timezone: null,
    searchText: searchText([name]),
    ...bboxOf(geometry),
    source,
    rank: SOURCE_RANK[source],
  };
}

/**
 * The zone type: the `type` property, else inferred from the public Finnish
 * sources' own fields (DVK quays and harbours, Portnet port areas, DVK
 * fairway samples, UN/LOCODE port points) so those files import as they are.
 */
function typeOf(props: Record<string, unknown>): ZoneType | null {
  const t = str(props.type)?.toLowerCase();
  if (t && (ZONE_TYPES as readonly string[]).includes(t)) return t as ZoneType;
  const inferred: Record<string, ZoneType> = {
    quay: 'berth',
    harbour: 'portarea',
    'fairway-area': 'custom',
    'navigation-line': 'custom',
    vtsline: 'vts',
  };
  const ft = str(props.featureType);
  if (ft) return inferred[ft] ?? null;
  if (str(props.portAreaCode)) return 'portarea';
  if (str(props.locode) && (str(props.name) || str(props.nameAscii))) return 'port';
  return null;
}

function bboxKey(g: NonNullable<ReturnType<typeof validGeometry>>): string {
  const b = bboxOf(g);
  return [b.minLon, b.minLat, b.maxLon, b.maxLat].map((n) => n.toFixed(5)).join(',');
}

/** Offset of a port without a known zone: the nautical zone of its longitude. */
function offsetOf(row: ZoneRow, atMs: number): number {
  const fromZone = row.timezone ? utcOffsetHours(row.timezone, atMs) : null;
  if (fromZone !== null) return fromZone;
  return row.minLon === null ? 0 : Math.round(row.minLon / 15);
}

export function toFeature(row: ZoneRow, atMs: number): PortFeature | ZoneFeature {
  if (row.type === 'port') {
    return {
      type: 'Feature',
      id: row.id,
      geometry: row.geometry,
      properties: {
        type: 'port',
        name: row.name ?? row.locode ?? '',
        locode: row.locode ?? '',
        offset: offsetOf(row, atMs),
        timezone: row.timezone,
        meta: row.meta,
      },
    };
  }
  return {
    type: 'Feature',
    id: row.id,
    geometry: row.geometry!,
    properties: {
      type: row.type as Exclude<ZoneType, 'port'>,
      name: row.name,
      locode: row.locode,
      berthStatusIncoming: row.berthStatusIncoming,
      meta: row.meta,
    },
  };
}
