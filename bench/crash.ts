/**
 * Crash safety, the long run (the CI suite is apps/server/src/test/crash/crash-safety.test.ts):
 *
 *   npx tsx bench/crash.ts --kills 50                 (PGlite, random kill moments)
 *   npx tsx bench/crash.ts --kills 50 --engine postgres [--seed 7] [--max-delay 3000] [--tsx]
 *
 * The compiled server (apps/server/dist/main.js, built first) runs as a child
 * process on one data directory or PostgreSQL schema while buyers place orders
 * with Idempotency-Keys, pay online through the local provider (its webhooks
 * delivered back to the server), an AIS receiver streams NMEA over TCP and the
 * cycles of accepted subscriptions fall due (16 subscriptions per kill); it is
 * SIGKILLed at a random moment (seeded by --seed, else by the clock) once every
 * workload is in flight and just after a burst of cycles fell due, and restarted
 * on the same data, --kills times. Then the database invariants are checked (stock,
 * ledger, one transaction per key, timers, webhooks applied once, vessel history,
 * each due subscription cycle run once with its one order). On PGlite a second server is started
 * next to the running one every 10th cycle and two at once over the stale lock
 * every 10th cycle (offset 5). DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test.
 * Exit code 1 when an invariant is broken.
 */
import { parseArgs } from 'node:util';
import { crashRun } from '../apps/server/src/test/crash/crash-run.ts';
import { buildServer } from '../apps/server/src/test/crash/crash-server.ts';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '50' },
    engine: { type: 'string', default: 'pglite' },
    seed: { type: 'string' },
    'max-delay': { type: 'string', default: '3000' },
    tsx: { type: 'boolean', default: false },
  },
});
const kills = Number(values.kills);
const engine = values.engine === 'postgres' ? 'postgres' : 'pglite';
const seed = values.seed ? Number(values.seed) : Date.now() % 2 ** 31;
const cycles = (offset: number) => Array.from({ length: kills }, (_, i) => i).filter((i) => i % 10 === offset);

if (!values.tsx) buildServer();
console.log(`crash bench: ${engine}, ${kills} kills, seed ${seed}, kill 0-${values['max-delay']} ms into the load`);
const report = await crashRun({
  engine,
  pgUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  kills,
  seed,
  killDelayMs: [0, Number(values['max-delay'])],
  tsx: values.tsx,
  secondServerAt: cycles(1),
  raceAt: cycles(5),
  log: (line) => console.log(`  ${line}`),
});
const starts = [...report.startSeconds].sort((a, b) => a - b);
console.log(`\n${report.kills} kills in ${report.seconds.toFixed(0)} s; killed during orders ${report.killedDuring.orders}, payments ${report.killedDuring.payments}, AIS ingest ${report.killedDuring.ais}, subscription cycles ${report.killedDuring.subscriptions}`);
console.log(`  ${report.orders} order keys, ${report.paymentFlows} payment flows (${report.paid} paid on the card page), ${report.webhooks.events} webhook events (${report.webhooks.redelivered} delivered again after a kill), ${report.positions} history points, ${report.cycles.ordered} subscription cycles ordered (${report.cycles.failed} failed, ${report.cycles.ranAfterKill} run at a restart after a kill cut them off)`);
console.log(`  server start: median ${starts[Math.floor(starts.length / 2)]?.toFixed(1)} s, max ${starts.at(-1)?.toFixed(1)} s`);
console.log(`  lock checks: ${report.lockChecks.length} (${new Set(report.lockChecks.map((c) => c.split(':')[0]!.replace(/\d+/g, 'N'))).size} kinds)`);
console.log(`  errors the killed servers logged: ${report.serverErrors.length}${report.serverErrors.length >= 20 ? ' (the first 20)' : ''}`);
for (const e of report.serverErrors) console.log(`    ${e}`);
if (report.violations.length) {
  console.log(`\n${report.violations.length} invariant violations:`);
  for (const v of report.violations) console.log(`  - ${v}`);
  process.exit(1);
}
console.log('  invariants: all hold');
