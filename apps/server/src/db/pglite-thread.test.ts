import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../test/pglite-template.ts';
import { openDatabase, type Database } from './index.ts';

/** The embedded database on its worker thread (PGLITE_THREAD=worker, the default). */
describe('PGlite on a worker thread', () => {
  let d: Database;
  beforeAll(async () => {
    d = await openDatabase({ template: await pgliteTemplate(), pgliteThread: 'worker' });
    await d.db.execute(sql`create table thread_probe (id int primary key)`);
  }, 120_000);
  afterAll(async () => d?.close());

  const causeOf = async (p: Promise<unknown>) => {
    const err = await p.then(() => null, (e: unknown) => e as { cause?: Record<string, unknown> });
    return err?.cause;
  };

  it('keeps the fields of a database error that callers test (code, constraint)', async () => {
    await d.db.execute(sql`insert into thread_probe values (1)`);
    const cause = await causeOf(d.db.execute(sql`insert into thread_probe values (1)`));
    expect(cause).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
    expect((await causeOf(d.db.execute(sql`select * from no_such_table`)))?.code).toBe('42P01');
  });

  it('runs a query sent during a transaction after it, not inside it', async () => {
    let outside: Promise<unknown> | undefined;
    await d.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (2)`);
        // Inside the transaction it would see row 2, which the rollback below takes back.
        outside = d.db.execute(sql`select count(*)::int as n from thread_probe where id = 2`);
        await new Promise((r) => setTimeout(r, 50));
        throw new Error('take it back');
      })
      .catch((e: Error) => expect(e.message).toBe('take it back'));
    expect(((await outside) as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
    // Committed work stays.
    await d.db.transaction(async (tx) => void (await tx.execute(sql`insert into thread_probe values (3)`)));
    expect(((await d.db.execute(sql`select id from thread_probe order by id`)) as { rows: unknown[] }).rows).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('leaves the event loop free while a long query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const t0 = performance.now();
    await d.db.execute(sql`select count(*) from generate_series(1, 3000000)`);
    const took = performance.now() - t0;
    clearInterval(timer);
    // On the server's thread no timer could fire until the query ended.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(took / 10 / 4));
  });
});
