import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface DatabaseOptions {
  /** postgres:// URL; without it PGlite runs embedded. */
  url?: string;
  /** PGlite data directory; undefined = in memory. */
  dataDir?: string;
  /** PostgreSQL schema to use (created if missing); tests use a fresh one per run. */
  schema?: string;
  /** PostgreSQL connections this process may hold (DATABASE_POOL_SIZE); default 10. */
  poolSize?: number;
  /**
   * A PGlite data directory dumped by `dumpPgliteTemplate`: PGlite starts from it instead
   * of running initdb (about 5 s of CPU per database), so each test suite gets a fresh
   * database in about a second.
   */
  template?: Blob;
  /**
   * Where PGlite runs: `worker` (default) on a thread of its own, so its queries do not
   * stall the event loop; `main` on the server's thread, as PGlite does by itself.
   */
  pgliteThread?: 'worker' | 'main';
}

/** Opens PGlite (embedded default) or PostgreSQL and applies the migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const schemaName = opts.schema;
    if (schemaName) {
      const admin = new pg.Client({ connectionString: opts.url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      ...(schemaName ? { options: `-c search_path="${schemaName}"` } : {}),
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder, migrationsSchema: schemaName ?? 'drizzle' });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  // A data directory that already holds a database opens as it is (PGlite refuses to load over it).
  const fresh = !opts.dataDir || !existsSync(path.join(opts.dataDir, 'PG_VERSION'));
  const template = fresh ? opts.template : undefined;
  const client =
    opts.pgliteThread === 'main'
      ? new PGlite({ dataDir: opts.dataDir, loadDataDir: template })
      : // Drizzle's PGlite driver calls only query and transaction, which the thread carries.
        (new PgliteThread({ dataDir: opts.dataDir, template: template && new Uint8Array(await template.arrayBuffer()) }) as unknown as PGlite);
  try {
    await client.waitReady;
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // With a template this finds every migration applied and does nothing.
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** A fresh in-memory PGlite with every migration applied, dumped as an uncompressed tarball. */
export async function dumpPgliteTemplate(): Promise<Blob> {
  const client = new PGlite();
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

/** The migration files, for keying a cached template on the schema it holds. */
export const MIGRATIONS_FOLDER = migrationsFolder;
export { preparedQuery } from './prepared.ts';
export { pageTotal } from './page-total.ts';
export { isoTime } from './iso-time.ts';
export { sqlCase } from './sql-case.ts';
export { isLockNotAvailable } from './lock-errors.ts';
export { jsonArrayAgg, jsonFields, jsonObject, jsonObjectAgg, jsonObjectOrNull, jsonPlain, jsonText, jsonValue, type JsonSql } from './json-sql.ts';
