import { and, asc, desc, eq, exists, getTableColumns, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { vesselPositions, vesselRegistry, vessels } from './vessels.schema.ts';

export type VesselRow = typeof vessels.$inferInsert;
export type PositionRow = typeof vesselPositions.$inferInsert;
export type RegistryRow = typeof vesselRegistry.$inferInsert;

const CHUNK = 1000;

function* chunks<T>(rows: T[], size = CHUNK) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

export async function upsertVessels(db: Tx, rows: VesselRow[]) {
  for (const part of chunks(rows)) {
    await db
      .insert(vessels)
      .values(part)
      .onConflictDoUpdate({
        target: vessels.mmsi,
        set: {
          name: sql`excluded.name`,
          callSign: sql`excluded.call_sign`,
          imo: sql`excluded.imo`,
          shipType: sql`excluded.ship_type`,
          refA: sql`excluded.ref_a`,
          refB: sql`excluded.ref_b`,
          refC: sql`excluded.ref_c`,
          refD: sql`excluded.ref_d`,
          draught: sql`excluded.draught`,
          destination: sql`excluded.destination`,
          eta: sql`excluded.eta`,
          simulated: sql`excluded.simulated`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

/**
 * One statement per 10,000 points, each column one array parameter (unnest): drizzle's
 * multi-row VALUES built a parameter per column per row through its entity checks, 45 %
 * of the server's main thread at 24k positions a second (bench/README-load.md).
 */
export async function insertPositions(db: Tx, rows: PositionRow[]) {
  for (const part of chunks(rows, 10_000)) {
    const column = <T>(pick: (r: PositionRow) => T) => sql.param(part.map(pick));
    await db.execute(sql`
      insert into ${vesselPositions} (mmsi, "at", lat, lon, sog, cog, heading, nav_status)
      select * from unnest(
        ${column((r) => r.mmsi)}::integer[], ${column((r) => r.at.toISOString())}::timestamptz[],
        ${column((r) => r.lat)}::double precision[], ${column((r) => r.lon)}::double precision[],
        ${column((r) => r.sog ?? null)}::real[], ${column((r) => r.cog ?? null)}::real[],
        ${column((r) => r.heading ?? null)}::smallint[], ${column((r) => r.navStatus ?? null)}::smallint[])
      on conflict do nothing`);
  }
}

/**
 * The ships worth a place in the live store: static data changed since `heardSince`, or a
 * position since `positionsSince` (the restore's window). The rest would be forgotten as silent
 * right after the restore; a database that has heard a few hundred thousand MMSIs over the years
 * need not load them all to drop most of them again.
 */
export function loadVessels(db: Tx, heardSince: Date, positionsSince: Date) {
  const heardOf = db
    .select({ one: sql`1` })
    .from(vesselPositions)
    .where(and(eq(vesselPositions.mmsi, vessels.mmsi), gte(vesselPositions.at, positionsSince)));
  return db
    .select()
    .from(vessels)
    .where(or(gte(vessels.updatedAt, heardSince), exists(heardOf)));
}

/** The newest history point of every ship heard since `since`. */
export function latestPositions(db: Tx, since: Date) {
  return db
    .selectDistinctOn([vesselPositions.mmsi])
    .from(vesselPositions)
    .where(gte(vesselPositions.at, since))
    .orderBy(vesselPositions.mmsi, desc(vesselPositions.at));
}

export function track(db: Tx, mmsi: number, since: Date) {
  return db
    .select()
    .from(vesselPositions)
    .where(and(eq(vesselPositions.mmsi, mmsi), gte(vesselPositions.at, since)))
    .orderBy(asc(vesselPositions.at));
}

/**
 * Every ship's history since `since`, at most one point per `stepS` seconds per
 * ship, by ship then time, capped at `limit` rows (sea-lane learning).
 */
export function sampledTracks(db: Tx, since: Date, stepS: number, limit: number) {
  const bucket = sql`floor(extract(epoch from ${vesselPositions.at}) / ${sql.raw(String(Math.max(1, Math.floor(stepS))))})`;
  return db
    .selectDistinctOn([vesselPositions.mmsi, bucket], {
      mmsi: vesselPositions.mmsi,
      at: vesselPositions.at,
      lat: vesselPositions.lat,
      lon: vesselPositions.lon,
      sog: vesselPositions.sog,
    })
    .from(vesselPositions)
    .where(gte(vesselPositions.at, since))
    .orderBy(vesselPositions.mmsi, bucket, asc(vesselPositions.at))
    .limit(limit);
}

export async function pruneHistory(db: Tx, before: Date) {
  await db.delete(vesselPositions).where(lt(vesselPositions.at, before));
}

export async function deleteSimulatedVessels(db: Tx) {
  await db.delete(vessels).where(eq(vessels.simulated, true));
}

export async function findRegistry(db: Tx, mmsi: number, imo: number | null) {
  const [row] = await db
    .select()
    .from(vesselRegistry)
    .where(imo ? or(eq(vesselRegistry.mmsi, mmsi), eq(vesselRegistry.imo, imo)) : eq(vesselRegistry.mmsi, mmsi))
    .orderBy(desc(vesselRegistry.updatedAt))
    .limit(1);
  return row;
}

export async function upsertRegistry(db: Tx, rows: RegistryRow[]) {
  const set = Object.fromEntries(
    Object.entries(getTableColumns(vesselRegistry))
      .filter(([k]) => k !== 'id' && k !== 'key')
      .map(([k, col]) => [k, sql.raw(`excluded."${col.name}"`)]),
  );
  for (const part of chunks(rows, 500)) {
    await db.insert(vesselRegistry).values(part).onConflictDoUpdate({ target: vesselRegistry.key, set });
  }
}

/** Registry categories by MMSI, to refine what the AIS type says. */
export function registryCategories(db: Tx) {
  return db
    .select({ mmsi: vesselRegistry.mmsi, harborShipType: vesselRegistry.harborShipType })
    .from(vesselRegistry)
    .where(and(isNotNull(vesselRegistry.mmsi), isNotNull(vesselRegistry.harborShipType)));
}
