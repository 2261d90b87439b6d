/**
 * The live store's long-lived costs with many ships once heard and long silent:
 * 1. forgetting 5 % of 200,000 ships (the hourly check's compaction; the event loop is blocked meanwhile);
 * 2. a restart's restore from a database that holds 200,000 ships silent for 40-400 days and 20,000
 *    heard this week: the ships heard within AIS_FORGET_DAYS (what the server loads) against every
 *    MMSI the database holds, forgotten right after (what it loaded before), in the same run.
 *
 *   npx tsx bench/ships-restore.ts                                                  (embedded PGlite)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ships-restore.ts   (fresh schema, dropped after)
 *
 * Settings: SHIPS (200000), ROUNDS (3).
 */
import { sql } from 'drizzle-orm';
import { DAY_MS } from '@harbor/contracts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { createVessels, VesselStore } from '../apps/server/src/modules/vessels/index.ts';

const SHIPS = Number(process.env.SHIPS ?? 200_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const FORGET_DAYS = 30;
const ms = (t0: number) => `${(performance.now() - t0).toFixed(0)} ms`;

console.log(`1. forgetting 5 % of ${SHIPS} ships (each round a fresh store; the first call in a process is the one the hourly check pays)`);
for (let round = 0; round < ROUNDS; round++) {
  const store = new VesselStore();
  for (let i = 0; i < SHIPS; i++) {
    const mmsi = 200_000_000 + i * 7;
    const at = i % 20 === 0 ? 10 : 100;
    store.applyPosition({ mmsi, at, lat: 54 + (i % 1000) / 100, lon: 10 + Math.floor(i / 1000) / 20, sog: 10, cog: 90, heading: 90, navStatus: 0 });
    if (i % 2 === 0) store.applyStatic({ mmsi, at, name: `SHIP ${i}`, destination: 'FIHEL', shipType: 70, dims: [10, 20, 5, 5] });
  }
  const t0 = performance.now();
  const n = store.forgetSilent(50);
  console.log(`   forgot ${n}, kept ${store.size}: ${ms(t0)}`);
}

const t = await createTestApp({ AIS_SOURCE: 'none' });
const silent = SHIPS;
const heard = SHIPS / 10;
await t.ctx.db.execute(sql`insert into vessels (mmsi, name, ship_type, destination, updated_at)
  select 200000000 + g, 'SHIP ' || g, 70, 'FIHEL', now() - ((40 + g % 360) || ' days')::interval from generate_series(1, ${silent}::int) g`);
await t.ctx.db.execute(sql`insert into vessel_positions (mmsi, "at", lat, lon, sog, cog, heading, nav_status)
  select 200000000 + g * 10, now() - interval '1 hour', 60, 25, 10, 90, 90, 0 from generate_series(1, ${heard}::int) g`);
console.log(`2. restore: ${silent} ships in the database silent for 40-400 days, ${heard} of them with a position this week; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
const persistence = { enabled: false, flushIntervalMs: 60_000, historyIntervalMs: 30_000, historyDays: 30 };
for (let round = 0; round < ROUNDS; round++) {
  const times: number[] = [];
  for (const [label, forgetAfterDays] of [['every MMSI, then forget', 1e6], [`heard within ${FORGET_DAYS} days`, FORGET_DAYS]] as const) {
    const vessels = createVessels(t.ctx, { ...persistence, forgetAfterDays });
    const t0 = performance.now();
    await vessels.restore();
    const loaded = vessels.store.size;
    vessels.store.forgetSilent(Date.now() - FORGET_DAYS * DAY_MS);
    times.push(performance.now() - t0);
    console.log(`   ${label.padEnd(24)} ${ms(t0)} (${loaded} loaded, ${vessels.store.size} kept)`);
  }
  console.log(`   ratio: ${(times[0]! / times[1]!).toFixed(1)}x`);
}
await t.close();
