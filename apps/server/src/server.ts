import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import type { AppContext } from './context.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { openDatabase, type Database } from './db/index.ts';
import { createMailer } from './modules/notifications/index.ts';
import { seedDemo } from './seed/demo.ts';

export interface StartOptions {
  port?: number;
  dataDir?: string;
  /** Extra environment, on top of process.env. */
  env?: Record<string, string>;
  /** Tests: a new embedded data directory starts from this migrated dump instead of initdb. */
  pgliteTemplate?: Blob;
}

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  config: Config;
  /** The database and services the server runs with (for tests that look behind the HTTP API). */
  ctx: AppContext;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds, and listens: what `npm start` and the browser tests run. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig({
    ...process.env,
    ...opts.env,
    ...(opts.port !== undefined && { PORT: String(opts.port) }),
    ...(opts.dataDir && { DATA_DIR: opts.dataDir }),
  });
  // The embedded database serves one process: a second server on the same DATA_DIR stops here.
  const lock = config.DATABASE_URL ? undefined : acquireDataDirLock(config.DATA_DIR, 'a Harbor server');
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  try {
    database = await openDatabase({
      url: config.DATABASE_URL,
      schema: config.DATABASE_SCHEMA,
      poolSize: config.DATABASE_POOL_SIZE,
      dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pgdata'),
      template: opts.pgliteTemplate,
      pgliteThread: config.PGLITE_THREAD,
    });
    app = await buildApp({ config, database });
    const ctx: AppContext = { config, db: database.db, log: app.log, mailer: createMailer(database.db, app.log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) };
    await seedDemo(ctx);
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const url = `http://localhost:${port}`;
    lock?.setUrl(url);
    const [running, db] = [app, database];
    return {
      url,
      app: running,
      config,
      ctx,
      async close() {
        try {
          await running.close();
          await db.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    lock?.release();
    throw err;
  }
}
