/**
 * Reports (GET /api/reports) over 100k transactions on PostgreSQL.
 *
 *   npx tsx bench/reports.ts        (ROWS=100000, DATABASE_URL optional)
 *
 * A fresh schema of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test,
 * dropped afterwards), the demo users, ROWS orders of the buyer's organization
 * spread over 2025 in five currencies (a few in other states and of other
 * parties), then a report of the whole year by day, ISO week and month for
 * purchases, each timed over HTTP (in process) five times. Goal: under 1 s.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { TransactionState } from '@harbor/contracts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { publishedListing, tokens } from '../apps/server/src/modules/listings/test-helpers.ts';
import { insertReportFixtures, type ReportFixture } from '../apps/server/src/modules/reports/test-fixtures.ts';

const ROWS = Number(process.env.ROWS ?? 100_000);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const t = await createTestApp({ RATE_LIMIT_PER_MIN: '1000000' });
try {
  const auth = await tokens(t.app);
  const listingId = await publishedListing(t.app, auth);
  const ids = (await t.ctx.db.execute(sql`select id, email from users where email in ('buyer@harbor.test', 'seller@harbor.test')`)) as {
    rows: { id: string; email: string }[];
  };
  const buyer = ids.rows.find((r) => r.email === 'buyer@harbor.test')!.id;
  const seller = ids.rows.find((r) => r.email === 'seller@harbor.test')!.id;
  const currencies = ['EUR', 'EUR', 'EUR', 'SEK', 'USD', 'NOK', 'JPY'];
  const states: TransactionState[] = ['ordered', 'accepted', 'completed', 'reviewed', 'delivered', 'cancelled', 'declined'];
  const from = Date.UTC(2025, 0, 1);
  const fixtures: ReportFixture[] = [];
  for (let i = 0; i < ROWS; i++) {
    const sale = i % 10 === 0;
    fixtures.push({
      customerId: sale ? seller : buyer,
      providerId: sale ? buyer : seller,
      listingId,
      state: states[i % states.length]!,
      currency: currencies[i % currencies.length]!,
      payinTotal: 1000 + ((i * 7919) % 400_000),
      createdAt: new Date(from + ((i * 104_729) % (365 * 86_400)) * 1000),
    });
  }
  const t0 = performance.now();
  await insertReportFixtures(t.ctx.db, fixtures);
  console.log(`engine ${t.database.kind}: inserted ${ROWS} transactions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  for (const grouping of ['day', 'week', 'month'] as const) {
    const times: number[] = [];
    let rows = 0;
    let total = 0;
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      const res = await t.app.inject({ method: 'GET', url: `/api/reports?start=2025-01-01&end=2025-12-31&grouping=${grouping}&role=purchases`, headers: auth.buyer });
      times.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(res.body);
      const data = (JSON.parse(res.body) as { data: { rows: { quantityCumulative: number }[] } }).data;
      rows = data.rows.length;
      total = data.rows.at(-1)!.quantityCumulative;
    }
    times.sort((a, b) => a - b);
    console.log(
      `year by ${grouping.padEnd(5)}: ${rows} rows, ${total} orders counted; min ${times[0]!.toFixed(0)} ms, median ${times[2]!.toFixed(0)} ms, max ${times[4]!.toFixed(0)} ms ${times[4]! < 1000 ? '(under 1 s)' : '(OVER 1 s)'}`,
    );
  }
} finally {
  await t.close();
}
