import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { openDatabase } from '../../db/index.ts';
import { seedDemo } from '../../seed/demo.ts';
import { pgliteTemplate } from '../../test/pglite-template.ts';
import { signIn } from '../../test/harness.ts';
import { RESTART_ENGINES, restartStore } from '../../test/restart-store.ts';
import { createMailer } from '../notifications/index.ts';
import { runDueTimers } from '../timers/index.ts';
import { transactions, transactionTransitions } from '../transactions/index.ts';
import { runCycle } from './subscriptions.runner.ts';
import { cartWith, createSubscription, patchSubscription, subOf, subscribableListing, tokens, weekly } from './test-helpers.ts';

interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** The app on a database that outlives it (a PGlite data directory or a PostgreSQL schema), its timers running as in production. */
async function openApp(env: Record<string, string>, dataDir: string, fresh: boolean): Promise<RunningServer> {
  const config = loadConfig(env);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    dataDir: config.DATABASE_URL ? undefined : path.join(dataDir, 'pgdata'),
    template: fresh && !config.DATABASE_URL ? await pgliteTemplate() : undefined,
  });
  const app = await buildApp({ config, database, serveWeb: false });
  const ctx: AppContext = { config, db: database.db, log: app.log, mailer: createMailer(database.db, app.log, { from: config.MAIL_FROM }) };
  await seedDemo(ctx, { marketplace: false, ssnPorts: false });
  await app.ready(); // starts the timer loop: its first batch runs what fell due while no app ran
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const bearer = async (s: RunningServer, email: string) => ({ authorization: `Bearer ${(await signIn(s.app, email)).access_token}` });

/*
 * Three weekly cycles, Wednesdays 09:00 in Vuosaari (Europe/Helsinki), across
 * the spring change of 2026-03-29 (EET +2 -> EEST +3): 07:00 UTC, then 06:00
 * UTC. The clock is fake (Date only; the timer loop's interval is real). The
 * server stops after the first cycle and starts again after the second was
 * due: the restarted server runs it once, and running it again adds nothing.
 */
describe('subscription cycles across a daylight-saving change and a restart', () => {
  afterEach(() => vi.useRealTimers());

  it.each(RESTART_ENGINES)('one order per cycle at 09:00 Helsinki time (%s)', { timeout: 120_000 }, async (engine) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-20T10:00:00Z'));
    const store = restartStore(engine, 'subscriptions');
    const { dataDir } = store;
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      OPERATOR_EMAIL: 'operator@harbor.test',
      LOGIN_RATE_LIMIT_PER_MIN: '1000',
      TIMER_INTERVAL_MS: '50',
      ...store.env,
    };
    let opened = 0;
    const start = () => openApp(env, dataDir, opened++ === 0);
    let server: RunningServer | undefined;
    try {
      server = await start();
      const auth = await tokens(server.app);
      const listing = await subscribableListing(server.app, auth);
      const cartId = await cartWith(server.app, auth.buyer, [listing]);
      const made = await createSubscription(server.app, auth.buyer, { cartId, schedule: weekly({ startDate: '2026-03-20', endDate: '2026-04-30', weekdays: [3] }) });
      expect(made.statusCode, made.body).toBe(201);
      const id = subOf(made).id;
      expect(subOf(made).nextCycles.slice(0, 3)).toEqual(['2026-03-25T07:00:00.000Z', '2026-04-01T06:00:00.000Z', '2026-04-08T06:00:00.000Z']);
      expect((await patchSubscription(server.app, auth.seller, id, { status: 'accepted', message: 'Every Wednesday' })).statusCode).toBe(200);

      const cyclesSeen = async (s: RunningServer, n: number) => {
        const headers = await bearer(s, 'buyer@harbor.test');
        await vi.waitFor(
          async () => {
            const sub = subOf(await s.app.inject({ method: 'GET', url: `/v1/marketplace/subscriptions/${id}`, headers }));
            expect(sub.cycles).toHaveLength(n);
          },
          { timeout: 15_000, interval: 50 },
        );
        return subOf(await s.app.inject({ method: 'GET', url: `/v1/marketplace/subscriptions/${id}`, headers }));
      };
      // Cycle 1 (winter time), run by the timer loop of the first server.
      vi.setSystemTime(new Date('2026-03-25T07:00:01Z'));
      expect((await cyclesSeen(server, 1)).cycles[0]).toMatchObject({ cycleDate: '2026-03-25', state: 'ordered', startsAt: '2026-03-25T07:00:00.000Z' });
      await server.close();
      server = undefined;

      // Cycle 2 falls due while no server runs; the restarted server's first batch takes it.
      vi.setSystemTime(new Date('2026-04-01T06:20:00Z'));
      server = await start();
      const afterRestart = await cyclesSeen(server, 2);
      expect(afterRestart.cycles[0]).toMatchObject({ cycleDate: '2026-04-01', state: 'ordered', startsAt: '2026-04-01T06:00:00.000Z' });
      expect(afterRestart.nextCycles[0]).toBe('2026-04-08T06:00:00.000Z');
      // Never twice: the loop again, and the cycle's handler run by hand on the same date.
      await runDueTimers(server.ctx);
      await server.ctx.db.transaction((tx) => runCycle(server!.ctx, tx, { key: id, payload: { cycleDate: '2026-04-01' } }));

      // Cycle 3 (summer time).
      vi.setSystemTime(new Date('2026-04-08T06:00:01Z'));
      const done = await cyclesSeen(server, 3);
      expect(done.cycles.map((c) => [c.cycleDate, c.state])).toEqual([
        ['2026-04-08', 'ordered'],
        ['2026-04-01', 'ordered'],
        ['2026-03-25', 'ordered'],
      ]);

      // Exactly one order per cycle, booked from 09:00 Helsinki time, placed by the system through the order process.
      const orders = await server.ctx.db
        .select({ id: transactions.id, start: transactions.bookingStart, state: transactions.state, customer: transactions.customerId, createdAt: transactions.createdAt })
        .from(transactions)
        .where(eq(transactions.listingId, listing));
      expect(orders.map((o) => o.start.toISOString()).sort()).toEqual(['2026-03-25T07:00:00.000Z', '2026-04-01T06:00:00.000Z', '2026-04-08T06:00:00.000Z']);
      expect(orders.every((o) => o.state === 'ordered')).toBe(true);
      expect(new Set(done.cycles.map((c) => c.transactionId))).toEqual(new Set(orders.map((o) => o.id)));
      const steps = await server.ctx.db.select().from(transactionTransitions).where(eq(transactionTransitions.transactionId, orders[0]!.id));
      expect(steps.map((s) => `${s.by}:${s.transition}`)).toEqual(['system:order']);
      // The missed cycle ran at the restart, 20 minutes late; the others within seconds of their time.
      const lateness = orders.map((o) => o.createdAt.getTime() - o.start.getTime()).sort((a, b) => a - b);
      // (vi.waitFor moves the faked clock on by its interval at every retry: 50 ms more per retry on a busy machine.)
      expect(lateness[2]).toBeGreaterThanOrEqual(20 * 60_000);
      expect(lateness[2]).toBeLessThan(20 * 60_000 + 60_000);
      expect(lateness[1]).toBeLessThan(60_000);
    } finally {
      await server?.close();
      await store.remove();
    }
  });
});
