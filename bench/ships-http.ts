/**
 * HTTP GET /v1/ships/positions with 200k live ships, under autocannon on
 * loopback (a separate process), for a harbour-sized box (Vuosaari, 0.06° x 0.15°)
 * and a city-sized one (Helsinki and approaches, 0.2° x 0.5°).
 *
 *   npx tsx bench/ships-http.ts          (SHIPS=200000 DURATION=10 CONNECTIONS=10)
 *
 * Two runs: the store standing still, then with the simulator moving all ships
 * (about 20k AIS messages/s through the decoder in the same process).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, signIn } from '../apps/server/src/test/harness.ts';
import type { SimulatorSource } from '../apps/server/src/modules/ais/simulator/simulator-source.ts';
import { SHIPS } from './ships-fleet.ts';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const BOXES = { 'harbour (Vuosaari)': '60.18,25.10,60.24,25.25', 'city (Helsinki)': '60.05,24.75,60.25,25.25' };
const run = promisify(execFile);
const autocannon = path.resolve(import.meta.dirname, '../node_modules/.bin/autocannon');

// Persistence off: this measures the API, not PGlite writing 200k ships' history.
const t = await createTestApp({ AIS_SOURCE: `simulator?ships=${SHIPS}`, AIS_PERSIST: 'false', RATE_LIMIT_PER_MIN: '100000000', LOG_LEVEL: 'silent' });
const sim = t.app.ais.ingestion.sources[0] as SimulatorSource;
await new Promise((r) => setTimeout(r, 12_000)); // first reports are spread over 10 s
console.log(`store: ${t.app.ais.vessels.store.size} live ships`);
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
const token = (await signIn(t.app, 'buyer@harbor.test')).access_token;

async function cannon(label: string, url: string) {
  const { stdout } = await run(autocannon, ['-c', String(CONNECTIONS), '-d', String(DURATION), '-j', '-H', `authorization=Bearer ${token}`, url], { maxBuffer: 1 << 24 });
  const r = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  console.log(`${label.padEnd(28)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}`);
}

for (const [name, bbox] of Object.entries(BOXES)) {
  const url = `${address}/v1/ships/positions?bbox=${bbox}`;
  const sample = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await sample.text();
  console.log(`\n${name}: ${(JSON.parse(text) as { ships: unknown[] }).ships.length} ships, ${(text.length / 1024).toFixed(0)} KiB per answer`);
  await sim.stop();
  await cannon('  store still', url);
  sim.start();
  const m0 = sim.status().messages;
  const s0 = Date.now();
  await cannon('  simulator moving all ships', url);
  console.log(`  ingest meanwhile: ${(((sim.status().messages - m0) / (Date.now() - s0)) * 1000).toFixed(0)} msg/s`);
}
await t.close();
