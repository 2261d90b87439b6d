import { and, asc, eq, gte, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ZoneType } from '@harbor/contracts';
import type { Tx } from '../../db/index.ts';
import { zones, type NewZoneRow, type ZoneRow } from './zones.schema.ts';

/**
 * Inserts or updates by id. A row is only overwritten by a source of the same
 * or higher rank, so a UN/LOCODE import does not undo the curated demo ports
 * and an SSN import does not undo UN/LOCODE names.
 */
export async function upsertZones(db: Tx, rows: NewZoneRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insert(zones)
    .values(rows)
    .onConflictDoUpdate({
      target: zones.id,
      set: {
        type: sql`excluded.type`,
        name: sql`excluded.name`,
        locode: sql`excluded.locode`,
        geometry: sql`excluded.geometry`,
        meta: sql`excluded.meta`,
        berthStatusIncoming: sql`excluded.berth_status_incoming`,
        timezone: sql`excluded.timezone`,
        searchText: sql`excluded.search_text`,
        minLon: sql`excluded.min_lon`,
        minLat: sql`excluded.min_lat`,
        maxLon: sql`excluded.max_lon`,
        maxLat: sql`excluded.max_lat`,
        source: sql`excluded.source`,
        rank: sql`excluded.rank`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${zones.rank} <= excluded.rank`,
    })
    .returning({ id: zones.id });
  return result.length;
}

/** Rows of a source that a new shipped data set no longer has (a berth renamed, a circle replaced). */
export async function deleteZonesOfSourceExcept(db: Tx, source: string, keepIds: string[]): Promise<number> {
  const result = await db
    .delete(zones)
    .where(and(eq(zones.source, source), keepIds.length ? sql`${zones.id} <> all(${sql.param(keepIds)}::text[])` : undefined))
    .returning({ id: zones.id });
  return result.length;
}

export interface BboxFilter {
  north: number;
  east: number;
  south: number;
  west: number;
}

/** Features whose bounding box meets the view; a view across the antimeridian is two ranges. */
export function findInBbox(db: Tx, b: BboxFilter, limit: number): Promise<ZoneRow[]> {
  const lat = and(gte(zones.maxLat, b.south), lte(zones.minLat, b.north));
  const lon: SQL | undefined =
    b.west <= b.east
      ? and(gte(zones.maxLon, b.west), lte(zones.minLon, b.east))
      : or(gte(zones.maxLon, b.west), lte(zones.minLon, b.east));
  return db.select().from(zones).where(and(lat, lon)).orderBy(asc(zones.id)).limit(limit);
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Locode prefix or name substring; exact locode first, then names that start with the text. */
export function searchZones(db: Tx, q: string, type: ZoneType | undefined, limit: number): Promise<ZoneRow[]> {
  const text = q.toLowerCase();
  const code = q.toUpperCase().replace(/\s+/g, '');
  const match = or(
    sql`${zones.locode} like ${`${likeEscape(code)}%`}`,
    sql`${zones.searchText} like ${`%${likeEscape(text)}%`}`,
  );
  return db
    .select()
    .from(zones)
    .where(and(match, type ? eq(zones.type, type) : undefined))
    .orderBy(
      sql`case when ${zones.locode} = ${code} and ${zones.type} = 'port' then 0
               when ${zones.searchText} like ${`${likeEscape(text)}%`} then 1 else 2 end`,
      asc(zones.name),
      asc(zones.id),
    )
    .limit(limit);
}

export async function findPort(db: Tx, locode: string): Promise<ZoneRow | undefined> {
  const [row] = await db.select().from(zones).where(eq(zones.id, `port:${locode}`));
  return row;
}

/** What port-call detection needs: port points and the polygons of port areas, berths and anchorages. */
export function listDetectionZones(db: Tx): Promise<ZoneRow[]> {
  return db
    .select()
    .from(zones)
    .where(
      and(
        inArray(zones.type, ['portarea', 'berth', 'anchorage']),
        isNotNull(zones.geometry),
        isNotNull(zones.locode),
      ),
    );
}

export async function findPortsByLocodes(db: Tx, locodes: string[]): Promise<ZoneRow[]> {
  if (locodes.length === 0) return [];
  return db.select().from(zones).where(inArray(zones.id, locodes.map((l) => `port:${l}`)));
}

export async function countZonesOfSource(db: Tx, source: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(zones).where(eq(zones.source, source));
  return row?.n ?? 0;
}

export async function countZones(db: Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(zones);
  return row?.n ?? 0;
}
