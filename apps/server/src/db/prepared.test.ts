import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { organizations } from '../modules/organizations/organizations.schema.ts';
import { preparedQuery } from './index.ts';

/** On PGlite and, in CI's second pass, PostgreSQL (named statements on pooled connections). */
describe('preparedQuery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AIS_SOURCE: 'none' });
  }, 120_000);
  afterAll(async () => t?.close());

  const nameOf = preparedQuery('test_organization_name', (db) =>
    db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, sql.placeholder('id'))),
  );

  it('answers with the values of each call, many at once (one statement per connection of the pool)', async () => {
    const orgs = await t.ctx.db.select({ id: organizations.id, name: organizations.name }).from(organizations).limit(5);
    expect(orgs.length).toBeGreaterThan(1);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => nameOf(t.ctx.db, { id: orgs[i % orgs.length]!.id })));
    answers.forEach((rows, i) => expect(rows).toEqual([{ name: orgs[i % orgs.length]!.name }]));
  });

  // Run outside the transaction, the read would miss the rename (PostgreSQL) or wait for the
  // transaction to end (PGlite, one connection): a wrong answer or a timeout.
  it('inside a transaction runs in it: it sees the transaction\'s own writes', async () => {
    const [org] = await t.ctx.db.select({ id: organizations.id, name: organizations.name }).from(organizations).limit(1);
    await t.ctx.db.transaction(async (tx) => {
      await tx.update(organizations).set({ name: 'Renamed in a transaction' }).where(eq(organizations.id, org!.id));
      expect(await nameOf(tx, { id: org!.id })).toEqual([{ name: 'Renamed in a transaction' }]);
      tx.rollback();
    }).catch((e: unknown) => {
      if (!(e instanceof Error) || !/rollback/i.test(e.message)) throw e;
    });
    expect(await nameOf(t.ctx.db, { id: org!.id })).toEqual([{ name: org!.name }]);
  });
});
