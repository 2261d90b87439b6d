import { eq } from 'drizzle-orm';
import { startServer } from '../../server.ts';
import { restartStore } from '../restart-store.ts';
import { completeBody, publishedListing, tokens } from '../../modules/listings/test-helpers.ts';
import { subscribableListing } from '../../modules/subscriptions/test-helpers.ts';
import { localPayWebhooks } from '../../modules/payments/payments.schema.ts';
import { prng } from '@harbor/ais';
import { runDueTimers } from '../../modules/timers/index.ts';
import { users } from '../../modules/users/users.schema.ts';
import { startAisFeed } from './ais-feed.ts';
import { orderInvariants, paymentInvariants, subscriptionInvariants, vesselInvariants } from './crash-invariants.ts';
import { killServer, readLock, spawnExpectingExit, spawnServer, type ServerProcess } from './crash-server.ts';
import { OrderWorkload, PaymentWorkload, SubscriptionCycles, type Target } from './crash-workloads.ts';

/**
 * The crash-safety run: the real server as a child process on one PGlite data
 * directory (or one PostgreSQL schema) with every workload running at once
 * (order placement, online payments and their webhooks, AIS ingest over TCP,
 * subscription cycles placed by the server's timers), killed with SIGKILL at a
 * seeded moment once each workload is in flight (for subscriptions: a cycle ran
 * in this life, and a burst of them fell due just before the kill), and
 * restarted on the same data, `kills` times; then a last start in this process
 * lets the relays and timers catch up, the clients retry what was cut off, and
 * the database invariants are checked. On PGlite every restart also takes over
 * the stale lock of the killed process, and a second server started while one
 * runs must refuse.
 */

export interface CrashRunOptions {
  engine: 'pglite' | 'postgres';
  pgUrl?: string;
  kills: number;
  seed: number;
  /** The kill comes this long (uniform, seeded) after every workload is in flight, then 0-10 ms after the next burst of subscription cycles falls due. */
  killDelayMs: [number, number];
  tsx?: boolean;
  /** Cycles (0-based) in which a second server is started next to the running one (PGlite). */
  secondServerAt?: number[];
  /** Cycles in which two servers are started at once over the stale lock (PGlite): one must win, the other refuse. */
  raceAt?: number[];
  log?: (line: string) => void;
}

export interface CrashRunReport {
  kills: number;
  /**
   * Kills that hit each workload in flight (requests outstanding, the feed connected;
   * for subscriptions: cycles ran in that server life and one due before the kill ran after it).
   */
  killedDuring: { orders: number; payments: number; ais: number; subscriptions: number };
  orders: number;
  paymentFlows: number;
  paid: number;
  positions: number;
  /** The subscriptions' cycles: ordered, failed (visibly: recorded and mailed), and those due before a kill that a later start ran. */
  cycles: { ordered: number; failed: number; ranAfterKill: number };
  /** The local provider's webhook events, and those delivered more than once (a kill between delivery and its acknowledgement). */
  webhooks: { events: number; redelivered: number };
  lockChecks: string[];
  violations: string[];
  /** Errors the killed servers logged (level error and above), for the message of a failed run; at most 20. */
  serverErrors: string[];
  seconds: number;
  startSeconds: number[];
}


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, cond: () => boolean, timeoutMs: number, server: ServerProcess) {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`${what} did not happen in ${timeoutMs} ms; server output:\n${server.output().slice(-4000)}`);
    await sleep(20);
  }
}

const AIS = { ships: 20, tickMs: 100, staticEvery: 10 };
const HISTORY_INTERVAL_S = 1;
const PAYMENT_WINDOW_MS = 5000;
const STOCK = 1_000_000;
/**
 * Subscriptions per kill, and their cycles' spread: CYCLE_BURST fall due at once, spread over
 * LIFE_MS per server life (a start takes up to 23 s on PGlite and 10 s on PostgreSQL on the
 * loaded 2-core box, a life then runs a few seconds); cycles left when the loop ends run at the
 * final start.
 */
const SUBSCRIPTIONS_PER_KILL = 24;
const CYCLE_BURST = 3;
const LIFE_MS = { pglite: 40_000, postgres: 20_000 };

