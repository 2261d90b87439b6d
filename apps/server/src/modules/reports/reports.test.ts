import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_DIVISORS, type Currency, type Report, type ReportGrouping, type TransactionState } from '@harbor/contracts';
import { sql } from 'drizzle-orm';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { errorCodes, invalidMessages, publishedListing, tokens } from '../transactions/test-helpers.ts';
import { readFileSync } from 'node:fs';
import { insertReportFixtures, type ReportFixture } from './test-fixtures.ts';

/*
 * FOREX_PROVIDER=none: the reports convert at the ECB snapshot shipped with
 * the forex module, read here with a regex of its own (not the module's parser).
 */
const snapshotXml = readFileSync(new URL('../forex/snapshot/eurofxref-daily.xml', import.meta.url), 'utf8');
const SNAPSHOT = {
  date: /time='([\d-]+)'/.exec(snapshotXml)![1]!,
  rates: Object.fromEntries([...snapshotXml.matchAll(/currency='([A-Z]{3})' rate='([\d.]+)'/g)].map((m) => [m[1]!, Number(m[2])])) as Record<string, number>,
};

/*
 * The expected figures are computed here in plain JavaScript from the
 * fixtures (Intl for the Helsinki day, our own ISO-week arithmetic), not by
 * the SQL under test.
 */
const helsinkiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' });
const dayOf = (d: Date) => helsinkiDay.format(d); // YYYY-MM-DD

function isoWeek(day: string): { title: string; start: string } {
  const d = new Date(`${day}T00:00:00Z`);
  const dow = (d.getUTCDay() + 6) % 7; // Monday 0
  const monday = new Date(d.getTime() - dow * 86_400_000);
  const thursday = new Date(monday.getTime() + 3 * 86_400_000);
  const year = thursday.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const week1Monday = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000);
  const week = Math.round((monday.getTime() - week1Monday.getTime()) / (7 * 86_400_000)) + 1;
  return { title: `${year}-W${String(week).padStart(2, '0')}`, start: monday.toISOString().slice(0, 10) };
}

const groupOf = (day: string, g: ReportGrouping) =>
  g === 'day' ? { title: day, start: day } : g === 'month' ? { title: day.slice(0, 7), start: `${day.slice(0, 7)}-01` } : isoWeek(day);

const COUNTED: TransactionState[] = ['ordered', 'accepted', 'delivering', 'delivered', 'disputed', 'completed', 'reviewed-by-customer', 'reviewed-by-provider', 'reviewed'];

function expected(fixtures: ReportFixture[], party: (f: ReportFixture) => boolean, start: string, end: string, g: ReportGrouping) {
  const perDayCurrency = new Map<string, { day: string; currency: string; n: number; total: number }>();
  for (const f of fixtures) {
    const day = dayOf(f.createdAt);
    if (!party(f) || !COUNTED.includes(f.state) || day < start || day > end) continue;
    const key = `${day}|${f.currency}`;
    const e = perDayCurrency.get(key) ?? { day, currency: f.currency, n: 0, total: 0 };
    e.n += 1;
    e.total += f.payinTotal;
    perDayCurrency.set(key, e);
  }
  const groups = new Map<string, { title: string; start: string; n: number; amount: number }>();
  // Every group of the range, empty ones too.
  for (let d = new Date(`${start}T00:00:00Z`); d.toISOString().slice(0, 10) <= end; d = new Date(d.getTime() + 86_400_000)) {
    const grp = groupOf(d.toISOString().slice(0, 10), g);
    if (!groups.has(grp.start)) groups.set(grp.start, { ...grp, n: 0, amount: 0 });
  }
  for (const e of perDayCurrency.values()) {
    const grp = groups.get(groupOf(e.day, g).start)!;
    const rate = SNAPSHOT.rates[e.currency];
    const eur = e.currency === 'EUR' ? e.total : Math.round((e.total * 100) / (CURRENCY_DIVISORS[e.currency as Currency] * rate!));
    grp.n += e.n;
    grp.amount += eur;
  }
  let qc = 0;
  let ac = 0;
  return [...groups.values()]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((x) => ({ groupTitle: x.title, groupStart: x.start, quantity: x.n, quantityCumulative: (qc += x.n), amount: x.amount, amountCumulative: (ac += x.amount) }));
}

