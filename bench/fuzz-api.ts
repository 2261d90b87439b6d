/**
 * The bad-input fuzzer of apps/server/src/bad-input.test.ts, for longer runs:
 *
 *   npx tsx bench/fuzz-api.ts --requests 200000 --seed 7     (DATABASE_URL optional)
 *
 * Same app setup, same generator, same checks (no 5xx, every refusal in the
 * apiErrors shape with a catalogue code, writes refused, the server alive, the
 * data unchanged). Prints the summary and the first failures; exits 1 on any.
 */
import { parseArgs } from 'node:util';
import { badRequests } from '../apps/server/src/test/fuzz/bad-requests.ts';
import { fingerprint, runFuzz, summary, FINGERPRINT_SKIP } from '../apps/server/src/test/fuzz/run.ts';
import { fuzzTarget } from '../apps/server/src/test/fuzz/target.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '200000' }, seed: { type: 'string', default: '1' }, concurrency: { type: 'string', default: '4' } } });
const requests = Number(values.requests);
const seed = Number(values.seed);

const f = await fuzzTarget();
const before = await fingerprint(f.t.ctx.db, FINGERPRINT_SKIP);
const report = await runFuzz(f.t.app, badRequests(f.ops, { seed, idPool: f.idPool, roles: f.roles }), requests, Number(values.concurrency));
console.log(`seed ${seed}, ${f.ops.length} operations in the document`);
console.log(summary(report));
for (const failure of [...report.failures, ...report.accepted].slice(0, 50)) console.log(JSON.stringify(failure));
const alive = (await f.t.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200;
const after = await fingerprint(f.t.ctx.db, FINGERPRINT_SKIP);
const changed = Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
console.log(`server alive: ${alive}; tables changed: ${changed.length ? changed.join(', ') : 'none'}`);
await f.t.close();
process.exitCode = report.failures.length || report.accepted.length || !alive || changed.length ? 1 : 0;