export async function crashRun(opts: CrashRunOptions): Promise<CrashRunReport> {
  const log = opts.log ?? (() => undefined);
  const t0 = Date.now();
  const random = prng(opts.seed); // the kill moments of a run follow from its seed
  const store = restartStore(opts.engine, 'crash', opts.pgUrl);
  const { dataDir } = store;
  const feed = await startAisFeed(AIS);
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    RATE_LIMIT_PER_MIN: '10000000',
    LOGIN_RATE_LIMIT_PER_MIN: '100000',
    TIMER_INTERVAL_MS: '100',
    PAYMENT_WINDOW_MS: String(PAYMENT_WINDOW_MS),
    PAYMENTS: 'local',
    AIS_SOURCE: `tcp://127.0.0.1:${feed.port}`,
    AIS_PERSIST: 'true',
    AIS_HISTORY_INTERVAL_S: String(HISTORY_INTERVAL_S),
    AIS_FLUSH_INTERVAL_MS: '100',
    PORTCALLS_NSW: 'false',
    WEATHER_PROVIDER: 'none',
    FOREX_PROVIDER: 'none',
    ...store.env,
  };
  const report: CrashRunReport = { kills: 0, killedDuring: { orders: 0, payments: 0, ais: 0, subscriptions: 0 }, orders: 0, paymentFlows: 0, paid: 0, positions: 0, cycles: { ordered: 0, failed: 0, ranAfterKill: 0 }, webhooks: { events: 0, redelivered: 0 }, lockChecks: [], violations: [], serverErrors: [], seconds: 0, startSeconds: [] };
  const since = new Date();
  try {
    // Setup in process: the demo accounts, three listings, the buyer's token (the JWT secret lives in the data directory),
    // the accepted subscriptions with their first cycles moved into the kill loop.
    const setup = await startServer({ port: 0, dataDir, env: { ...env, AIS_SOURCE: 'none' } });
    const auth = await tokens(setup.app);
    const orderListing = await publishedListing(setup.app, auth, { stock: STOCK });
    const payListing = await publishedListing(setup.app, auth, { stock: STOCK, publicData: { ...completeBody().publicData, allowOnlinePayment: true } });
    const subListing = await subscribableListing(setup.app, auth, { stock: STOCK });
    const subs = new SubscriptionCycles();
    const subIds = await subs.create(setup.app, auth, subListing, opts.kills * SUBSCRIPTIONS_PER_KILL);
    const everyMs = Math.round(LIFE_MS[opts.engine] / (SUBSCRIPTIONS_PER_KILL / CYCLE_BURST));
    await subs.spread(setup.ctx.db, subIds, Date.now() + 2000, { burst: CYCLE_BURST, everyMs });
    const [buyer] = await setup.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@harbor.test'));
    await setup.close();
    log(`setup done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const orders = new OrderWorkload(orderListing, auth.buyer, 6);
    const payments = new PaymentWorkload(payListing, auth.buyer, 3);
    const childEnv = { ...env, SEED_DEMO: 'false' };
    let lastPid: number | undefined;
    const lives: { startedAt: number; killedAt: number }[] = [];

    for (let cycle = 0; cycle < opts.kills; cycle++) {
      const lockChecks = opts.engine === 'pglite';
      if (lockChecks && lastPid !== undefined) {
        const stale = readLock(dataDir);
        if (stale?.pid !== lastPid) report.violations.push(`cycle ${cycle}: the killed server's lock is ${JSON.stringify(stale)}, expected pid ${lastPid}`);
      }
      const startedAt = Date.now();
      let server: ServerProcess;
      if (lockChecks && opts.raceAt?.includes(cycle)) {
        // Two servers at once over the stale lock: exactly one takes it over.
        const [a, b] = await Promise.allSettled([spawnServer(childEnv, { tsx: opts.tsx }), spawnServer(childEnv, { tsx: opts.tsx })]);
        const won = [a, b].filter((r): r is PromiseFulfilledResult<ServerProcess> => r.status === 'fulfilled');
        const lost = [a, b].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (won.length !== 1) {
          for (const w of won) await killServer(w.value);
          throw new Error(`cycle ${cycle}: ${won.length} of two servers started at once on one data directory took it`);
        }
        server = won[0]!.value;
        const refusal = String(lost[0]!.reason);
        if (!refusal.includes(`Harbor is already using the data directory ${dataDir}`) || !refusal.includes(`server exited (1)`))
          report.violations.push(`cycle ${cycle}: the losing server of the race said: ${refusal.slice(0, 1000)}`);
        report.lockChecks.push(`two servers raced over a stale lock: pid ${server.pid} took it, the other refused`);
      } else {
        server = await spawnServer(childEnv, { tsx: opts.tsx });
      }
      report.startSeconds.push((Date.now() - startedAt) / 1000);
      if (lockChecks) {
        const lock = readLock(dataDir);
        if (lock?.pid !== server.pid || lock.url?.replace('localhost', '127.0.0.1') !== server.base)
          report.violations.push(`cycle ${cycle}: lock after start is ${JSON.stringify(lock)}, expected pid ${server.pid} at ${server.base}`);
        else if (lastPid !== undefined) report.lockChecks.push(`stale lock of killed pid ${lastPid} taken over by pid ${server.pid}`);
      }
      const target: Target = { base: server.base, alive: true };
      const answered0 = orders.answered;
      const paid0 = payments.paid;
      const tick0 = feed.tick();
      const running = Promise.all([orders.run(target), payments.run(target)]);
      // In flight: orders answered, a card payment made (its webhook is on its way), the feed connected.
      await until('all workloads in flight', () => orders.answered >= answered0 + 3 && payments.paid > paid0 && feed.connections() > 0 && feed.tick() >= tick0 + 5, 180_000, server);
      // And a subscription cycle has run in this life.
      if (!(await subs.awaitCycle(target, auth.buyer, startedAt, 180_000))) log(`cycle ${cycle}: no subscription cycle ran in this life`);

      if (lockChecks && opts.secondServerAt?.includes(cycle)) {
        const second = await spawnExpectingExit(childEnv, { tsx: opts.tsx });
        const ok = second.code === 1 && second.output.includes(`Harbor is already using the data directory ${dataDir}`) && second.output.includes(`pid ${server.pid}`) && second.output.includes(server.base.replace('127.0.0.1', 'localhost'));
        if (!ok) report.violations.push(`cycle ${cycle}: a second server on the data directory in use exited ${second.code}: ${second.output.slice(-1500)}`);
        else report.lockChecks.push(`a second server on the data directory of pid ${server.pid} refused to start, naming it`);
      }

      const delay = opts.killDelayMs[0] + random() * (opts.killDelayMs[1] - opts.killDelayMs[0]);
      await sleep(delay);
      // Then the next burst of cycles falls due, and the kill comes 0-10 ms later: before the timer
      // loop (every 100 ms) can have placed all of them.
      const burst = subs.nextDue(Date.now());
      if (burst !== undefined) await sleep(burst - Date.now() + random() * 10);
      report.killedDuring.orders += orders.inFlight > 0 ? 1 : 0;
      report.killedDuring.payments += payments.inFlight > 0 ? 1 : 0;
      report.killedDuring.ais += feed.connections() > 0 ? 1 : 0;
      const killedAt = Date.now();
      await killServer(server);
      target.alive = false;
      report.serverErrors.push(...loggedErrors(server.output()).slice(0, 20 - report.serverErrors.length));
      lives.push({ startedAt, killedAt });
      await running;
      report.kills++;
      lastPid = server.pid;
      log(`kill ${cycle + 1}/${opts.kills}: ${delay.toFixed(0)} ms into the load, start took ${report.startSeconds.at(-1)!.toFixed(1)} s; ${orders.keys.length} order keys, ${payments.flows.length} payment flows, AIS tick ${feed.tick()}`);
    }
    const maxTick = feed.tick();
    await feed.close();

    // The last start, in this process: it takes over the last stale lock, its relays and timers catch up.
    const final = await startServer({ port: 0, dataDir, env: { ...childEnv, AIS_SOURCE: 'none', TIMER_INTERVAL_MS: '3600000' } });
    try {
      if (opts.engine === 'pglite' && readLock(dataDir)?.pid !== process.pid) report.violations.push(`final start: lock is ${JSON.stringify(readLock(dataDir))}`);
      const { ctx, app } = final;
      // The positions as the kills left them (the final start ingests nothing).
      const ais = { ships: AIS.ships, maxTick, historyIntervalMs: HISTORY_INTERVAL_S * 1000, since };
      const vessels = await vesselInvariants(ctx.db, ais);
      report.positions = vessels.rows;
      report.violations.push(...vessels.bad);
      report.violations.push(...(await paymentInvariants(ctx.db, { settled: false })).map((v) => `before settling: ${v}`));

      // The clients retry, with the same keys, what the kills cut off.
      for (const k of orders.unanswered()) {
        const res = await app.inject({ method: 'POST', url: '/api/transactions/initiate', headers: { ...auth.buyer, 'idempotency-key': k.key }, payload: k.body });
        k.statuses.push(res.statusCode);
        if (res.statusCode === 200 || res.statusCode === 201) k.ids.add((res.json() as { data: { id: string } }).data.id);
        else report.violations.push(`retry of ${k.key} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      }
      // Relays and timers catch up: leases the killed servers held are over, payment windows lapse.
      const caughtUp = Date.now();
      const later = () => new Date(Date.now() + PAYMENT_WINDOW_MS + 5 * 60_000);
      for (let round = 0; round < 3; round++) {
        await app.payments.webhooks!.flush(later());
        await runDueTimers(ctx, later());
        await app.payments.actions.flush(later());
      }
      await app.payments.webhooks!.flush(later());

      report.violations.push(
        ...(await orderInvariants(ctx.db, {
          listings: [
            { id: orderListing, stock: STOCK },
            { id: payListing, stock: STOCK },
            { id: subListing, stock: STOCK },
          ],
          orders: orders.keys,
          buyerId: buyer!.id,
        })),
      );
      const cycles = await subscriptionInvariants(ctx.db, { listingId: subListing, due: subs.due, ranBy: new Date(caughtUp), now: new Date() });
      report.violations.push(...cycles.bad);
      report.cycles.ordered = cycles.rows.filter((c) => c.state === 'ordered').length;
      report.cycles.failed = cycles.rows.filter((c) => c.state === 'failed').length;
      // A kill hit the subscriptions when cycles ran in that life and some that fell due before the kill ran after it.
      const ranAt = new Map(cycles.rows.filter((c) => subs.due.get(c.subscriptionId)?.date === c.cycleDate).map((c) => [c.subscriptionId, c.ranAt.getTime()]));
      for (const life of lives) {
        const ranIn = [...ranAt.values()].some((t) => t >= life.startedAt && t <= life.killedAt);
        const cutOff = [...subs.due].some(([id, d]) => d.at <= life.killedAt && (ranAt.get(id) ?? Infinity) > life.killedAt);
        if (ranIn && cutOff) report.killedDuring.subscriptions++;
        else log(`a kill at ${new Date(life.killedAt).toISOString()} missed the subscriptions: cycles ran in its life ${ranIn}, one due before it ran after it ${cutOff}`);
      }
      report.cycles.ranAfterKill = [...subs.due].filter(([id, d]) => lives.some((l) => d.at <= l.killedAt && (ranAt.get(id) ?? Infinity) > l.killedAt)).length;
      report.violations.push(...(await paymentInvariants(ctx.db, { settled: true })));
      report.orders = orders.keys.length;
      report.paymentFlows = payments.flows.length;
      report.paid = payments.paid;
      const hooks = await ctx.db.select({ attempts: localPayWebhooks.attempts }).from(localPayWebhooks);
      report.webhooks = { events: hooks.length, redelivered: hooks.filter((h) => h.attempts > 1).length };
    } finally {
      await final.close();
    }
  } finally {
    await feed.close().catch(() => undefined);
    await store.remove();
  }
  report.seconds = (Date.now() - t0) / 1000;
  return report;
}

/** The JSON log lines of level error (50) and above in a server's output, each cut to 800 characters. */
function loggedErrors(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /"level":(5|6)0\b/.test(line))
    .map((line) => line.slice(0, 800));
}