describe('reports', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  const fixtures: ReportFixture[] = [];
  let buyerId: string;
  let sellerId: string;

  const report = (headers: Record<string, string>, query: string) => t.app.inject({ method: 'GET', url: `/api/reports?${query}`, headers });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000', FOREX_PROVIDER: 'none' });
    auth = await tokens(t.app);
    const listingId = await publishedListing(t.app, auth);
    const ids = (await t.ctx.db.execute(sql`select id, email from users where email in ('buyer@harbor.test', 'seller@harbor.test')`)) as {
      rows: { id: string; email: string }[];
    };
    buyerId = ids.rows.find((r) => r.email === 'buyer@harbor.test')!.id;
    sellerId = ids.rows.find((r) => r.email === 'seller@harbor.test')!.id;
    // A seeded pseudo-random spread over 2024-12 to 2025-02 (a year change inside an ISO week), several currencies and states.
    let seed = 42;
    const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const currencies = ['EUR', 'EUR', 'SEK', 'USD', 'JPY', 'NOK'];
    const states: TransactionState[] = ['ordered', 'completed', 'reviewed', 'declined', 'cancelled', 'pending-payment', 'accepted', 'quote-requested'];
    const from = Date.UTC(2024, 11, 1);
    for (let i = 0; i < 400; i++) {
      const sale = rnd() < 0.25; // the buyer's organization selling to the seller's
      fixtures.push({
        customerId: sale ? sellerId : buyerId,
        providerId: sale ? buyerId : sellerId,
        listingId,
        state: states[Math.floor(rnd() * states.length)]!,
        currency: currencies[Math.floor(rnd() * currencies.length)]!,
        payinTotal: 100 + Math.floor(rnd() * 500_000),
        createdAt: new Date(from + Math.floor(rnd() * 92 * 86_400_000)),
      });
    }
    // Edge: 31.12.2024 23:30 in Helsinki is 21:30 UTC (a 2024 day); 1.1.2025 00:30 Helsinki is 31.12 22:30 UTC (a 2025 day).
    fixtures.push({ customerId: buyerId, providerId: sellerId, listingId, state: 'ordered', currency: 'EUR', payinTotal: 1111, createdAt: new Date('2024-12-31T21:30:00Z') });
    fixtures.push({ customerId: buyerId, providerId: sellerId, listingId, state: 'ordered', currency: 'EUR', payinTotal: 2222, createdAt: new Date('2024-12-31T22:30:00Z') });
    await insertReportFixtures(t.ctx.db, fixtures);
  });
  afterAll(() => t.close());

  for (const grouping of ['day', 'week', 'month'] as const) {
    for (const role of ['purchases', 'sales'] as const) {
      it(`sums ${role} by ${grouping} as computed independently`, async () => {
        const res = await report(auth.buyer, `start=2024-12-01&end=2025-02-28&grouping=${grouping}&role=${role}`);
        expect(res.statusCode, res.body).toBe(200);
        const data = json<{ data: Report }>(res).data;
        const mine = role === 'purchases' ? (f: ReportFixture) => f.customerId === buyerId : (f: ReportFixture) => f.providerId === buyerId;
        expect(data.rows).toEqual(expected(fixtures, mine, '2024-12-01', '2025-02-28', grouping));
        expect(data.rows.at(-1)!.quantityCumulative).toBeGreaterThan(10);
        expect(data.rates.map((r) => r.currency).sort()).toEqual(['JPY', 'NOK', 'SEK', 'USD']);
        expect(data.rates[0]).toMatchObject({ date: SNAPSHOT.date, rate: SNAPSHOT.rates[data.rates[0]!.currency] });
      });
    }
  }

  it('groups a week across the year change as ISO 2025-W01 (Monday 30.12.2024) and days in Helsinki time', async () => {
    const week = json<{ data: Report }>(await report(auth.buyer, 'start=2024-12-30&end=2025-01-05&grouping=week')).data;
    expect(week.rows.map((r) => [r.groupTitle, r.groupStart])).toEqual([['2025-W01', '2024-12-30']]);
    const days = json<{ data: Report }>(await report(auth.buyer, 'start=2024-12-31&end=2025-01-01&grouping=day')).data;
    const exp = expected(fixtures, (f) => f.customerId === buyerId, '2024-12-31', '2025-01-01', 'day');
    expect(days.rows).toEqual(exp);
    const dec = await report(auth.buyer, 'start=2024-12-23&end=2024-12-29&grouping=week');
    expect(json<{ data: Report }>(dec).data.rows.map((r) => r.groupTitle)).toEqual(['2024-W52']);
  });

  it('reads only the caller organization: the seller sees the buyer’s purchases as its sales', async () => {
    const q = 'start=2024-12-01&end=2025-02-28&grouping=month';
    const buyerPurchases = json<{ data: Report }>(await report(auth.buyer, `${q}&role=purchases`)).data;
    const sellerSales = json<{ data: Report }>(await report(auth.seller, `${q}&role=sales`)).data;
    expect(sellerSales.rows).toEqual(buyerPurchases.rows);
  });

  it('answers an empty period with zero rows of every group', async () => {
    const data = json<{ data: Report }>(await report(auth.buyer, 'start=2023-01-01&end=2023-03-31&grouping=month')).data;
    expect(data.rows.map((r) => [r.groupTitle, r.quantity, r.amountCumulative])).toEqual([
      ['2023-01', 0, 0],
      ['2023-02', 0, 0],
      ['2023-03', 0, 0],
    ]);
    expect(data.rates).toEqual([]);
  });

  it('validates: start and end required, end not before start, grouping and role known, signed in', async () => {
    expect(invalidMessages(await report(auth.buyer, 'end=2025-01-01'))).toEqual([expect.objectContaining({ path: 'querystring.start' })]);
    expect(errorCodes(await report(auth.buyer, 'start=2025-01-01'))).toEqual(['validation-invalid-params']);
    const before = await report(auth.buyer, 'start=2025-02-01&end=2025-01-31');
    expect(before.statusCode).toBe(400);
    expect(invalidMessages(before).map((i) => i.message)).toContain('reports:validation.endBeforeStart');
    expect((await report(auth.buyer, 'start=2025-01-01&end=2025-01-01')).statusCode).toBe(200);
    expect((await report(auth.buyer, 'start=2025-01-01&end=2025-01-31&grouping=year')).statusCode).toBe(400);
    expect((await report(auth.buyer, 'start=2025-01-01&end=2025-01-31&role=all')).statusCode).toBe(400);
    expect((await report(auth.buyer, 'start=2025-13-01&end=2025-01-31')).statusCode).toBe(400);
    expect((await report({}, 'start=2025-01-01&end=2025-01-31')).statusCode).toBe(401);
  });

  it('is in the OpenAPI document with its query parameters', async () => {
    const doc = json<{ paths: Record<string, { get?: { parameters?: { name: string; required?: boolean }[] } }> }>(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    const params = doc.paths['/api/reports']?.get?.parameters ?? [];
    expect(params.map((p) => [p.name, p.required ?? false]).sort()).toEqual([
      ['end', true],
      ['grouping', false],
      ['role', false],
      ['start', true],
    ]);
  });

  it('fails with report-generation-failed when a currency has no rate', async () => {
    const saved = (await t.ctx.db.execute(sql`delete from forex_rates where currency = 'SEK' returning date, currency, rate, source`)) as { rows: unknown[] };
    expect(saved.rows.length).toBeGreaterThan(0);
    try {
      const res = await report(auth.buyer, 'start=2024-12-01&end=2025-02-28');
      expect(res.statusCode).toBe(500);
      expect(errorCodes(res)).toEqual(['report-generation-failed']);
    } finally {
      await t.ctx.db.execute(sql`insert into forex_rates (date, currency, rate, source) select * from jsonb_to_recordset(${JSON.stringify(saved.rows)}::jsonb) as r(date date, currency text, rate float8, source text)`);
    }
    expect((await report(auth.buyer, 'start=2024-12-01&end=2025-02-28')).statusCode).toBe(200);
  });
});
