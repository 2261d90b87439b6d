import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { AUTHORIZATION_MATRIX, REFUSALS, ROLES, type Outcome, type Role } from './authorization-matrix.ts';
import { buildWorld, type World } from './authorization-fixtures.ts';
import { ownerReads, probeFor, type Operation } from './authorization-probes.ts';

/**
 * Issue 20, authorization matrix: every operation of the OpenAPI document,
 * called by every role, answers as the table in authorization-matrix.ts says.
 * A leak is a 2xx where the table refuses, a body carrying another party's
 * secret (see the markers of authorization-fixtures.ts), or a refused write of
 * a stranger that changed what the owners see.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: unknown;
}

function operationsOf(doc: { paths: Record<string, Partial<Record<string, OpenApiOperation>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        requiredQuery: params.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        hasBody: op.requestBody !== undefined,
      });
    }
  }
  return ops;
}

function classify(status: number, expected: Outcome | undefined): Outcome | string {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 400) return 'invalid';
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return expected === 'missing' ? 'missing' : 'hidden';
  if (status === 409) return 'conflict';
  return String(status);
}

/** Strangers' writes are followed by a read of the owners' things. */
const CHECKED_WRITERS: readonly Role[] = ['limited', 'otherSeller'];
/** Refused roles first, so a write that should have been refused cannot spoil the owners' cells. */
const ORDER: readonly Role[] = ['anonymous', 'limited', 'otherSeller', 'buyer', 'seller', 'operator'];

describe('authorization matrix: every operation × role answers as the table says, nothing leaks', () => {
  let t: TestApp;
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    const t0 = Date.now();
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '1000000', WEATHER_PROVIDER: 'none' });
    const t1 = Date.now();
    world = await buildWorld(t);
    console.log(`app ${t1 - t0} ms, fixtures ${Date.now() - t1} ms`);
    operations = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]);
  }, 120_000);
  afterAll(() => t.close());

  it('has a row for every operation of the OpenAPI document and none for a gone one', () => {
    const keys = operations.map((o) => o.key);
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter((k) => !(k in AUTHORIZATION_MATRIX)), 'operations without a row in authorization-matrix.ts').toEqual([]);
    expect(Object.keys(AUTHORIZATION_MATRIX).filter((k) => !keys.includes(k)), 'rows of operations no longer in the OpenAPI document').toEqual([]);
  });

  it('answers every cell as expected, with 0 leaks', async () => {
    const actual = new Map<string, Partial<Record<Role, string>>>();
    const leaks: string[] = [];
    let readBacks = 0;
    for (const role of ORDER) {
      const headers = world.headers[role];
      for (const op of operations) {
        const expected = AUTHORIZATION_MATRIX[op.key]?.[role];
        const probe = await probeFor(op, world);
        const write = op.method !== 'GET';
        // Every write of theirs that the table does not expect to succeed: refused or not, it must change nothing of the owners'.
        const checked = write && CHECKED_WRITERS.includes(role) && expected !== 'ok';
        const reads = checked ? ownerReads(op, probe.url, probe.payload, world) : [];
        const ownersView = async () => {
          const parts: string[] = [];
          for (const [owner, url] of reads) parts.push(`${url} ${(await t.app.inject({ method: 'GET', url, headers: world.headers[owner] })).body}`);
          return parts.join('\n');
        };
        const before = await ownersView();
        if (checked) readBacks++;
        const res = await t.app.inject({ method: op.method as 'GET', url: probe.url, headers: { ...headers, ...probe.headers }, ...(probe.payload && { payload: probe.payload }) });
        const outcome = classify(res.statusCode, expected);
        actual.set(op.key, { ...actual.get(op.key), [role]: outcome });
        const cell = `${op.key} as ${role}`;
        if (expected && REFUSALS.includes(expected) && outcome === 'ok') leaks.push(`${cell}: ${res.statusCode} where the table says ${expected}`);
        const asked = probe.url + (Buffer.isBuffer(probe.payload) ? probe.payload.toString('latin1') : JSON.stringify(probe.payload ?? ''));
        for (const m of world.markers) {
          if (!m.seenBy.includes(role) && !asked.includes(m.value) && res.body.includes(m.value)) leaks.push(`${cell}: the body carries the ${m.name}`);
        }
        if (checked && (await ownersView()) !== before) leaks.push(`${cell}: refused with ${res.statusCode}, yet the owners' things changed`);
      }
    }
    // The table, printed: a differing cell reads expected→actual and is marked with !.
    const width = Math.max(...operations.map((o) => o.key.length));
    const lines = [`${'operation'.padEnd(width)} | ${ROLES.map((r) => r.padEnd(11)).join(' | ')}`];
    const mismatches: string[] = [];
    for (const op of operations) {
      const row = AUTHORIZATION_MATRIX[op.key];
      const got = actual.get(op.key) ?? {};
      const cells = ROLES.map((r) => {
        const exp = row?.[r];
        if (exp !== undefined && exp === got[r]) return exp.padEnd(11);
        mismatches.push(`${op.key} as ${r}: expected ${exp ?? '(no row)'}, got ${got[r]}`);
        return `!${exp ?? '?'}→${got[r]}`.padEnd(11);
      });
      lines.push(`${op.key.padEnd(width)} | ${cells.join(' | ')}`);
    }
    const cellCount = operations.length * ROLES.length;
    lines.push(`${operations.length} operations × ${ROLES.length} roles = ${cellCount} cells; ${mismatches.length} differ from the table; ${readBacks} strangers' writes read back; ${leaks.length} leaks`);
    console.log(lines.join('\n'));
    if (mismatches.some((m) => m.includes('(no row)'))) console.log(`rows observed for operations without one (review before copying):\n${suggestRows(operations, actual)}`);
    expect(leaks, 'leaks').toEqual([]);
    expect(mismatches, 'cells that differ from authorization-matrix.ts').toEqual([]);
  }, 900_000);
});

/** The observed row of each operation missing from the table, in the table's own syntax. */
function suggestRows(operations: Operation[], actual: Map<string, Partial<Record<Role, string>>>): string {
  return operations
    .filter((op) => !(op.key in AUTHORIZATION_MATRIX))
    .map((op) => {
      const got = actual.get(op.key) ?? {};
      return `  '${op.key}': { ${ROLES.map((r) => `${r}: '${got[r]}'`).join(', ')} },`;
    })
    .join('\n');
}

