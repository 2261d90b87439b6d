import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Geometry, PortMeta, ZoneType } from '@harbor/contracts';

/**
 * Ports and zones in one table: both are GeoJSON features looked up by the
 * same bounding-box query. The bbox columns with btree indexes are the
 * spatial index (measured in bench/zones-bbox.ts); no PostGIS needed, so the
 * same SQL runs on PGlite.
 */
export const zones = pgTable(
  'zones',
  {
    /** 'port:FIVSS', or the import's own stable id for zones. */
    id: text('id').primaryKey(),
    type: text('type').$type<ZoneType>().notNull(),
    name: text('name'),
    /** The port's code (for a port) or the port a zone belongs to. */
    locode: text('locode'),
    geometry: jsonb('geometry').$type<Geometry>(),
    meta: jsonb('meta').$type<PortMeta>().notNull().default({}),
    berthStatusIncoming: boolean('berth_status_incoming').notNull().default(false),
    /** IANA zone of a port; the offset is computed per request (daylight saving). */
    timezone: text('timezone'),
    /** Lower-cased name and alternative names, for search. */
    searchText: text('search_text').notNull().default(''),
    minLon: doublePrecision('min_lon'),
    minLat: doublePrecision('min_lat'),
    maxLon: doublePrecision('max_lon'),
    maxLat: doublePrecision('max_lat'),
    /** demo, unlocode, ssn, geojson; `rank` decides which source may overwrite which. */
    source: text('source').notNull(),
    rank: integer('rank').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('zones_min_lat_idx').on(t.minLat),
    index('zones_max_lat_idx').on(t.maxLat),
    index('zones_min_lon_idx').on(t.minLon),
    index('zones_locode_idx').on(t.locode),
    index('zones_type_idx').on(t.type),
  ],
);

export type ZoneRow = typeof zones.$inferSelect;
export type NewZoneRow = typeof zones.$inferInsert;
