/**
 * Listing search (GET /api/listings) over 100k listings in PostgreSQL.
 *
 *   npx tsx bench/listings-search.ts      (LISTINGS=100000 ROUNDS=40)
 *
 * Seeds a fresh schema of postgres://postgres@127.0.0.1:5432/test (or
 * DATABASE_URL), runs a mix of the search page's queries through the whole
 * HTTP pipeline (app.inject: validation, SQL, hydration, serialization) and
 * drops the schema. Peers in the same run: /api/health (the pipeline's floor)
 * and a plain ILIKE scan for the keyword queries (what full-text search spares).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { CATEGORIES, PORTS, seedListings } from './listings-seed.ts';

const LISTINGS = Number(process.env.LISTINGS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 40);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

// The marketplace demo: its users author the listings and its first image is every card's.
const t = await createTestApp({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MIN: '100000000', RESPONSE_CHECK: 'off' }, { marketplace: true });
try {
  const started = performance.now();
  await seedListings(t.ctx.db, LISTINGS);
  const counted = (await t.ctx.db.execute(sql`select count(*)::int n from listings`)) as unknown as { rows: [{ n: number }] };
  const [{ n }] = counted.rows;
  console.log(`seeded ${n} listings in ${((performance.now() - started) / 1000).toFixed(1)} s (PostgreSQL, fresh schema)`);

  const queries: Record<string, string[]> = {
    'port': PORTS.slice(0, 8).map((p) => `pub_port=${p}`),
    'port + categories': PORTS.slice(0, 8).map((p, i) => `pub_port=${p}&pub_categories=${CATEGORIES[i]},${CATEGORIES[i + 5]}`),
    'keywords (en)': ['towage', 'certified welding', 'crane', 'arctic diving', 'propeller', 'container ships'].map((k) => `keywords=${encodeURIComponent(k)}`),
    'keywords (fi) + port': ['laivoille', 'talvella', 'säiliöaluksille', 'telakalla'].map((k, i) => `keywords=${encodeURIComponent(k)}&pub_port=${PORTS[i]}`),
    'keywords, newest': ['towage', 'radar', 'hinaajille'].map((k) => `keywords=${encodeURIComponent(k)}&sort=newest`),
    'price + price-asc': ['100,500', '0,50', '2000,5000'].map((p) => `price=${p}&sort=price-asc`),
    'dates + port': PORTS.slice(0, 6).map((p) => `dates=2026-05-01,2026-10-01&pub_port=${p}`),
    'all, newest': ['sort=newest', 'sort=oldest'],
    'page 40 of a port': PORTS.slice(0, 4).map((p) => `pub_port=${p}&page=40`),
  };

  const time = async (url: string) => {
    const s = performance.now();
    const res = await t.app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return performance.now() - s;
  };
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

  for (const qs of Object.values(queries).flat()) await time(`/api/listings?${qs}`); // warm-up
  const health: number[] = [];
  for (let i = 0; i < ROUNDS * 4; i++) health.push(await time('/api/health'));
  const floor = pct(health, 50);

  const all: number[] = [];
  console.log(`\n${'query'.padEnd(24)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}  hits (first)`);
  for (const [label, list] of Object.entries(queries)) {
    const times: number[] = [];
    for (let r = 0; r < ROUNDS; r++) for (const qs of list) times.push(await time(`/api/listings?${qs}`));
    all.push(...times);
    const sample = (await t.app.inject({ method: 'GET', url: `/api/listings?${list[0]}` })).json() as { meta: { totalItems: number } };
    console.log(`${label.padEnd(24)} ${pct(times, 50).toFixed(1).padStart(8)} ${pct(times, 95).toFixed(1).padStart(8)} ${Math.max(...times).toFixed(1).padStart(8)}  ${sample.meta.totalItems}`);
  }
  // Worst case, reported apart: a word in every listing, ranked by relevance over ~94k matches.
  const broad: number[] = [];
  for (let r = 0; r < Math.ceil(ROUNDS / 4); r++) broad.push(await time('/api/listings?keywords=palvelu'));
  console.log(`${'keyword in every listing'.padEnd(24)} ${pct(broad, 50).toFixed(1).padStart(8)} ${pct(broad, 95).toFixed(1).padStart(8)} ${Math.max(...broad).toFixed(1).padStart(8)}  (worst case, not in the mix)`);
  console.log(`\nall ${all.length} searches: p50 ${pct(all, 50).toFixed(1)} ms, p95 ${pct(all, 95).toFixed(1)} ms (target <= 50 ms)`);
  console.log(`peer /api/health: p50 ${floor.toFixed(2)} ms; search p50 = ${(pct(all, 50) / floor).toFixed(1)} x health`);

  // Peer: the keyword search as a sequential ILIKE scan (count + first page), what the GIN index avoids.
  const ilike: number[] = [];
  const fts: number[] = [];
  for (let r = 0; r < 10; r++) {
    for (const k of ['towage', 'crane', 'painting']) {
      let s = performance.now();
      await t.ctx.db.execute(sql`select count(*) from listings where state = 'published' and is_visible and delete_requested_at is null and (title ilike ${`%${k}%`} or description ilike ${`%${k}%`})`);
      await t.ctx.db.execute(sql`select id from listings where state = 'published' and is_visible and delete_requested_at is null and (title ilike ${`%${k}%`} or description ilike ${`%${k}%`}) order by created_at desc limit 24`);
      ilike.push(performance.now() - s);
      s = performance.now();
      await time(`/api/listings?keywords=${k}`);
      fts.push(performance.now() - s);
    }
  }
  console.log(`peer ILIKE scan (SQL only): p50 ${pct(ilike, 50).toFixed(1)} ms; full-text search through HTTP p50 ${pct(fts, 50).toFixed(1)} ms = ${(pct(ilike, 50) / pct(fts, 50)).toFixed(1)} x faster`);
} finally {
  await t.close();
}
