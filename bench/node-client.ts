/**
 * The same contract as cannon.ts (CANNON spec in, one JSON line of CannonResult
 * out), with Node's own http client instead of autocannon: `connections`
 * keep-alive sockets, each sending its next request when the last answer has
 * been read to the end. ships-http.ts uses it because autocannon 9 on this
 * machine stalls on small compressed answers: one connection, the same cached
 * 111 KiB brotli answer, autocannon 555 req/s, this client 1,330 (0.75 ms a
 * request), while on 888 KiB plain JSON both agree (bench/README-ships.md section 4).
 */
import http from 'node:http';
import type { CannonResult, CannonSpec } from './cannon.ts';

const spec = JSON.parse(process.env.CANNON ?? '{}') as CannonSpec;
const url = new URL(spec.url);
const total = spec.mix.reduce((s, m) => s + m.weight, 0);
const pick = () => {
  let x = Math.random() * total;
  for (const m of spec.mix) if ((x -= m.weight) < 0) return m;
  return spec.mix.at(-1)!;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
const latencies: number[] = [];
const byName: Record<string, number> = {};
let [errors, timeouts, non2xx, bytes] = [0, 0, 0, 0];
const end = performance.now() + spec.duration * 1000;

function once(): Promise<void> {
  const m = pick();
  const path = m.paths[Math.floor(Math.random() * m.paths.length)]!;
  byName[m.name] = (byName[m.name] ?? 0) + 1;
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get({ host: url.hostname, port: url.port, path, agent, headers: m.headers, timeout: (spec.timeout ?? 10) * 1000 }, (res) => {
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++;
        latencies.push(performance.now() - t0);
        resolve();
      });
    });
    req.on('timeout', () => {
      timeouts++;
      req.destroy(new Error('timeout'));
    });
    req.on('error', () => {
      errors++;
      resolve();
    });
  });
}

const started = performance.now();
await Promise.all(
  Array.from({ length: spec.connections }, async () => {
    while (performance.now() < end) await once();
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0);
const out: CannonResult = {
  requests: latencies.length,
  perSecond: latencies.length / seconds,
  p50: at(0.5),
  p99: at(0.99),
  max: Math.round(latencies.at(-1) ?? 0),
  errors,
  timeouts,
  non2xx,
  bytesPerSecond: bytes / seconds,
  byName,
};
agent.destroy();
console.log(JSON.stringify(out));
