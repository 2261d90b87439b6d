import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { createMailer } from '../modules/notifications/index.ts';
import { seedDemo, DEMO_PASSWORD } from '../seed/demo.ts';
import { pgliteTemplate } from './pglite-template.ts';

export { DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  close(): Promise<void>;
}

/**
 * A fresh database per suite: PGlite in memory, or, when DATABASE_URL is set
 * (CI), a new PostgreSQL schema that is dropped afterwards. Same tests, both engines.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { marketplace?: boolean; ssnPorts?: boolean } = {},
): Promise<TestApp> {
  const url = process.env.DATABASE_URL;
  const schema = url ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'harbor-test-')),
    JWT_SECRET: randomBytes(32).toString('hex'),
    OPERATOR_EMAIL: 'operator@harbor.test',
    LOGIN_RATE_LIMIT_PER_MIN: '1000',
    ...(url && { DATABASE_URL: url, DATABASE_SCHEMA: schema }),
    ...env,
  });
  const template = config.DATABASE_URL ? undefined : await pgliteTemplate();
  const database = await openDatabase({ url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, poolSize: config.DATABASE_POOL_SIZE, template, pgliteThread: config.PGLITE_THREAD }).catch(async (err) => {
    await dropSchema(url, schema);
    throw err;
  });
  const app = await buildApp({ config, database, serveWeb: false });
  const ctx: AppContext = {
    config,
    db: database.db,
    log: app.log,
    mailer: createMailer(database.db, app.log, { from: config.MAIL_FROM }),
  };
  // The 4,000 shipped SafeSeaNet ports cost seconds per suite: only suites that read them load them.
  await seedDemo(ctx, { marketplace: opts.marketplace ?? false, ssnPorts: opts.ssnPorts ?? false });
  await app.ready();
  return {
    app,
    ctx,
    database,
    async close() {
      await app.close();
      await database.close();
      await dropSchema(url, schema);
    },
  };
}

async function dropSchema(url?: string, schema?: string) {
  if (!url || !schema) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** The session cookie a login response set, ready for a `cookie` header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'harbor_session');
  if (!c) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `${c.name}=${c.value}`;
}

/** Logs in and returns a token pair. */
export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD) {
  const login = await app.inject({ method: 'POST', url: '/api/auth/harbor/login', payload: { email, password } });
  const cookie = sessionCookie(login);
  const tokens = await app.inject({ method: 'GET', url: '/api/auth/harbor/token', headers: { cookie } });
  return { cookie, ...json<{ access_token: string; refresh_token: string }>(tokens) };
}
