/**
 * How soon after start each group of the port-calls page (arriving, at berth, at
 * anchorage, departed) has rows, with the default simulated fleet and no internet
 * (issue 18: "within a few minutes of npm start"). Polls the API every 10 s.
 *   npx tsx bench/portcalls-warmup.ts [minutes=12]
 */
import { portCallGroupOf, type PortCallsResponse } from '@harbor/contracts';
import { createTestApp, signIn } from '../apps/server/src/test/harness.ts';

const PORTS = ['FIVSS', 'FIHEL', 'FITKU', 'FINLI', 'FIRAU', 'FIKOK', 'FIHMN', 'FIOUL', 'FIPOR', 'FIVAA', 'FIHKO', 'FIKTK', 'FIMHQ', 'FIUKI', 'FIKEM', 'FIRAA', 'FIPRS', 'FIINK', 'FISKV', 'FILOV', 'FIKAS'];
const t = await createTestApp({ AIS_SOURCE: 'simulator', AIS_PERSIST: 'false', RATE_LIMIT_PER_MIN: '100000' });
const headers = { authorization: `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}` };
const t0 = Date.now();
const seen = new Map<string, number>();
const minutes = Number(process.argv[2] ?? 12);
while (Date.now() - t0 < minutes * 60_000) {
  const counts: Record<string, number> = {};
  for (const port of PORTS) {
    const res = await t.app.inject({ method: 'GET', url: `/portcalls?portCode=${port}`, headers });
    for (const c of (res.json() as PortCallsResponse).portCalls) {
      const g = portCallGroupOf(c);
      counts[g] = (counts[g] ?? 0) + 1;
      if (!seen.has(g)) seen.set(g, Date.now() - t0);
    }
  }
  console.log(`${((Date.now() - t0) / 1000).toFixed(0)} s`, JSON.stringify(counts));
  await new Promise((r) => setTimeout(r, 10_000));
}
console.log('first seen (s):', JSON.stringify(Object.fromEntries([...seen].map(([k, v]) => [k, Math.round(v / 1000)]))));
await t.close();
process.exit(0);
