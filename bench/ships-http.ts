/**
 * HTTP GET /v1/ships/positions with 200k live ships, under a load client in a
 * separate process on loopback (Node's http client, or autocannon with CLIENT=autocannon): today's path (every request builds and sends
 * its JSON, no answer cache, no compression) against the answer cache with
 * compression, in the same run.
 *
 *   taskset -c 0 npx tsx bench/ships-http.ts     (SHIPS=200000 DURATION=10 CONNECTIONS=10 CLIENT=node|autocannon)
 *
 * Under `taskset -c 0` the server (and its zlib threads) has one core and
 * the load client is started on the other (`taskset -c 1`), so "req/s on one core"
 * means what it says. Boxes: the harbour box is the ship-centred 0.1° x 0.2° box
 * holding closest to 1,750 ships; "random harbour" boxes are 200 such boxes of
 * 1,500-2,000 ships (so most requests miss the answer cache); "small" boxes are
 * 0.02° x 0.04° around random ships. Each set runs with the store standing
 * still, then the harbour box again with the simulator moving every ship.
 */
import { execFile } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, signIn } from '../apps/server/src/test/harness.ts';
import type { SimulatorSource } from '../apps/server/src/modules/ais/simulator/simulator-source.ts';
import type { CannonMixItem, CannonResult } from './cannon.ts';
import { SHIPS } from './ships-fleet.ts';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const run = promisify(execFile);
const tsx = path.resolve(import.meta.dirname, '../node_modules/.bin/tsx');
// CLIENT=autocannon for autocannon; by default Node's http client (node-client.ts: autocannon
// stalls on small compressed answers here, bench/README-ships.md section 4).
const CLIENT = process.env.CLIENT ?? 'node';
const cannonScript = path.resolve(import.meta.dirname, CLIENT === 'autocannon' ? 'cannon.ts' : 'node-client.ts');
// Pinned to one core: the load client on another one than ours when we are pinned.
const pinned = process.env.TASKSET !== '0' && (await run('taskset', ['-p', String(process.pid)]).then((r) => r.stdout.trim().endsWith(': 1'), () => false));

// Persistence off: this measures the API, not PGlite writing 200k ships' history.
const t = await createTestApp({ AIS_SOURCE: `simulator?ships=${SHIPS}`, AIS_PERSIST: 'false', RATE_LIMIT_PER_MIN: '100000000', LOG_LEVEL: 'silent' });
const sim = t.app.ais.ingestion.sources[0] as SimulatorSource;
await new Promise((r) => setTimeout(r, 12_000)); // first reports are spread over 10 s
await sim.stop(); // still while boxes are chosen and the first set runs
const vessels = t.app.ais.vessels;
const { store } = vessels;
const answers = vessels.answers;
console.log(`client: ${CLIENT === 'autocannon' ? 'autocannon' : "Node's http client (node-client.ts)"}`);
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

async function cannon(label: string, boxes: Box[], encoding: string | null, cached: boolean): Promise<CannonResult> {
  vessels.answers = cached ? answers : undefined;
  const headers: Record<string, string> = { authorization, ...(encoding && { 'accept-encoding': encoding }) };
  const mix: CannonMixItem[] = [{ name: label, weight: 1, paths: paths(boxes), headers }];
  const spec = JSON.stringify({ url: address, connections: CONNECTIONS, duration: DURATION, mix });
  const cmd = pinned ? ['taskset', ['-c', '1', tsx, cannonScript]] as const : [tsx, [cannonScript]] as const;
  const load0 = loadavg()[0]!;
  const { stdout } = await run(cmd[0], [...cmd[1]], { env: { ...process.env, CANNON: spec }, maxBuffer: 1 << 24 });
  const r = JSON.parse(stdout.trim().split('\n').at(-1)!) as CannonResult;
  const ships = mean(boxes) * r.perSecond;
  console.log(
    `  ${label.padEnd(44)} ${r.perSecond.toFixed(0).padStart(6)} req/s  ${(ships / 1e6).toFixed(2).padStart(5)} M ships/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ` +
      `${(r.bytesPerSecond / 1e6).toFixed(0)} MB/s  non-2xx ${r.non2xx} errors ${r.errors}  load ${load0.toFixed(1)}`,
  );
  return r;
}

async function sample(box: Box, encoding: string) {
  const res = await fetch(`${address}${paths([box])[0]}`, { headers: { authorization, 'accept-encoding': encoding } });
  return Number(res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength);
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
