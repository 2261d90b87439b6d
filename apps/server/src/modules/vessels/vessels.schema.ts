import { boolean, doublePrecision, index, integer, pgTable, primaryKey, real, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Static and voyage data per MMSI as last heard over AIS; restored into the live store on start. */
export const vessels = pgTable('vessels', {
  mmsi: integer('mmsi').primaryKey(),
  name: text('name'),
  callSign: text('call_sign'),
  imo: integer('imo'),
  shipType: smallint('ship_type'),
  refA: smallint('ref_a'),
  refB: smallint('ref_b'),
  refC: smallint('ref_c'),
  refD: smallint('ref_d'),
  draught: real('draught'),
  destination: text('destination'),
  eta: timestamp('eta', { withTimezone: true }),
  /** From the traffic simulator: dropped when the live feed comes back. */
  simulated: boolean('simulated').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Position history, thinned to one point per ship per AIS_HISTORY_INTERVAL_S.
 * The primary key doubles as the track index (mmsi, time).
 */
export const vesselPositions = pgTable(
  'vessel_positions',
  {
    mmsi: integer('mmsi').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    sog: real('sog'),
    cog: real('cog'),
    heading: smallint('heading'),
    navStatus: smallint('nav_status'),
  },
  (t) => [primaryKey({ columns: [t.mmsi, t.at] }), index('vessel_positions_at_idx').on(t.at)],
);

/** Ship details AIS does not carry (owner, tonnage, class...), imported from CSV or Portnet JSONL. */
export const vesselRegistry = pgTable(
  'vessel_registry',
  {
    id: serial('id').primaryKey(),
    /** `imo:<n>` when the IMO is known, else `mmsi:<n>`: one row per ship across imports. */
    key: text('key').notNull().unique(),
    mmsi: integer('mmsi'),
    imo: integer('imo'),
    name: text('name'),
    flag: text('flag'),
    owner: text('owner'),
    manager: text('manager'),
    capacityDwt: real('capacity_dwt'),
    capacityGt: real('capacity_gt'),
    capacityNt: real('capacity_nt'),
    length: real('length'),
    width: real('width'),
    buildYear: smallint('build_year'),
    classSociety: text('class_society'),
    draughtMin: real('draught_min'),
    draughtMax: real('draught_max'),
    /** The finer category (RORO, bulker, container) when the source says so. */
    harborShipType: text('harbor_ship_type'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vessel_registry_mmsi_idx').on(t.mmsi), index('vessel_registry_imo_idx').on(t.imo)],
);
