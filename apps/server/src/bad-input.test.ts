import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequests } from './test/fuzz/bad-requests.ts';
import { fingerprint, runFuzz, summary, FINGERPRINT_SKIP } from './test/fuzz/run.ts';
import { fuzzTarget, type FuzzTarget } from './test/fuzz/target.ts';

/**
 * Issue 20, "Bad input": every operation of the OpenAPI document the app
 * serves gets schema-driven bad requests (wrong types, missing and extra fields,
 * control characters, 100 kB strings, deep JSON, non-finite, negative and huge
 * numbers, malformed JSON, wrong content types, oversized bodies, path
 * traversal, broken uploads), signed in with a role that gets past the guards.
 * None may answer 5xx; every refusal is `{ apiErrors }` with a catalogue code;
 * the server stays up and the data stays as it was. Fixed seed, so a failure
 * reproduces; `bench/fuzz-api.ts` runs the same generator for longer.
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20);

describe('bad input: schema-driven bad requests to every operation', () => {
  let f: FuzzTarget;

  beforeAll(async () => {
    f = await fuzzTarget();
  }, 180_000);
  afterAll(() => f?.t.close());

  it(`${REQUESTS} requests (seed ${SEED}): no 5xx, every refusal in the apiErrors shape, data unchanged`, async () => {
    const { t, ops } = f;
    expect(ops.length).toBeGreaterThan(100);
    const before = await fingerprint(t.ctx.db, FINGERPRINT_SKIP);

    const report = await runFuzz(t.app, badRequests(ops, { seed: SEED, idPool: f.idPool, roles: f.roles }), REQUESTS);
    console.log(summary(report));
    for (const failure of [...report.failures, ...report.accepted].slice(0, 30)) console.log(JSON.stringify(failure));

    expect(report.sent).toBeGreaterThanOrEqual(REQUESTS);
    expect(report.operations).toBe(ops.length);
    expect(report.failures).toEqual([]);
    expect(report.accepted).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const after = await fingerprint(t.ctx.db, FINGERPRINT_SKIP);
    const changed = Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
    expect(changed, `tables changed: ${changed.map((k) => `${k} ${before[k]} -> ${after[k]}`).join('; ')}`).toEqual([]);
    // Generous: about 40 s of CPU, and the wall clock of a busy machine is several times that.
  }, 900_000);
});
