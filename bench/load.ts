/**
 * Mixed load as a crowd of signed-in users makes it: autocannon (bench/cannon.ts,
 * its own process) with CONNECTIONS clients for DURATION seconds on map traffic
 * (positions for random harbour boxes, zones, ship info), listing search, the
 * orders list and the current user. See bench/README-load.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/load.ts   (fresh schema, dropped after)
 *   CONNECTIONS=50 npx tsx bench/load.ts                                         (embedded PGlite)
 *   RATE=11 DATABASE_URL=... npx tsx bench/load.ts                               (the same fleet reporting 11x as often: ~20k msg/s)
 *   SHIPS=250000 DATABASE_URL=... npx tsx bench/load.ts                          (a fleet 12x as dense: ~20k msg/s, crowded boxes)
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/load.ts; then
 *   FROM_S=.. TO_S=.. npx tsx bench/cpuprofile-top.ts /tmp/prof/*.0.001.cpuprofile (the load phase it prints)
 *
 * Settings: CONNECTIONS (200), DURATION (60), SHIPS (20000), RATE (1), TIMEOUT (10 s), ONLY (one kind of the mix by name), ORDERS (40, the buyer's),
 * QUERIES=1 (PostgreSQL: count the statements sent in the load phase, by statement, per request), PGLITE_THREAD (worker: the server's setting),
 * SEARCH_CACHE_MS (1000, the server's setting; 0: every search reads the database), DATABASE_POOL_SIZE (10, the server's setting).
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createTestApp, signIn } from '../apps/server/src/test/harness.ts';
import type { SimulatorSource } from '../apps/server/src/modules/ais/simulator/simulator-source.ts';
import { initiateBody, place, publishedListing, tokens } from '../apps/server/src/modules/transactions/test-helpers.ts';
import type { CannonMixItem, CannonResult } from './cannon.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 200);
const DURATION = Number(process.env.DURATION ?? 60);
const SHIPS = Number(process.env.SHIPS ?? 20_000);
const RATE = Number(process.env.RATE ?? 1);
const TIMEOUT = Number(process.env.TIMEOUT ?? 10);
const run = promisify(execFile);
const load = () => loadavg().map((v) => v.toFixed(1)).join(' ');

const t = await createTestApp(
  // RESPONSE_CHECK and SEARCH_CACHE_MS as in production (the harness's NODE_ENV=test would check every answer against its contract and share no search answer).
  { AIS_SOURCE: `simulator?ships=${SHIPS}&rate=${RATE}`, AIS_PERSIST: 'true', RATE_LIMIT_PER_MIN: '100000000', LOG_LEVEL: 'silent', RESPONSE_CHECK: process.env.RESPONSE_CHECK ?? 'off', SEARCH_CACHE_MS: process.env.SEARCH_CACHE_MS ?? '1000', DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10', PGLITE_THREAD: process.env.PGLITE_THREAD ?? 'worker' },
  { marketplace: true },
);
const sim = t.app.ais.ingestion.sources[0] as SimulatorSource;
await new Promise((r) => setTimeout(r, 12_000)); // first reports are spread over 10 s
const { store } = t.app.ais.vessels;
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
const authorization = `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}`;
// The buyer's orders list is a real page: ORDERS orders on one listing (the demo buyer has none of its own).
const ORDERS = Number(process.env.ORDERS ?? 40);
{
  const tk = await tokens(t.app);
  const listingId = await publishedListing(t.app, tk, { stock: 100_000 });
  for (let i = 0; i < ORDERS; i++) {
    const res = await place(t.app, { ...tk.buyer, 'idempotency-key': `load-${i}` }, initiateBody(listingId));
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`seeding order ${i}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  const page = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { authorization } });
  console.log(`orders list: ${(JSON.parse(page.body) as { data: unknown[] }).data.length} orders on the buyer's first page`);
}
console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL (fresh schema)' : 'PGlite (embedded)'}; ${store.size} live ships; ${CONNECTIONS} clients for ${DURATION} s; load average ${load()}`);

const pickShips = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * store.size));
const boxes = pickShips(300).map((s) => {
  const [lat, lon] = [store.lat[s]!, store.lon[s]!];
  return { south: lat - 0.05, west: lon - 0.1, north: lat + 0.05, east: lon + 0.1 };
});
const f = (v: number) => v.toFixed(4);
const headers = { authorization, 'accept-encoding': 'br, gzip' };
const keywords = ['', 'pilot', 'tug', 'fuel', 'waste', 'crane', 'mooring', 'water', 'provisions', 'inspection'];
// A third map traffic, a third search, a third the signed-in pages (as in the issue's first trial), map traffic split by what a map asks.
const mix: CannonMixItem[] = [
  { name: 'positions', weight: 20, headers, paths: boxes.map((b) => `/v1/ships/positions?bbox=${f(b.south)},${f(b.west)},${f(b.north)},${f(b.east)}`) },
  { name: 'zones', weight: 8, headers, paths: boxes.map((b) => `/v1/zones/bbox?south=${f(b.south)}&west=${f(b.west)}&north=${f(b.north)}&east=${f(b.east)}`) },
  { name: 'ship info', weight: 5, headers, paths: pickShips(300).map((s) => `/v1/ships/info?mmsi=${store.mmsi[s]}`) },
  { name: 'listing search', weight: 33, headers, paths: keywords.map((k) => `/api/listings${k ? `?keywords=${k}` : ''}`) },
  { name: 'orders list', weight: 17, headers, paths: ['/api/transactions'] },
  { name: 'current user', weight: 17, headers, paths: ['/api/users/me'] },
];

// ONLY=positions (a name of the mix) loads that kind alone: what each kind costs by itself.
const only = process.env.ONLY;
if (only) mix.splice(0, mix.length, ...mix.filter((m) => m.name === only));
if (mix.length === 0) throw new Error(`ONLY=${only}: no such kind in the mix`);

// One request of each kind first: a 4xx in the mix would make the figures mean nothing.
for (const m of mix) {
  const res = await fetch(`${address}${m.paths[0]}`, { headers: m.headers });
  if (res.status !== 200) throw new Error(`${m.name}: ${m.paths[0]} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
}

// Server-side time per kind (request received to answer written): which kinds make the tail.
const serverTimes = new Map<string, number[]>();
// Each kind's path prefixes, worked out once: this runs on every request of the server being measured.
const prefixes = mix.flatMap((m) => [...new Set(m.paths.map((p) => p.split('?')[0]!))].map((prefix) => ({ prefix, name: m.name })));
const kindOf = (url: string) => prefixes.find((k) => url.startsWith(k.prefix))?.name ?? 'other';
t.app.server.on('request', (req, res) => {
  const t0 = performance.now();
  res.once('finish', () => {
    const k = kindOf(req.url ?? '');
    let list = serverTimes.get(k);
    if (!list) serverTimes.set(k, (list = []));
    list.push(performance.now() - t0);
  });
});

// QUERIES=1: every statement the pool sends, counted by its name or first words (round trips are what the database pays for).
const statements = new Map<string, { n: number; ms: number }>();
let counting = false;
if (process.env.QUERIES === '1') {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      const c = args[0] as string | { name?: string; text?: string };
      const key = typeof c === 'string' ? c.slice(0, 60) : (c.name ?? c.text?.slice(0, 60) ?? '?');
      let st = statements.get(key);
      if (!st) statements.set(key, (st = { n: 0, ms: 0 }));
      st.n++;
      const t0 = performance.now();
      // pg-pool passes a callback (no promise back): time the call to it.
      const cb = args.at(-1);
      if (typeof cb === 'function') {
        args[args.length - 1] = (...res: unknown[]) => {
          st.ms += performance.now() - t0;
          return (cb as (...a: unknown[]) => unknown)(...res);
        };
      }
      const out = query.apply(this, args);
      if (out instanceof Promise) void out.finally(() => (st.ms += performance.now() - t0)).catch(() => {});
      return out;
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/*
 * CPU seconds by who spent them: this process (the server, with the simulator and PGlite's
 * worker), the PostgreSQL processes on this machine, and the finished children (autocannon).
 * On a small machine the three share the cores, so a change is measured by what a request
 * costs all of them, a figure that moves less with the neighbours than requests a second.
 */
