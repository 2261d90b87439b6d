/**
 * Zones bbox benchmark: GET /v1/zones/bbox for a Finland-sized view over the
 * demo set plus every real port list in ../shared/data/geo (UN/LOCODE world
 * ports, SafeSeaNet locations, Baltic ports, DVK quays), ~37k features.
 *
 *   npx tsx bench/zones-bbox.ts [--runs N]       (PGlite; DATABASE_URL=... for PostgreSQL)
 *
 * The served path is an in-process index (zone-index.ts). Peers in the same run:
 * the same view answered from SQL over the btree bbox columns, and that SQL with
 * index scans switched off. Median of N runs.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn } from '../apps/server/src/test/harness.ts';
import { importFile, zonesService } from '../apps/server/src/modules/zones/index.ts';
import { findInBbox } from '../apps/server/src/modules/zones/zones.repository.ts';
import { toFeature } from '../apps/server/src/modules/zones/zone-rows.ts';
import { zones } from '../apps/server/src/db/schema.ts';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 30;
const geo = path.resolve(import.meta.dirname, '../../shared/data/geo');
const FINLAND = { north: 70.1, east: 31.6, south: 59.5, west: 19 };

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)]!;
}

const t = await createTestApp();
try {
  const db = t.ctx.db;
  const s0 = performance.now();
  await importFile(db, 'ssn', path.join(geo, 'digitraffic-ssn-locations.csv'));
  await importFile(db, 'ports', path.join(geo, 'unlocode.csv'));
  await importFile(db, 'zones', path.join(geo, 'ports-baltic-unlocode.geojson'));
  await importFile(db, 'zones', path.join(geo, 'fi-harbours-quays-dvk.geojson'));
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(zones);
  console.log(`${t.database.kind}: ${n} zones and ports loaded in ${((performance.now() - s0) / 1000).toFixed(1)} s; ${runs} runs each`);

  const { access_token } = await signIn(t.app, 'buyer@harbor.test');
  const url = `/v1/zones/bbox?north=${FINLAND.north}&east=${FINLAND.east}&south=${FINLAND.south}&west=${FINLAND.west}`;
  const first = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${access_token}` } });
  const features = (first.json() as { features: unknown[] }).features.length;

  const http = await median(() => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${access_token}` } }));
  const service = await median(() => zonesService.inBbox(t.ctx, FINLAND));

  const fromSql = async () => (await findInBbox(db, FINLAND, 5000)).map((r) => toFeature(r, Date.now()));
  const sqlIndexed = await median(fromSql);
  // PostgreSQL pools connections: switch index scans off for the whole database session set.
  await db.execute(sql`set enable_indexscan = off`);
  await db.execute(sql`set enable_bitmapscan = off`);
  const noIndex = await median(fromSql);
  await db.execute(sql`reset enable_indexscan`);
  await db.execute(sql`reset enable_bitmapscan`);

  const row = (name: string, ms: number) => `  ${name.padEnd(42)} ${ms.toFixed(2).padStart(8)} ms  ${(ms / service).toFixed(2)}x`;
  console.log(`Finland bbox: ${features} features, ${(first.body.length / 1024).toFixed(0)} KB`);
  console.log(row('HTTP GET /v1/zones/bbox (auth + JSON)', http));
  console.log(row('service, in-process index (reference)', service));
  console.log(row('SQL over btree bbox columns (peer)', sqlIndexed));
  console.log(row('SQL, index scans off (peer)', noIndex));
} finally {
  await t.close();
}
