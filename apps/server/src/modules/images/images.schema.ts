import { bigint, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export interface StoredVariant {
  /** Path under DATA_DIR/uploads, served at /uploads/<path>. */
  path: string;
  width: number;
  height: number;
}

/** An uploaded image; its files live under DATA_DIR/uploads/<purpose>/<id>/. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Who uploaded it; only they may attach it to a listing. */
  uploaderId: uuid('uploader_id').notNull(),
  purpose: text('purpose', { enum: ['listing', 'logo', 'icon', 'main', 'seed'] }).notNull(),
  variants: jsonb('variants').$type<Record<string, StoredVariant>>().notNull(),
  /** Milliseconds of the upload: the ?v= of every URL, so caches never serve an old file. */
  version: bigint('version', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
