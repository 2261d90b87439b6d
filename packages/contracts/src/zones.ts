import { z } from 'zod';

/**
 * Ports and zones (tracking.md sections 3, 7 and 9): GeoJSON features served by
 * /v1/zones/bbox, /v1/zones/search and /v1/ports/{locode}.
 */

export const ZONE_TYPES = ['berth', 'portarea', 'pba', 'vts', 'anchorage', 'turningbasin', 'custom', 'port'] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

/** Zoom range in which each zone type is drawn (section 9); port labels 7-15. */
export const ZONE_ZOOM: Record<ZoneType, { min: number; max?: number }> = {
  berth: { min: 14 },
  portarea: { min: 10, max: 14 },
  pba: { min: 8 },
  vts: { min: 3 },
  anchorage: { min: 12 },
  turningbasin: { min: 14 },
  custom: { min: 8 },
  port: { min: 7, max: 15 },
};

export const ZONE_SEARCH_MAX_RESULTS = 20;

/** UN/LOCODE: 2-letter country + 3 letters or digits (2-9). Case-insensitive in URLs. */
export const locodeSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'validation.locode'));

const latitude = z.coerce.number().min(-90, 'validation.latitude').max(90, 'validation.latitude');
const longitude = z.coerce.number().min(-180, 'validation.longitude').max(180, 'validation.longitude');

export const zonesBboxQuerySchema = z
  .object({ north: latitude, east: longitude, south: latitude, west: longitude })
  .refine((b) => b.south <= b.north, { message: 'validation.bboxOrder', path: ['south'] });
// west > east is allowed: the view crosses the antimeridian.
export type ZonesBboxQuery = z.infer<typeof zonesBboxQuerySchema>;

export const zonesSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  type: z.enum(ZONE_TYPES).optional(),
});
export type ZonesSearchQuery = z.infer<typeof zonesSearchQuerySchema>;

export const portParamsSchema = z.object({ locode: locodeSchema });

/**
 * Any GeoJSON geometry. Coordinates are not re-validated on the way out: they
 * were validated on import, and a Finland-sized answer has thousands of them.
 */
export const geometrySchema = z.object({
  type: z.enum(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']),
  coordinates: z.array(z.unknown()),
});
export type Geometry = z.infer<typeof geometrySchema>;

/** Port meta: key/value, values as text. */
export const portMetaSchema = z.record(z.string(), z.string());
export type PortMeta = z.infer<typeof portMetaSchema>;

export const portPropertiesSchema = z.object({
  type: z.literal('port'),
  name: z.string(),
  /** First two letters are the country. */
  locode: z.string(),
  /** UTC offset in hours now, from the port's IANA time zone (daylight saving included). */
  offset: z.number(),
  timezone: z.string().nullable(),
  meta: portMetaSchema,
});
export type PortProperties = z.infer<typeof portPropertiesSchema>;

export const zonePropertiesSchema = z.object({
  type: z.enum(ZONE_TYPES).exclude(['port']),
  name: z.string().nullable(),
  /** The port the zone belongs to, when known. */
  locode: z.string().nullable(),
  berthStatusIncoming: z.boolean(),
  meta: portMetaSchema,
});
export type ZoneProperties = z.infer<typeof zonePropertiesSchema>;

const featureBase = { type: z.literal('Feature'), id: z.string() };

export const portFeatureSchema = z.object({
  ...featureBase,
  geometry: geometrySchema.nullable(),
  properties: portPropertiesSchema,
});
export type PortFeature = z.infer<typeof portFeatureSchema>;

export const zoneFeatureSchema = z.object({ ...featureBase, geometry: geometrySchema, properties: zonePropertiesSchema });
export type ZoneFeature = z.infer<typeof zoneFeatureSchema>;

export const zoneOrPortFeatureSchema = z.union([portFeatureSchema, zoneFeatureSchema]);
export type ZoneOrPortFeature = z.infer<typeof zoneOrPortFeatureSchema>;

export const zoneFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(zoneOrPortFeatureSchema),
});
export type ZoneFeatureCollection = z.infer<typeof zoneFeatureCollectionSchema>;

export function isPortFeature(f: ZoneOrPortFeature): f is PortFeature {
  return f.properties.type === 'port';
}

export interface MetaRow {
  key: string;
  value: string;
}

/**
 * Meta rows of a port card. Meta may come as an object or as a JSON string
 * (section 3); malformed JSON, or JSON that is not an object, adds no rows
 * (section 8) instead of breaking the card. Nested values are shown as JSON.
 */
export function portMetaRows(meta: unknown): MetaRow[] {
  let value = meta;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const rows: MetaRow[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue;
    rows.push({ key, value: typeof v === 'object' ? JSON.stringify(v) : String(v) });
  }
  return rows;
}

/** The same rows as a flat object (what the server stores and serves). */
export function portMetaObject(meta: unknown): PortMeta {
  return Object.fromEntries(portMetaRows(meta).map((r) => [r.key, r.value]));
}

/**
 * UTC offset in hours of an IANA zone at an instant, daylight saving included
 * (Helsinki is +2 in winter, +3 in summer). Null for an unknown zone.
 */
const offsetFormats = new Map<string, Intl.DateTimeFormat | null>();

export function utcOffsetHours(timeZone: string, atMs: number = Date.now()): number | null {
  // Building a formatter costs far more than using one; a map view has hundreds of ports.
  let format = offsetFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch {
      format = null;
    }
    offsetFormats.set(timeZone, format);
  }
  if (!format) return null;
  const name = format.formatToParts(new Date(atMs)).find((p) => p.type === 'timeZoneName')?.value;
  if (!name) return null;
  if (name === 'GMT') return 0;
  const m = /^GMT([+-])(\d{1,2}):?(\d{2})?$/.exec(name);
  if (!m) return null;
  const hours = Number(m[2]) + Number(m[3] ?? 0) / 60;
  return m[1] === '-' ? -hours : hours;
}

/** 'UTC+2', 'UTC-3:30', 'UTC' - how the port card shows local time's offset. */
export function formatUtcOffset(offset: number): string {
  if (offset === 0) return 'UTC';
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const h = Math.floor(abs);
  const min = Math.round((abs - h) * 60);
  return `UTC${sign}${h}${min ? `:${String(min).padStart(2, '0')}` : ''}`;
}
