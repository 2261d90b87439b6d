import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { Mailer } from './modules/notifications/index.ts';

/** What every service needs; built once in app.ts and handed to modules. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}
