/**
 * autocannon in its own process (so it does not share the server's event loop),
 * with a request mix: each request picks one of `paths` by weight. Used by
 * ships-http.ts and load.ts; prints one JSON line with the summary.
 *
 *   CANNON='{"url":"http://127.0.0.1:3000","connections":10,"duration":10,
 *            "mix":[{"weight":1,"paths":["/api/health"],"headers":{}}]}' npx tsx bench/cannon.ts
 */
import autocannon from 'autocannon';

export interface CannonMixItem {
  name: string;
  weight: number;
  paths: string[];
  headers?: Record<string, string>;
}
export interface CannonSpec {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  mix: CannonMixItem[];
}
export interface CannonResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  bytesPerSecond: number;
  byName: Record<string, number>;
}

const spec = JSON.parse(process.env.CANNON ?? '{}') as CannonSpec;
const total = spec.mix.reduce((s, m) => s + m.weight, 0);
const byName: Record<string, number> = {};
const pick = () => {
  let x = Math.random() * total;
  for (const m of spec.mix) if ((x -= m.weight) < 0) return m;
  return spec.mix.at(-1)!;
};

const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  timeout: spec.timeout ?? 10,
  requests: [
    {
      setupRequest: (req) => {
        const m = pick();
        byName[m.name] = (byName[m.name] ?? 0) + 1;
        return { ...req, method: 'GET', path: m.paths[Math.floor(Math.random() * m.paths.length)]!, headers: { ...req.headers, ...m.headers } };
      },
    },
  ],
});
const out: CannonResult = {
  requests: result.requests.total,
  perSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  bytesPerSecond: result.throughput.average,
  byName,
};
console.log(JSON.stringify(out));
