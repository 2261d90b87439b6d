import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Forex } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { closedPort, serveLocal } from '../../test/local-http.ts';
import { parseEcbXml } from './ecb.ts';
import { forexRatesBetween } from './index.ts';
import { isFresh } from './forex.service.ts';

/*
 * A real HTTP server on localhost answers with recorded ECB files
 * (fixtures/: the daily file of 2022-07-08 and the head of a 90-day history
 * of 2017-03-03), so the adapter's fetch and parser run for real. The
 * expected rates below are read off those files by eye, not by the parser.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const DAILY = fixture('eurofxref-daily-2022-07-08.xml');
const HISTORY = fixture('eurofxref-hist-90d-2017-03-03.xml');

interface Ecb {
  url: string;
  requests: string[];
  status: number;
  close(): Promise<void>;
}

async function startEcb(): Promise<Ecb> {
  const state = { status: 200, requests: [] as string[] };
  const server = await serveLocal((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    state.requests.push(path);
    if (state.status !== 200) return res.writeHead(state.status).end('<html>Service Unavailable</html>');
    res.setHeader('content-type', 'text/xml');
    if (path === '/stats/eurofxref/eurofxref-daily.xml') return res.end(DAILY);
    if (path === '/stats/eurofxref/eurofxref-hist-90d.xml') return res.end(HISTORY);
    res.writeHead(404).end();
  });
  return Object.assign(state, { url: `${server.origin}/stats/eurofxref`, close: server.close });
}

const setNow = (iso: string) => vi.setSystemTime(new Date(iso));

let ecb: Ecb;
let t: TestApp;
let offline: TestApp;

beforeAll(async () => {
  ecb = await startEcb();
  const dead = await closedPort();
  t = await createTestApp({ FOREX_URL: `${ecb.url}/eurofxref-daily.xml`, FOREX_HISTORY_URL: `${ecb.url}/eurofxref-hist-90d.xml` });
  offline = await createTestApp({ FOREX_URL: `${dead}/daily.xml`, FOREX_HISTORY_URL: `${dead}/hist.xml`, FOREX_TIMEOUT_MS: '1000' });
  vi.useFakeTimers({ toFake: ['Date'] });
}, 120_000);

afterEach(() => {
  ecb.status = 200;
});

afterAll(async () => {
  vi.useRealTimers();
  await Promise.all([t?.close(), offline?.close(), ecb?.close()]);
});

const get = async (app: TestApp, query: string) => app.app.inject({ method: 'GET', url: `/api/forex?${query}` });
const forex = async (app: TestApp, query: string) => {
  const res = await get(app, query);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Forex }>(res).data;
};

describe('GET /api/forex (ECB reference rates)', () => {
  it('reads the 90-day history first, then one daily file a day after the 16:00 CET publication', async () => {
    setNow('2026-11-25T16:00:00Z');
    expect(await forex(t, 'from=EUR&to=SEK')).toEqual({
      from: 'EUR',
      to: 'SEK',
      multiplier: 9.5375,
      date: '2017-03-03',
      source: 'ecb',
      fetchedAt: '2026-11-25T16:00:00.000Z',
      offline: false,
    });
    expect(ecb.requests).toEqual(['/stats/eurofxref/eurofxref-hist-90d.xml']);

    // Cached: the same evening, a cross rate through the euro, no new request.
    setNow('2026-11-25T22:00:00Z');
    const cross = await forex(t, 'from=SEK&to=NOK');
    expect(cross.multiplier).toBeCloseTo(8.9303 / 9.5375, 12);
    expect(cross.date).toBe('2017-03-03');
    expect(ecb.requests).toHaveLength(1);

    // Next morning still yesterday's publication; after 15:00 UTC the daily file is read.
    setNow('2026-11-26T09:00:00Z');
    await forex(t, 'from=EUR&to=SEK');
    expect(ecb.requests).toHaveLength(1);
    setNow('2026-11-26T15:30:00Z');
    expect(await forex(t, 'from=EUR&to=JPY')).toMatchObject({ multiplier: 138.05, date: '2022-07-08', source: 'ecb', offline: false });
    expect(ecb.requests.at(-1)).toBe('/stats/eurofxref/eurofxref-daily.xml');
    expect((await forex(t, 'from=USD&to=EUR')).multiplier).toBeCloseTo(1 / 1.0163, 12);
  });

  it('answers the last known rates with their date when the ECB fails', async () => {
    ecb.status = 503;
    setNow('2026-11-27T16:00:00Z');
    expect(await forex(t, 'from=EUR&to=SEK')).toEqual({
      from: 'EUR',
      to: 'SEK',
      multiplier: 10.6665,
      date: '2022-07-08',
      source: 'ecb',
      fetchedAt: '2026-11-26T15:30:00.000Z',
      offline: true,
    });
    // The failure is remembered a minute: no request per page view.
    const n = ecb.requests.length;
    await forex(t, 'from=EUR&to=NOK');
    expect(ecb.requests).toHaveLength(n);
  });

  it('gives the reports the rates of their days from the same table', async () => {
    expect(await forexRatesBetween(t.ctx, ['SEK', 'JPY'], '2017-03-02', '2017-03-02')).toEqual([
      { date: '2017-03-02', currency: 'JPY', rate: 120.24 },
      { date: '2017-03-02', currency: 'SEK', rate: 9.5195 },
    ]);
    // The last rate on or before the start, then every later one up to the end.
    expect((await forexRatesBetween(t.ctx, ['SEK'], '2020-01-01', '2026-12-31')).map((r) => [r.date, r.rate])).toEqual([
      ['2017-03-03', 9.5375],
      ['2022-07-08', 10.6665],
    ]);
    // Before the first known rate: the earliest.
    expect(await forexRatesBetween(t.ctx, ['SEK'], '2010-01-01', '2010-12-31')).toEqual([{ date: '2017-03-02', currency: 'SEK', rate: 9.5195 }]);
  });

  it('never reached the ECB: the ECB snapshot shipped with the product, with its date', async () => {
    setNow('2026-11-25T16:00:00Z');
    expect(await forex(offline, 'from=EUR&to=SEK')).toEqual({
      from: 'EUR',
      to: 'SEK',
      multiplier: 10.365,
      date: '2022-08-08',
      source: 'snapshot',
      fetchedAt: null,
      offline: true,
    });
    expect((await forex(offline, 'from=JPY&to=EUR')).multiplier).toBeCloseTo(1 / 137.62, 12);
    expect((await forex(offline, 'from=EUR&to=EUR')).multiplier).toBe(1);
  });

  it('converts from EUR to each of the 16 supported currencies', async () => {
    const codes = ['AUD', 'CAD', 'CHF', 'CNY', 'DKK', 'EUR', 'GBP', 'HKD', 'INR', 'JPY', 'MXN', 'NOK', 'NZD', 'SEK', 'SGD', 'USD'];
    for (const to of codes) expect((await forex(offline, `from=EUR&to=${to}`)).multiplier).toBeGreaterThan(0);
  });

  it('refuses an unsupported or missing currency with validation-invalid-params', async () => {
    for (const q of ['from=EUR&to=XXX', 'from=EUR', 'to=SEK', 'from=eur&to=SEK', 'from=BGN&to=EUR']) {
      const res = await get(t, q);
      expect(res.statusCode, q).toBe(400);
      expect(json<{ apiErrors: { code: string }[] }>(res).apiErrors[0]!.code).toBe('validation-invalid-params');
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = json<{ paths: Record<string, Record<string, { parameters?: { name: string }[] }>> }>(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    expect(doc.paths['/api/forex']?.get?.parameters?.map((p) => p.name).sort()).toEqual(['from', 'to']);
  });
});

describe('ECB parser and freshness', () => {
  it('reads both ECB layouts (daily with single quotes, history on one line) and rejects other bodies', () => {
    expect(parseEcbXml(DAILY)).toHaveLength(31);
    expect(parseEcbXml(HISTORY).filter((r) => r.currency === 'USD')).toEqual([
      { date: '2017-03-03', currency: 'USD', rate: 1.0565 },
      { date: '2017-03-02', currency: 'USD', rate: 1.0514 },
    ]);
    expect(() => parseEcbXml('<html>Service Unavailable</html>')).toThrow();
    expect(() => parseEcbXml('<gesmes:Envelope xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube></Cube></gesmes:Envelope>')).toThrow();
  });

  it('keeps a read fresh until the next 15:00 UTC', () => {
    const at = new Date('2026-11-25T15:10:00Z');
    expect(isFresh(at, Date.parse('2026-11-26T14:59:00Z'))).toBe(true);
    expect(isFresh(at, Date.parse('2026-11-26T15:00:00Z'))).toBe(false);
    expect(isFresh(new Date('2026-11-25T14:00:00Z'), Date.parse('2026-11-25T15:30:00Z'))).toBe(false);
    expect(isFresh(null, Date.now())).toBe(false);
  });
});
