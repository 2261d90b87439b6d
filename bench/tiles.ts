/**
 * Base map tile benchmark: answer time of GET /tiles/base/{z}/{x}/{y}.pbf over
 * HTTP (loopback, keep-alive, raw gzip bytes) for a pan across the Gulf of
 * Finland, Hanko to Vyborg, at zoom 8 to 14, the tiles a 1280x800 view needs
 * at each half-screen step.
 *
 *   npx tsx bench/tiles.ts [--runs N]
 *
 * cold: a fresh tile module (its coastline bands loaded, as a listening server
 * does at start; no cell index, no built tile); warm: the same pan again (LRU
 * hits). Peer in the same run: GET /api/health on the same connection, the
 * floor of an HTTP answer here. Also prints the shipped data size and the RSS.
 */
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { createBaseTiles } from '../apps/server/src/modules/map-tiles/index.ts';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const DATA = path.resolve(import.meta.dirname, '../apps/server/src/modules/map-tiles/coastline');
const FROM = [22.9, 59.8]; // Hanko
const TO = [28.6, 60.5]; // Vyborg
const VIEW = { width: 1280, height: 800, tile: 512 };

function tileXY(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return [((lon + 180) / 360) * n, ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n];
}

/** Tile requests of the pan at zoom z, in the order a map would make them (each view's tiles once). */
function panTiles(z: number): string[] {
  const out: string[] = [];
  const halfW = VIEW.width / VIEW.tile / 2;
  const halfH = VIEW.height / VIEW.tile / 2;
  const [x0] = tileXY(FROM[0]!, FROM[1]!, z);
  const [x1] = tileXY(TO[0]!, TO[1]!, z);
  const steps = Math.max(1, Math.ceil((x1 - x0) / halfW));
  const seen = new Set<string>();
  for (let s = 0; s <= steps; s++) {
    const f = s / steps;
    const [cx, cy] = tileXY(FROM[0]! + f * (TO[0]! - FROM[0]!), FROM[1]! + f * (TO[1]! - FROM[1]!), z);
    for (let x = Math.floor(cx - halfW); x <= Math.floor(cx + halfW); x++) {
      for (let y = Math.floor(cy - halfH); y <= Math.floor(cy + halfH); y++) {
        const key = `${z}/${x}/${y}`;
        if (seen.has(key)) continue;
        out.push(key);
        seen.add(key);
      }
    }
  }
  return out;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

const shipped = readdirSync(DATA).filter((f) => f.endsWith('.json.gz')).map((f) => [f, statSync(path.join(DATA, f)).size] as const);
console.log(`shipped coastline data: ${shipped.map(([f, s]) => `${f} ${(s / 1024).toFixed(0)} KB`).join(', ')}; total ${mb(shipped.reduce((n, [, s]) => n + s, 0))} MB`);

const zooms = [8, 9, 10, 11, 12, 13, 14];
const plan = zooms.map((z) => ({ z, tiles: panTiles(z) }));
console.log(`pan Hanko -> Vyborg, 1280x800 view, half-screen steps: ${plan.map((p) => `z${p.z} ${p.tiles.length}`).join(', ')} tiles; ${runs} runs`);

const rows: Record<string, { cold: number[]; warm: number[]; bytes: number; n: number }> = {};
const health: number[] = [];
let rssCold = 0;
let rssWarm = 0;
for (let run = 0; run < runs; run++) {
  const tiles = createBaseTiles();
  const t0 = performance.now();
  tiles.warm();
  const warmMs = performance.now() - t0;
  const app = Fastify();
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get<{ Params: { z: string; x: string; y: string } }>('/tiles/base/:z/:x/:y.pbf', async (req, reply) => {
    const gz = tiles.get(Number(req.params.z), Number(req.params.x), Number(req.params.y));
    return reply.header('content-type', 'application/vnd.mapbox-vector-tile').header('content-encoding', 'gzip').send(gz);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  for (let i = 0; i < 200; i++) {
    const s = performance.now();
    await get(port, '/api/health');
    health.push(performance.now() - s);
  }
  for (const phase of ['cold', 'warm'] as const) {
    for (const { z, tiles: list } of plan) {
      const row = (rows[`z${z}`] ??= { cold: [], warm: [], bytes: 0, n: 0 });
      for (const t of list) {
        const s = performance.now();
        const n = await get(port, `/tiles/base/${t}.pbf`);
        row[phase].push(performance.now() - s);
        if (phase === 'warm' && run === 0) {
          row.bytes += n;
          row.n++;
        }
      }
    }
    (globalThis as { gc?: () => void }).gc?.();
    if (phase === 'cold') rssCold = Math.max(rssCold, process.memoryUsage().rss);
    else rssWarm = Math.max(rssWarm, process.memoryUsage().rss);
  }
  const st = tiles.stats();
  console.log(`run ${run + 1}: bands loaded in ${warmMs.toFixed(0)} ms; ${st.cellsBuilt} cell indexes built (${st.cellsHeld} held), ${st.cachedTiles} tiles cached (${mb(st.cachedBytes)} MB gzip)`);
  await app.close();
}

const all = { cold: Object.values(rows).flatMap((r) => r.cold), warm: Object.values(rows).flatMap((r) => r.warm) };
const hp95 = pct(health, 0.95);
console.log('\nzoom   tiles  avg KB   cold p50   cold p95   warm p50   warm p95   (ms, HTTP answer incl. transfer)');
for (const [z, r] of Object.entries(rows)) {
  console.log(`${z.padEnd(5)} ${String(r.n).padStart(6)} ${(r.bytes / r.n / 1024).toFixed(1).padStart(7)} ${pct(r.cold, 0.5).toFixed(2).padStart(10)} ${pct(r.cold, 0.95).toFixed(2).padStart(10)} ${pct(r.warm, 0.5).toFixed(2).padStart(10)} ${pct(r.warm, 0.95).toFixed(2).padStart(10)}`);
}
console.log(`all z8-14: cold p95 ${pct(all.cold, 0.95).toFixed(2)} ms (goal 50), warm p95 ${pct(all.warm, 0.95).toFixed(2)} ms (goal 5); cold max ${Math.max(...all.cold).toFixed(0)} ms`);
console.log(`peer GET /api/health p95 ${hp95.toFixed(2)} ms: warm tile p95 / health p95 = ${(pct(all.warm, 0.95) / hp95).toFixed(2)}x`);
console.log(`RSS after the cold pan ${mb(rssCold)} MB, after the warm pan ${mb(rssWarm)} MB`);
agent.destroy();
