import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { organizationPorts, organizations } from './organizations.schema.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationPortRow = typeof organizationPorts.$inferSelect;

export async function findOrganization(db: Tx, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function updateOrganization(db: Tx, id: string, values: Partial<typeof organizations.$inferInsert>) {
  await db.update(organizations).set({ ...values, updatedAt: new Date() }).where(eq(organizations.id, id));
}

/** Organizations operating in a port: named in operatingPorts or with an office there. */
export function organizationsInPort(db: Tx, port: string | undefined, roleMask: number) {
  const inPort = port
    ? or(
        sql`${port} = any(${organizations.operatingPorts})`,
        inArray(organizations.id, db.select({ id: organizationPorts.organizationId }).from(organizationPorts).where(eq(organizationPorts.port, port))),
      )
    : undefined;
  return db
    .select()
    .from(organizations)
    .where(and(sql`(${organizations.roles} & ${roleMask}) <> 0`, inPort))
    .orderBy(asc(organizations.name))
    .limit(500);
}

export function portsOf(db: Tx, organizationId: string) {
  return db.select().from(organizationPorts).where(eq(organizationPorts.organizationId, organizationId)).orderBy(asc(organizationPorts.port), asc(organizationPorts.createdAt));
}

export async function insertPort(db: Tx, values: typeof organizationPorts.$inferInsert) {
  const [row] = await db.insert(organizationPorts).values(values).returning();
  return row!;
}

export async function updatePort(db: Tx, organizationId: string, id: string, values: Partial<typeof organizationPorts.$inferInsert>) {
  const [row] = await db
    .update(organizationPorts)
    .set(values)
    .where(and(eq(organizationPorts.id, id), eq(organizationPorts.organizationId, organizationId)))
    .returning();
  return row;
}

/** Keeps operatingPorts the union of what was declared and where the organization has offices. */
export async function addOperatingPort(db: Tx, id: string, port: string) {
  await db
    .update(organizations)
    .set({ operatingPorts: sql`array_append(${organizations.operatingPorts}, ${port}::text)` })
    .where(and(eq(organizations.id, id), sql`not (${port} = any(${organizations.operatingPorts}))`));
}
