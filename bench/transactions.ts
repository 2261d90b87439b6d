/**
 * Order placement (POST /api/transactions/initiate) under 50 concurrent buyers.
 *
 *   npx tsx bench/transactions.ts        (BUYERS=50 SECONDS=10 LISTINGS=10, DATABASE_URL optional)
 *
 * For PostgreSQL (a fresh schema of postgres://postgres@127.0.0.1:5432/test)
 * and then PGlite (a temp data directory): sets up 50 buyer accounts and 10
 * listings in process, then starts the real server as its own process (so
 * the load generator does not share its event loop) and lets every buyer
 * place offline orders back to back over HTTP keep-alive for SECONDS, each
 * with its own Idempotency-Key, each taking stock of one of the listings.
 * Peer in the same run: GET /api/health under the same load (the HTTP floor).
 *
 * Two measurements, because one closed loop cannot show both halves of the
 * goal: 50 buyers sending back to back keep 50 requests in flight, so by
 * Little's law their latency is 50 / throughput (250 ms at 200/s) whatever the
 * server does. So:
 *   - capacity: the closed loop above, placements per second;
 *   - latency at RATE (default 200/s): the same 50 buyers each on its own clock,
 *     together offering RATE placements a second (open loop), latency counted
 *     from each request's planned send time (no coordinated omission).
 * The server is the compiled one `npm start` runs (apps/server/dist/main.js,
 * built first); BENCH_TSX=1 runs the TypeScript sources instead.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import http from 'node:http';
import { OrgRole, Scope } from '@harbor/contracts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { startServer } from '../apps/server/src/server.ts';
import { DEMO_PASSWORD, signIn } from '../apps/server/src/test/harness.ts';
import { insertOrganization, insertUser } from '../apps/server/src/modules/users/index.ts';
import { publishedListing, tokens } from '../apps/server/src/modules/listings/test-helpers.ts';
import { initiateBody } from '../apps/server/src/modules/transactions/test-helpers.ts';

const BUYERS = Number(process.env.BUYERS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 10);
const LISTINGS = Number(process.env.LISTINGS ?? 10);
const RATE = Number(process.env.RATE ?? 200);
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');

type Engine = 'postgres' | 'pglite';

function spawnServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const entry = process.env.BENCH_TSX ? ['--import', 'tsx', 'src/main.ts'] : ['dist/main.js'];
  const child = spawn(process.execPath, [...profile, ...entry], { cwd: serverDir, env: { ...process.env, ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, base: m[1]!.replace('localhost', '127.0.0.1') });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};

/** BUYERS workers, each sending its next request when the last one answered, for `seconds`. */
async function load(seconds: number, send: (worker: number, n: number) => Promise<number>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, w) => {
      for (let n = 0; performance.now() < until; n++) {
        const s = performance.now();
        const status = await send(w, n);
        latencies.push(performance.now() - s);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { latencies, statuses, elapsed, perSecond: latencies.length / elapsed };
}

/**
 * Open loop: BUYERS buyers together offering `rate` requests a second, each on
 * its own clock (phases spread evenly). A buyer that falls behind sends at once;
 * latency runs from the planned time, so queueing shows in it.
 */
async function openLoad(seconds: number, rate: number, send: (worker: number, n: number) => Promise<number>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const interval = (BUYERS / rate) * 1000;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, w) => {
      for (let n = 0; ; n++) {
        const planned = started + (w / BUYERS) * interval + n * interval;
        if (planned >= until) break;
        const wait = planned - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const status = await send(w, n);
        latencies.push(performance.now() - planned);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { latencies, statuses, elapsed, perSecond: latencies.length / elapsed };
}

async function run(engine: Engine) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'harbor-bench-tx-'));
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MIN: '100000000',
    LOGIN_RATE_LIMIT_PER_MIN: '100000',
    AIS_SOURCE: 'none',
    PORTCALLS_NSW: 'false',
    ...(engine === 'postgres' ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : { DATABASE_URL: '' }),
  };
  let child: ChildProcess | undefined;
  try {
    // Setup in process: the demo seller's listings and BUYERS buyer accounts, signed in.
    const setup = await startServer({ port: 0, dataDir, env });
    const auth = await tokens(setup.app);
    const listingIds: string[] = [];
    for (let i = 0; i < LISTINGS; i++) listingIds.push(await publishedListing(setup.app, auth, { stock: 10_000_000 }));
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const buyers: Record<string, string>[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const email = `bench-buyer-${i}@harbor.test`;
      await setup.ctx.db.transaction(async (tx) => {
        const org = await insertOrganization(tx, { name: `Bench buyer ${i} Oy`, businessId: '1234567-8', roles: OrgRole.Buyer });
        await insertUser(tx, { organizationId: org.id, email, passwordHash, firstName: 'Bench', lastName: `Buyer ${i}`, status: 'approved', emailVerified: true, scopes: [Scope.user], reviewedAt: new Date() });
      });
      buyers.push({ authorization: `Bearer ${(await signIn(setup.app, email)).access_token}`, 'content-type': 'application/json' });
    }
    await setup.close();

    const server = await spawnServer(env);
    child = server.child;
    const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS });
    const call = (method: string, url: string, headers: Record<string, string> = {}, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${server.base}${url}`, { method, headers, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(body);
      });
    const bodies = listingIds.map((id) => JSON.stringify(initiateBody(id, { params: { quantity: 1 } })));
    let round = 0; // keys differ between the warm-up and the measured run, or the second would only replay the first
    const place = (w: number, n: number) =>
      call('POST', '/api/transactions/initiate', { ...buyers[w]!, 'idempotency-key': `bench-${round}-${w}-${n}` }, bodies[(w + n) % bodies.length]);
    const health = () => call('GET', '/api/health');

    await load(2, place); // warm-up: JIT, pool, caches
    round++;
    const floor = await load(Math.max(2, SECONDS / 2), health);
    const placing = await load(SECONDS, place);
    round++;
    const paced = await openLoad(SECONDS, RATE, place);
    const placed = placing.statuses.get(201) ?? 0;
    const pacedPlaced = paced.statuses.get(201) ?? 0;
    const pacedOther = [...paced.statuses].filter(([s]) => s !== 201).map(([s, n]) => `${n}x${s}`).join(', ') || 'none';
    const other = [...placing.statuses].filter(([s]) => s !== 201).map(([s, n]) => `${n}x${s}`).join(', ') || 'none';
    console.log(`\n${engine}: ${BUYERS} buyers, ${LISTINGS} listings, ${SECONDS} s`);
    console.log(`  placements: ${placed} in ${placing.elapsed.toFixed(1)} s = ${(placed / placing.elapsed).toFixed(0)}/s; other answers: ${other}`);
    console.log(`  latency ms: p50 ${pct(placing.latencies, 50).toFixed(1)}, p95 ${pct(placing.latencies, 95).toFixed(1)}, p99 ${pct(placing.latencies, 99).toFixed(1)}, max ${Math.max(...placing.latencies).toFixed(1)}`);
    console.log(`  offered ${RATE}/s by ${BUYERS} buyers (open loop): ${(pacedPlaced / paced.elapsed).toFixed(0)}/s placed, other answers: ${pacedOther}`);
    console.log(`  latency ms at ${RATE}/s: p50 ${pct(paced.latencies, 50).toFixed(1)}, p95 ${pct(paced.latencies, 95).toFixed(1)}, p99 ${pct(paced.latencies, 99).toFixed(1)}, max ${Math.max(...paced.latencies).toFixed(1)}`);
    console.log(`  peer /api/health: ${floor.perSecond.toFixed(0)}/s, p95 ${pct(floor.latencies, 95).toFixed(1)} ms; placement throughput = ${((placed / placing.elapsed / floor.perSecond) * 100).toFixed(1)} % of health`);
    agent.destroy();
    return { engine, perSecond: placed / placing.elapsed, p95: pct(paced.latencies, 95) };
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}

// The compiled server, as `npm start` runs it (skipped when its inputs are unchanged).
if (!process.env.BENCH_TSX) execFileSync(process.execPath, [path.join(serverDir, '../../scripts/build.mjs'), 'server', '--quiet'], { stdio: 'inherit' });

const results = [];
const engines = (process.env.ENGINES ?? 'postgres,pglite').split(',') as Engine[];
for (const engine of engines) results.push(await run(engine));
const postgres = results.find((r) => r.engine === 'postgres');
const pglite = results.find((r) => r.engine === 'pglite');
if (postgres) {
  const met = postgres.perSecond >= 200 && postgres.p95 <= 50;
  console.log(`\ngoal on PostgreSQL: capacity >= 200 placements/s and p95 <= 50 ms at ${RATE}/s offered: ${postgres.perSecond.toFixed(0)}/s, p95 ${postgres.p95.toFixed(1)} ms: ${met ? 'met' : 'not met'}`);
}
if (postgres && pglite) console.log(`PGlite / PostgreSQL throughput: ${(pglite.perSecond / postgres.perSecond).toFixed(2)}`);
process.exit(0);
