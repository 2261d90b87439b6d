import { z } from 'zod';
import { requiredText } from './validation.ts';
import { LOCODE_RE, ZONE_TYPES } from './zone-constants.ts';

/**
 * Ports and zones (tracking.md sections 3, 7 and 9): GeoJSON features served by
 * /v1/zones/bbox, /v1/zones/search and /v1/ports/{locode}.
 */
export * from './zone-constants.ts';

/** UN/LOCODE (LOCODE_RE). Case-insensitive in URLs. */
export const locodeSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(LOCODE_RE, 'validation.locode'));

const latitude = z.coerce.number().min(-90, 'validation.latitude').max(90, 'validation.latitude');
const longitude = z.coerce.number().min(-180, 'validation.longitude').max(180, 'validation.longitude');

export const zonesBboxQuerySchema = z
  .object({ north: latitude, east: longitude, south: latitude, west: longitude })
  .refine((b) => b.south <= b.north, { message: 'validation.bboxOrder', path: ['south'] });
// west > east is allowed: the view crosses the antimeridian.
export type ZonesBboxQuery = z.infer<typeof zonesBboxQuerySchema>;

export const zonesSearchQuerySchema = z.object({
  q: requiredText(100),
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

