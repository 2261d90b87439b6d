import { desc } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { outbox } from './notifications.schema.ts';

export function listOutbox(db: Db, limit = 200) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
