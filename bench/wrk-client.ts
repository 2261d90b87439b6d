/**
 * The same contract as cannon.ts (CANNON spec in, one JSON line of CannonResult out), driving
 * wrk (a load generator in C: `apt install wrk`) with a Lua script that picks each request's
 * path from the mix by weight. One Node client process tops out near 10,000 requests a second
 * on this machine's second core, which is where the small boxes of ships-http.ts stopped
 * (bench/README-ships.md, 2026-12-05); wrk asks several times that on the same core, so what
 * it measures there is the server. It does not decompress: the bytes counted are the wire's.
 * `byName` counts are not kept (wrk's Lua threads share no state with us); the total is.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CannonResult, CannonSpec } from './cannon.ts';

const spec = JSON.parse(process.env.CANNON ?? '{}') as CannonSpec;
const lua = (s: string) => JSON.stringify(s); // a JSON string is a valid Lua string literal for these paths and headers

const items = spec.mix.map((m) => {
  const headers = Object.entries(m.headers ?? {})
    .map(([k, v]) => `[${lua(k)}] = ${lua(v)}`)
    .join(', ');
  return `{ weight = ${m.weight}, headers = { ${headers} }, paths = { ${m.paths.map(lua).join(', ')} } }`;
});
const script = `
local mix = { ${items.join(',\n')} }
local total = 0
for _, m in ipairs(mix) do total = total + m.weight end
math.randomseed(os.time())
request = function()
  local x = math.random() * total
  local m = mix[#mix]
  for _, it in ipairs(mix) do
    x = x - it.weight
    if x < 0 then m = it break end
  end
  return wrk.format("GET", m.paths[math.random(#m.paths)], m.headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nRESULT {"requests":%d,"us":%d,"bytes":%d,"p50":%d,"p99":%d,"max":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'wrk-'));
try {
  const file = path.join(dir, 'mix.lua');
  writeFileSync(file, script);
  const args = ['-t1', `-c${spec.connections}`, `-d${spec.duration}s`, `--timeout`, `${spec.timeout ?? 10}s`, '-s', file, spec.url];
  const { stdout } = await promisify(execFile)('wrk', args, { maxBuffer: 1 << 24 });
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  const r = JSON.parse(line.slice(7)) as Record<string, number>;
  const seconds = r.us! / 1e6;
  const out: CannonResult = {
    requests: r.requests!,
    perSecond: r.requests! / seconds,
    p50: Math.round(r.p50! / 1000),
    p99: Math.round(r.p99! / 1000),
    max: Math.round(r.max! / 1000),
    errors: r.connect! + r.read! + r.write!,
    timeouts: r.timeout!,
    non2xx: r.status!,
    bytesPerSecond: r.bytes! / seconds,
    byName: {},
  };
  console.log(JSON.stringify(out));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
