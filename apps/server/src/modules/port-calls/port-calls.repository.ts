import { and, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { portCalls, type NewPortCallRow, type PortCallRow } from './port-calls.schema.ts';

export async function findByPcId(db: Tx, pcId: string): Promise<PortCallRow | undefined> {
  const [row] = await db.select().from(portCalls).where(eq(portCalls.pcId, pcId));
  return row;
}

export async function findByVisitKey(db: Tx, key: string): Promise<PortCallRow | undefined> {
  const [row] = await db.select().from(portCalls).where(eq(portCalls.aisVisitKey, key));
  return row;
}

const sameShip = (mmsi: number | null, imo: number | null) =>
  or(mmsi ? eq(portCalls.mmsi, mmsi) : undefined, imo ? eq(portCalls.imo, imo) : undefined);

const WINDOW = sql`interval '3 days'`;

/**
 * An AIS-only call of the same ship and port around the single window's
 * times: the same visit seen from the other side.
 */
export async function findAisMatch(db: Tx, m: { portCode: string; mmsi: number | null; imo: number | null; around: Date }) {
  if (!m.mmsi && !m.imo) return undefined;
  const [row] = await db
    .select()
    .from(portCalls)
    .where(
      and(
        isNull(portCalls.pcId),
        eq(portCalls.simulated, false),
        eq(portCalls.portCode, m.portCode),
        sameShip(m.mmsi, m.imo),
        sql`coalesce(${portCalls.ata}, ${portCalls.createdAt}) between ${m.around.toISOString()}::timestamptz - ${WINDOW} and ${m.around.toISOString()}::timestamptz + ${WINDOW}`,
      ),
    )
    .orderBy(desc(portCalls.createdAt))
    .limit(1);
  return row;
}

/** A single-window call not yet seen by AIS, not departed, expected around `at`. */
export async function findNswMatch(db: Tx, m: { portCode: string; mmsi: number | null; imo: number | null; at: Date }) {
  if (!m.mmsi && !m.imo) return undefined;
  const [row] = await db
    .select()
    .from(portCalls)
    .where(
      and(
        isNull(portCalls.aisVisitKey),
        isNotNull(portCalls.pcId),
        eq(portCalls.portCode, m.portCode),
        ne(portCalls.status, 'departed'),
        sameShip(m.mmsi, m.imo),
        sql`coalesce(${portCalls.ata}, ${portCalls.eta}, ${m.at.toISOString()}::timestamptz) between ${m.at.toISOString()}::timestamptz - ${WINDOW} and ${m.at.toISOString()}::timestamptz + ${WINDOW}`,
      ),
    )
    .orderBy(desc(portCalls.updatedAt))
    .limit(1);
  return row;
}

/** Inserts unless the unique key (pc_id or ais_visit_key) already exists; then undefined. */
export async function insertCall(db: Tx, values: NewPortCallRow): Promise<PortCallRow | undefined> {
  const [row] = await db.insert(portCalls).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCall(db: Tx, id: string, values: Partial<NewPortCallRow>): Promise<PortCallRow> {
  const [row] = await db
    .update(portCalls)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(portCalls.id, id))
    .returning();
  return row!;
}

/**
 * Not expired: a call only the single window knows, still incoming with no
 * arrival and its ETA (or first report) before `staleBefore`, never arrived
 * (a cancelled visit the port never closed). Judged when read, so a late
 * arrival report or a new ETA brings it back. `created_at`, not `updated_at`:
 * every poll touches the row.
 */
const notExpired = (staleBefore: Date | null) =>
  staleBefore === null
    ? undefined
    : sql`not (${portCalls.status} = 'incoming' and ${portCalls.ata} is null
          and 'national-single-window' = any(${portCalls.sources}) and not ('AIS' = any(${portCalls.sources}))
          and coalesce(${portCalls.eta}, ${portCalls.createdAt}) < ${staleBefore.toISOString()}::timestamptz)`;

/** Simulated calls are shown only while the product shows simulated traffic. */
const realUnless = (withSimulated: boolean) => (withSimulated ? undefined : eq(portCalls.simulated, false));

/** Incoming and on-going calls of a port, and those departed after `departedSince`. */
export function listForPort(
  db: Tx,
  portCode: string,
  departedSince: Date,
  staleBefore: Date | null = null,
  withSimulated = false,
): Promise<PortCallRow[]> {
  return db
    .select()
    .from(portCalls)
    .where(
      and(
        eq(portCalls.portCode, portCode),
        or(ne(portCalls.status, 'departed'), sql`coalesce(${portCalls.atd}, ${portCalls.updatedAt}) > ${departedSince.toISOString()}::timestamptz`),
        notExpired(staleBefore),
        realUnless(withSimulated),
      ),
    )
    .orderBy(sql`coalesce(${portCalls.ata}, ${portCalls.eta}, ${portCalls.createdAt}) desc`)
    .limit(1000);
}

/** The ship's open call (newest first); null when it is in no port call. */
export async function currentForMmsi(db: Tx, mmsi: number, staleBefore: Date | null = null, withSimulated = false): Promise<PortCallRow | undefined> {
  const [row] = await db
    .select()
    .from(portCalls)
    .where(and(eq(portCalls.mmsi, mmsi), ne(portCalls.status, 'departed'), notExpired(staleBefore), realUnless(withSimulated)))
    .orderBy(sql`coalesce(${portCalls.ata}, ${portCalls.eta}, ${portCalls.createdAt}) desc`)
    .limit(1);
  return row;
}

/** Open calls the detector (of real or of simulated traffic) was tracking, to resume after a restart. */
export function listOpenDetected(db: Tx, simulated = false): Promise<PortCallRow[]> {
  return db
    .select()
    .from(portCalls)
    .where(and(isNotNull(portCalls.detector), ne(portCalls.status, 'departed'), eq(portCalls.simulated, simulated)));
}

/** A real feed is up: the simulated calls go, so they never mix with real ones. */
export async function deleteSimulated(db: Tx): Promise<number> {
  const rows = await db.delete(portCalls).where(eq(portCalls.simulated, true)).returning({ id: portCalls.id });
  return rows.length;
}

export async function countCalls(db: Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(portCalls);
  return row?.n ?? 0;
}
