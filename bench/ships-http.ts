/**
 * HTTP GET /v1/ships/positions with 200k live ships, under a load client in a
 * separate process on loopback (Node's http client, or autocannon with CLIENT=autocannon): today's path (every request builds and sends
 * its JSON, no answer cache, no compression) against the answer cache with
 * compression, in the same run.
 *
 *   taskset -c 0 npx tsx bench/ships-http.ts     (SHIPS=200000 DURATION=10 CONNECTIONS=10 CLIENT=node|autocannon|wrk PROFILE=dir)
 *
 * Under `taskset -c 0` the server (and its zlib threads) has one core and
 * the load client is started on the other (`taskset -c 1`), so "req/s on one core"
 * means what it says. Boxes: the harbour box is the ship-centred 0.1° x 0.2° box
 * holding closest to 1,750 ships; "random harbour" boxes are 200 such boxes of
 * 1,500-2,000 ships (so most requests miss the answer cache); "small" boxes are
 * 0.02° x 0.04° around random ships. Each set runs with the store standing
 * still, then the harbour box again with the simulator moving every ship.
 *
 * SETS=sizes runs only the box-size sweep instead: ship-centred boxes holding
 * about 50 to 1,750 ships (SIZES=50,100,...) (cached answers, JSON and br), and as the ceiling a
 * bare `http.createServer` in this same process (so on the same core) sending
 * a small box's JSON bytes as they are: no routing, no hooks, no store. It
 * shows how many ships a box must hold before 2.5 M ships/s is within reach of
 * a Node HTTP server at all.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, signIn } from '../apps/server/src/test/harness.ts';
import type { SimulatorSource } from '../apps/server/src/modules/ais/simulator/simulator-source.ts';
import type {} from '../apps/server/src/modules/eta/index.ts'; // declares app.eta
import type { CannonMixItem, CannonResult } from './cannon.ts';
import { SHIPS } from './ships-fleet.ts';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const run = promisify(execFile);
const tsx = path.resolve(import.meta.dirname, '../node_modules/.bin/tsx');
// CLIENT=autocannon for autocannon, CLIENT=wrk for wrk (wrk-client.ts, `apt install wrk`); by
// default Node's http client (node-client.ts: autocannon stalls on small compressed answers here,
// bench/README-ships.md section 4).
const CLIENT = process.env.CLIENT ?? 'node';
const CLIENTS: Record<string, [string, string]> = {
  node: ['node-client.ts', "Node's http client (node-client.ts)"],
  autocannon: ['cannon.ts', 'autocannon'],
  wrk: ['wrk-client.ts', 'wrk, one thread (wrk-client.ts)'],
};
if (!CLIENTS[CLIENT]) throw new Error(`CLIENT=${CLIENT}: one of ${Object.keys(CLIENTS).join(', ')}`);
const cannonScript = path.resolve(import.meta.dirname, CLIENTS[CLIENT][0]);
// Pinned to one core: the load client on another one than ours when we are pinned.
const pinned = process.env.TASKSET !== '0' && (await run('taskset', ['-p', String(process.pid)]).then((r) => r.stdout.trim().endsWith(': 1'), () => false));

// Persistence off: this measures the API, not PGlite writing 200k ships' history.
const t = await createTestApp({ AIS_SOURCE: `simulator?ships=${SHIPS}`, AIS_PERSIST: 'false', RATE_LIMIT_PER_MIN: '100000000', LOG_LEVEL: 'silent' });
const sim = t.app.ais.ingestion.sources[0] as SimulatorSource;
await new Promise((r) => setTimeout(r, 12_000)); // first reports are spread over 10 s
await sim.stop(); // still while boxes are chosen and the first set runs
// The predictor's first pass feeds every ship that moved (~1.5 s of CPU at 100k ships, a minute after
// start): run now, it would otherwise land on whichever contender is measuring then.
await t.app.eta.pass();
// The first reports leave work behind (port calls detected among 100k ships, stored one by one
// through the database thread): measured before it is done, the figures are that work's.
async function settle() {
  const t0 = Date.now();
  for (;;) {
    const c0 = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 1000));
    const c = process.cpuUsage(c0);
    if ((c.user + c.system) / 1e6 < 0.05 || Date.now() - t0 > 600_000) break;
  }
  return (Date.now() - t0) / 1000;
}
console.log(`settled after ${(await settle()).toFixed(0)} s (process CPU below 5 % of a core)`);
const vessels = t.app.ais.vessels;
const { store } = vessels;
const answers = vessels.answers;
console.log(`client: ${CLIENTS[CLIENT][1]}`);
console.log(`store: ${store.size} live ships; server ${pinned ? 'pinned to CPU 0, load client on CPU 1' : `not pinned (${cpus().length} CPUs)`}`);
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
const authorization = `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}`;
const filter = { since: Date.now() - 240 * 60_000, categoryMask: 0, statusMask: 0 };

type Box = [number, number, number, number];
const boxAround = (s: number, dLat: number, dLon: number): Box => [store.lat[s]! - dLat, store.lon[s]! - dLon, store.lat[s]! + dLat, store.lon[s]! + dLon];
const count = (b: Box) => store.query(...b, filter).length;
const round = (b: Box) => b.map((v) => v.toFixed(4)).join(',');
const harbours: Box[] = [];
let best: Box | undefined;
for (let i = 0; i < 1500 && harbours.length < 200; i++) {
  const b = boxAround(Math.floor(Math.random() * store.size), 0.05, 0.1);
  const n = count(b);
  if (n >= 1500 && n <= 2000) harbours.push(b);
  if (!best || Math.abs(n - 1750) < Math.abs(count(best) - 1750)) best = b;
}
const small = Array.from({ length: 200 }, () => boxAround(Math.floor(Math.random() * store.size), 0.01, 0.02));
const mean = (boxes: Box[]) => boxes.reduce((s, b) => s + count(b), 0) / boxes.length;
const paths = (boxes: Box[]) => boxes.map((b) => `/v1/ships/positions?bbox=${round(b)}`);

/** PROFILE=DIR: a CPU profile of the server (this process) during each contender, DIR/<label>.cpuprofile. */
async function profile(label: string): Promise<() => Promise<void>> {
  const dir = process.env.PROFILE;
  if (!dir) return async () => {};
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${label.replace(/[^\w.-]+/g, '_')}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

async function cannon(label: string, boxes: Box[], encoding: string | null, cached: boolean, url = address): Promise<CannonResult> {
  vessels.answers = cached ? answers : undefined;
  const headers: Record<string, string> = { authorization, ...(encoding && { 'accept-encoding': encoding }) };
  const mix: CannonMixItem[] = [{ name: label, weight: 1, paths: paths(boxes), headers }];
  const spec = JSON.stringify({ url, connections: CONNECTIONS, duration: DURATION, mix });
  const cmd = pinned ? ['taskset', ['-c', '1', tsx, cannonScript]] as const : [tsx, [cannonScript]] as const;
  const load0 = loadavg()[0]!;
  const stopProfile = await profile(label);
  const misses0 = answers?.misses ?? 0;
  const { stdout } = await run(cmd[0], [...cmd[1]], { env: { ...process.env, CANNON: spec }, maxBuffer: 1 << 24 });
  await stopProfile();
  const r = JSON.parse(stdout.trim().split('\n').at(-1)!) as CannonResult;
  const ships = mean(boxes) * r.perSecond;
  const builds = ((answers?.misses ?? 0) - misses0) / DURATION;
  console.log(
    `  ${label.padEnd(44)} ${r.perSecond.toFixed(0).padStart(6)} req/s  ${(ships / 1e6).toFixed(2).padStart(5)} M ships/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ` +
      `${(r.bytesPerSecond / 1e6).toFixed(0)} MB/s  ${cached ? `builds ${builds.toFixed(0)}/s  ` : ''}non-2xx ${r.non2xx} errors ${r.errors}  load ${load0.toFixed(1)}`,
  );
  return r;
}

async function sample(box: Box, encoding: string) {
  const res = await fetch(`${address}${paths([box])[0]}`, { headers: { authorization, 'accept-encoding': encoding } });
  return Number(res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength);
}

/** Boxes of `want` ships (within a quarter), grown around random ships by bisecting the box's size. */
function boxesOf(want: number, n: number): Box[] {
  const out: Box[] = [];
  for (let tries = 0; out.length < n && tries < n * 20; tries++) {
    const s = Math.floor(Math.random() * store.size);
    let [lo, hi] = [0.001, 0.2];
    for (let k = 0; k < 14; k++) {
      const mid = (lo + hi) / 2;
      if (count(boxAround(s, mid / 2, mid)) < want) lo = mid;
      else hi = mid;
    }
    const b = boxAround(s, hi / 2, hi);
    if (Math.abs(count(b) - want) <= want / 4) out.push(b);
  }
  return out;
}

if (process.env.SETS === 'sizes') {
  console.log('box sizes (cached answers; 50 boxes of each size, store standing still)');
  let smallest: Box | undefined;
  for (const want of (process.env.SIZES ?? '50,100,250,500,1000,1750').split(',').map(Number)) {
    const boxes = boxesOf(want, 50);
    smallest ??= boxes[0];
    console.log(` ~${want} ships (${mean(boxes).toFixed(0)} on average)`);
    await cannon(`cache: ${want}-ship boxes, JSON`, boxes, null, true);
    await cannon(`cache: ${want}-ship boxes, br`, boxes, 'br', true);
  }
  // The ceiling: the same bytes a small box's answer has, from a server that does nothing else.
  // As sent (fetch would decompress the br bytes).
  const bytesOf = (encoding: string) =>
    new Promise<Buffer>((resolve, reject) => {
      http.get(`${address}${paths([smallest!])[0]}`, { headers: { authorization, 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
      });
    });
  const plain = await bytesOf('identity');
  const brotli = await bytesOf('br');
  const bare = http.createServer((req, res) => {
    const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = br ? brotli : plain;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length, ...(br && { 'content-encoding': 'br' }) });
    res.end(body);
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const n = count(smallest!);
  console.log(` the ceiling: one ${n}-ship answer, ${(plain.length / 1024).toFixed(1)} KiB JSON, ${(brotli.length / 1024).toFixed(1)} KiB br`);
  for (const encoding of [null, 'br']) {
    const r = await cannon(`bare node:http, ${encoding ?? 'JSON'}`, [smallest!], encoding, true, bareUrl);
    console.log(`  ${(r.perSecond * n / 1e6).toFixed(2)} M ships/s; 2.5 M ships/s at this rate needs ${(2.5e6 / r.perSecond).toFixed(0)} ships a request`);
  }
  bare.close();
  await t.close();
  process.exit(0);
}

const harbour = [best!];
console.log(`\nharbour box ${round(best!)}: ${count(best!)} ships; JSON ${((await sample(best!, 'identity')) / 1024).toFixed(0)} KiB, br ${((await sample(best!, 'br')) / 1024).toFixed(0)} KiB, gzip ${((await sample(best!, 'gzip')) / 1024).toFixed(0)} KiB`);
console.log(`random harbour boxes: ${harbours.length}, ${mean(harbours).toFixed(0)} ships on average; small boxes: ${mean(small).toFixed(0)} ships on average\n`);

console.log('store standing still');
const old = await cannon('today: harbour box, JSON', harbour, null, false);
const json = await cannon('cached answer: harbour box, JSON', harbour, null, true);
const br = await cannon('cached answer: harbour box, br', harbour, 'br', true);
await cannon('cached answer: harbour box, gzip', harbour, 'gzip', true);
const oldRandom = await cannon('today: random harbour boxes, JSON', harbours, null, false);
const brRandom = await cannon('cache: random harbour boxes, br', harbours, 'br', true);
const oldSmall = await cannon('today: small boxes, JSON', small, null, false);
const brSmall = await cannon('cache: small boxes, br', small, 'br', true);
await cannon('cache: small boxes, JSON', small, null, true);

sim.start();
const m0 = sim.status().messages;
const s0 = Date.now();
console.log('\nsimulator moving all ships');
const oldMoving = await cannon('today: harbour box, JSON', harbour, null, false);
const brMoving = await cannon('cached answer: harbour box, br', harbour, 'br', true);
console.log(`  ingest meanwhile: ${(((sim.status().messages - m0) / (Date.now() - s0)) * 1000).toFixed(0)} msg/s`);

const x = (a: CannonResult, b: CannonResult) => `${(a.perSecond / b.perSecond).toFixed(1)}x`;
console.log(`\nratios against today's path in this run: harbour box JSON ${x(json, old)}, br ${x(br, old)}; random harbour boxes br ${x(brRandom, oldRandom)}; small boxes br ${x(brSmall, oldSmall)}; simulator moving, harbour br ${x(brMoving, oldMoving)}`);
console.log(`goals: harbour >= 1,500 req/s (br, cached): ${br.perSecond >= 1500 ? 'met' : 'not met'}; small boxes >= 2.5 M ships/s: ${mean(small) * brSmall.perSecond >= 2.5e6 ? 'met' : 'not met'}`);
await t.close();
