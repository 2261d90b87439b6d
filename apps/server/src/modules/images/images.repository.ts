import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { images } from './images.schema.ts';

export async function insertImage(db: Tx, values: typeof images.$inferInsert) {
  const [row] = await db.insert(images).values(values).returning();
  return row!;
}

export function findImages(db: Tx, ids: readonly string[]) {
  return db.select().from(images).where(inArray(images.id, [...ids]));
}

export async function insertImageIfMissing(db: Tx, values: typeof images.$inferInsert) {
  await db.insert(images).values(values).onConflictDoNothing({ target: images.id });
}
