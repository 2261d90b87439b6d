import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Geometry } from 'geojson';

/**
 * Fairway areas, navigation lines and VTS sector lines (DVK / VATU data,
 * `npm run import -- fairways FILE`), drawn on the Default and Seachart styles.
 * The bbox columns serve the same bounding-box lookup as zones.
 */
export const fairways = pgTable(
  'fairways',
  {
    /** A hash of the imported feature: re-importing the same file changes nothing. */
    id: text('id').primaryKey(),
    /** fairway-area | navigation-line | vts-line */
    kind: text('kind').notNull(),
    name: text('name'),
    fairwayNumber: integer('fairway_number'),
    geometry: jsonb('geometry').$type<Geometry>().notNull(),
    properties: jsonb('properties').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    minLon: doublePrecision('min_lon').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    maxLon: doublePrecision('max_lon').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    /** Where the row came from (the file's name), for the attribution and a later re-import. */
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fairways_min_lat_idx').on(t.minLat), index('fairways_kind_idx').on(t.kind)],
);

export type FairwayRow = typeof fairways.$inferSelect;
export type NewFairwayRow = typeof fairways.$inferInsert;