const TICK_S = 0.01; // USER_HZ is 100 on Linux
const statTimes = (pid: string) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    own: (Number(f[11]) + Number(f[12])) * TICK_S,
    system: Number(f[12]) * TICK_S,
    children: (Number(f[13]) + Number(f[14])) * TICK_S,
  };
};
function cpuSeconds() {
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const st = statTimes(pid);
      if (st.comm === 'postgres') postgres += st.own;
    } catch {
      // gone meanwhile
    }
  }
  const self = statTimes('self');
  return { server: self.own, serverSystem: self.system, postgres, children: self.children };
}

const m0 = sim.status().messages;
const cpu0 = cpuSeconds();
counting = true;
const phaseFrom = process.uptime();
// How long the server's event loop stalls: a long task (a tick over every ship, a flush, a
// collection) delays every request waiting behind it, which is what the tail of the latency is.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const s0 = Date.now();
const before = load();
const spec = JSON.stringify({ url: address, connections: CONNECTIONS, duration: DURATION, timeout: TIMEOUT, mix });
const { stdout } = await run(path.resolve(import.meta.dirname, '../node_modules/.bin/tsx'), [path.resolve(import.meta.dirname, 'cannon.ts')], {
  env: { ...process.env, NODE_OPTIONS: '', CANNON: spec },
  maxBuffer: 1 << 24,
});
counting = false;
const r = JSON.parse(stdout.trim().split('\n').at(-1)!) as CannonResult;
const ingest = ((sim.status().messages - m0) / (Date.now() - s0)) * 1000;
console.log(
  `${r.perSecond.toFixed(0)} req/s (${r.requests} in ${DURATION} s), p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; ` +
    `errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}; AIS ingest meanwhile ${ingest.toFixed(0)} msg/s; load average before ${before}, after ${load()}`,
);
loopDelay.disable();
const cpu1 = cpuSeconds();
const perRequest = (k: keyof typeof cpu0) => (((cpu1[k] - cpu0[k]) / r.requests) * 1000).toFixed(2);
console.log(
  `CPU per request in the load phase: server ${perRequest('server')} ms (with the simulator; ${perRequest('serverSystem')} ms of it in the kernel), PostgreSQL ${perRequest('postgres')} ms, ` +
    `autocannon ${perRequest('children')} ms; all of it ${(cpu1.server + cpu1.postgres + cpu1.children - cpu0.server - cpu0.postgres - cpu0.children).toFixed(0)} s of ${DURATION} s x ${availableParallelism()} cores`,
);
const ms = (ns: number) => (ns / 1e6).toFixed(0);
console.log(`event-loop delay in the load phase: p50 ${ms(loopDelay.percentile(50))} ms, p99 ${ms(loopDelay.percentile(99))} ms, max ${ms(loopDelay.max)} ms`);
console.log(`load phase: ${phaseFrom.toFixed(0)}-${process.uptime().toFixed(0)} s of this process (FROM_S/TO_S for cpuprofile-top.ts)`);
const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
for (const [k, list] of serverTimes) {
  list.sort((a, b) => a - b);
  console.log(`  server time ${k}: n ${list.length}, p50 ${pct(list, 0.5)} ms, p99 ${pct(list, 0.99)} ms, max ${list.at(-1)!.toFixed(0)} ms`);
}
if (statements.size) {
  console.log(`statements per request (${r.requests} requests), mean ms from sent to answered (pool wait not included):`);
  for (const [k, st] of [...statements].sort((a, b) => b[1].n - a[1].n).slice(0, 15)) {
    console.log(`  ${(st.n / r.requests).toFixed(2)}  ${(st.ms / st.n).toFixed(1)} ms  ${k.replace(/\s+/g, ' ')}`);
  }
}
console.log(`requests by kind: ${Object.entries(r.byName).map(([k, v]) => `${k} ${v}`).join(', ')}`);
await t.close();
// Timers of the simulator and pools can keep the loop alive; exiting also makes --cpu-prof write its profile.
process.exit(0);
