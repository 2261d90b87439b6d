import { beforeAll, describe, expect, it } from 'vitest';
import { crashRun } from './crash-run.ts';
import { buildServer } from './crash-server.ts';

/**
 * Crash safety (issue 20): the compiled server as a child process, SIGKILLed five
 * times at seeded moments while orders are placed with Idempotency-Keys, online
 * payments go through the local provider's card page and webhooks, AIS reports
 * stream in over TCP, and accepted subscriptions' cycles fall due and are placed by
 * the server's timers (each kill just after a burst of them fell due); restarted on
 * the same data each time; then the database invariants (stock, ledger, one
 * transaction per key, timers, webhooks applied once, vessel history, each due
 * subscription cycle run once with its one order). On PGlite every restart takes over the killed server's stale lock,
 * a second server next to a running one refuses, and two servers started at once over
 * a stale lock leave exactly one running. `npm test` runs it on PGlite; the CI run with
 * DATABASE_URL runs it on a PostgreSQL schema (only: PGlite had its turn). The long
 * variant is bench/crash.ts.
 */

const url = process.env.DATABASE_URL;
const engine = url ? 'postgres' : 'pglite';
const KILLS = 5;
const SEED = 20;

describe('crash safety', () => {
  beforeAll(() => buildServer(), 120_000);

  it(`${KILLS} SIGKILLs during orders, payments, AIS ingest and subscription cycles leave a consistent database (${engine})`, { timeout: 1_200_000 }, async () => {
    const report = await crashRun({
      engine,
      pgUrl: url,
      kills: KILLS,
      seed: SEED,
      killDelayMs: [100, 1500],
      secondServerAt: [1],
      raceAt: [3],
      log: (line) => console.log(`crash-safety (${engine}): ${line}`),
    });
    console.log(`crash-safety (${engine}): ${JSON.stringify({ ...report, lockChecks: report.lockChecks.length, serverErrors: report.serverErrors.length })}`);
    for (const line of report.serverErrors) console.log(`crash-safety (${engine}): a server logged: ${line}`);
    // A violation's message carries what the servers logged as errors (a deadlock showed there first).
    expect(report.violations, `errors the servers logged:\n${report.serverErrors.join('\n')}`).toEqual([]);
    expect(report.kills).toBe(KILLS);
    // Each kill hit each workload in flight.
    expect(report.killedDuring).toEqual({ orders: KILLS, payments: KILLS, ais: KILLS, subscriptions: KILLS });
    expect(report.cycles.failed).toBe(0); // the stock and time are there: every due cycle ordered
    expect(report.cycles.ranAfterKill).toBeGreaterThan(0); // due cycles a kill cut off ran once at the restart
    expect(report.positions).toBeGreaterThan(0);
    expect(report.paid).toBeGreaterThanOrEqual(KILLS); // a card payment in every cycle before its kill
    if (engine === 'pglite') {
      expect(report.lockChecks.filter((c) => c.startsWith('stale lock'))).toHaveLength(KILLS - 1);
      expect(report.lockChecks.some((c) => c.startsWith('a second server'))).toBe(true);
      expect(report.lockChecks.some((c) => c.startsWith('two servers raced'))).toBe(true);
    }
  });
});
