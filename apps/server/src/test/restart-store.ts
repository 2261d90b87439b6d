import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const url = process.env.DATABASE_URL;

/** `npm test` runs the PGlite case; CI's PostgreSQL pass (DATABASE_URL) only the PostgreSQL one. */
export const RESTART_ENGINES = url ? (['postgres'] as const) : (['pglite'] as const);
export type RestartEngine = 'pglite' | 'postgres';

/**
 * Where a server's data outlives the server, for restart and crash tests: a data directory, and
 * on PostgreSQL a schema of its own. `env` points a server at it (the same both times, which is
 * the point); `remove` deletes both.
 */
export interface RestartStore {
  dataDir: string;
  env: { DATABASE_URL: string; DATABASE_SCHEMA?: string };
  remove(): Promise<void>;
}

/** `pgUrl` is the PostgreSQL server (DATABASE_URL unless given, as a bench run may). */
export function restartStore(engine: RestartEngine, name: string, pgUrl = url): RestartStore {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `harbor-${name}-`));
  const schema = `test_${randomBytes(6).toString('hex')}`;
  return {
    dataDir,
    // An empty DATABASE_URL is the embedded PGlite in the data directory, whatever the environment says.
    env: engine === 'postgres' ? { DATABASE_URL: pgUrl!, DATABASE_SCHEMA: schema } : { DATABASE_URL: '' },
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (engine !== 'postgres') return;
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}
