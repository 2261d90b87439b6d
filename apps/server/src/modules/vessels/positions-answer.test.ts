import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipPositionsQuery, ShipPositionsResponse } from '@harbor/contracts';
import { pickEncoding, UPGRADE_AT } from '../../lib/encoded-answer.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { KYSTVERKET, replayDone } from '../ais/ais-test-helpers.ts';
import { Fleet, LineIngest } from '../ais/index.ts';
import { toShipPosition } from './vessels.mapper.ts';
import { positionsJson, toQueryFilter, type VesselsRuntime } from './vessels.service.ts';
import { PositionsAnswer, PositionsAnswerCache } from './positions-answer.ts';
import { VesselStore } from './vessel-store.ts';

/**
 * The contract as objects: ShipPosition from the mapper, as the answer was built
 * before ship JSON was cached as text (the text writer orders the keys
 * differently, so the two are compared parsed).
 */
function objectAnswer(rt: VesselsRuntime, q: ShipPositionsQuery, now: number): string {
  const [s, w, n, e] = q.bbox;
  const slots = rt.store.query(s, w, n, e, toQueryFilter(q, now));
  const answer: ShipPositionsResponse = { simulated: rt.store.simulated, timestamp: now, ships: slots.map((slot) => toShipPosition(rt.store, slot)), clusters: [] };
  return JSON.stringify(answer);
}

describe('GET /v1/ships/positions answer', () => {
  it('joined from cached ship JSON, equals the mapped ShipPosition objects (simulated fleet and a real capture)', () => {
    const store = new VesselStore(4096);
    const rt = { store } as VesselsRuntime;
    // 3,000 simulated ships through encoder -> decoder -> store, as in service.
    let now = Date.now() - 11_000;
    const fleet = new Fleet(3000, now, 7);
    const ingest = new LineIngest(store, true);
    for (let s = 0; s <= 11; s++) {
      now += 1000;
      fleet.step(now, 1000, (line) => ingest.push(line, now));
    }
    // Texts JSON must escape, and a prediction (the optional predictedAt field).
    const [a, b] = [store.mmsi[0]!, store.mmsi[1]!];
    store.applyStatic({ mmsi: a, at: now, name: 'SKÅNE "Ö" \\ \u0001', destination: 'ÅBO\u2028', eta: Date.UTC(2026, 0, 2, 3, 4) });
    store.setPrediction(b, { destination: 'FIHEL', eta: Date.UTC(2026, 0, 1, 12), at: now });
    const boxes: ShipPositionsQuery[] = [];
    for (let i = 0; i < 40; i++) {
      const s = (i * 613) % store.size;
      const lat = store.lat[s]!;
      const lon = store.lon[s]!;
      boxes.push({ bbox: [lat - 0.05, lon - 0.1, lat + 0.05, lon + 0.1], maxAge: 240, clusteringDegreePrecision: 0 });
    }
    boxes.push({ bbox: [-90, -180, 90, 180], maxAge: 240, clusteringDegreePrecision: 0 });
    boxes.push({ bbox: [-90, -180, 90, 180], maxAge: 240, clusteringDegreePrecision: 0, navigationStatuses: [0, 5], harborShipTypes: ['OTHER_CARGO', 'TANKER'] });
    const t = Date.now();
    let ships = 0;
    for (const q of boxes) {
      const expected = JSON.parse(objectAnswer(rt, q, t)) as ShipPositionsResponse;
      expect(JSON.parse(positionsJson(rt, q, t))).toStrictEqual(expected);
      // Second read from the per-ship cache.
      expect(JSON.parse(positionsJson(rt, q, t))).toStrictEqual(expected);
      ships += expected.ships.length;
    }
    expect(ships).toBeGreaterThan(3000);
    const all = JSON.parse(positionsJson(rt, boxes.at(-2)!, t)) as ShipPositionsResponse;
    expect(all.ships.find((s) => s.mmsi === a)?.name).toBe('SKÅNE "Ö" \\ \u0001');
    expect(all.ships.find((s) => s.mmsi === b)?.voyage.predictedDestination).toBe('urn:harbor:port:FIHEL');

    // A real capture (Kystverket, every framing and type the decoder keeps) into a fresh store.
    const real = new VesselStore();
    const realIngest = new LineIngest(real, true);
    for (const line of readFileSync(KYSTVERKET, 'latin1').split('\n')) if (line.trim()) realIngest.push(line, t - 1000);
    expect(real.size).toBeGreaterThan(300);
    const q: ShipPositionsQuery = { bbox: [-90, -180, 90, 180], maxAge: 240, clusteringDegreePrecision: 0 };
    expect(JSON.parse(positionsJson({ store: real } as VesselsRuntime, q, t))).toStrictEqual(JSON.parse(objectAnswer({ store: real } as VesselsRuntime, q, t)));
  });

  it('picks brotli, then gzip, from Accept-Encoding; q=0 refuses', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('deflate, gzip;q=0')).toBeNull();
    expect(pickEncoding('*')).toBe('gzip');
  });

  it('reuses an answer for the same query within reuseMs only, and holds at most maxBytes', () => {
    const cache = new PositionsAnswerCache({ reuseMs: 1000, maxBytes: 2500 });
    let builds = 0;
    const build = () => `{"n":${++builds}}${' '.repeat(1000)}`;
    const first = cache.get('a', 10_000, build);
    expect(cache.get('a', 10_999, build)).toBe(first);
    expect(cache.get('a', 11_000, build)).not.toBe(first);
    expect(builds).toBe(2);
    cache.get('b', 11_000, build); // 2 x 1.25 kB: over the bound, 'a' (oldest) goes
    const b = cache.get('b', 11_001, build);
    expect(builds).toBe(3);
    expect(cache.get('a', 11_002, build)).not.toBe(b);
    expect(builds).toBe(4);
  });

  it('compresses an answer at the fast level first, and at the better one only when it is asked for often', async () => {
    const json = Buffer.from(JSON.stringify({ ships: Array.from({ length: 3000 }, (_, i) => ({ mmsi: 230_000_000 + i * 7919, name: `SHIP ${i % 97}`, lat: 60 + (i % 1000) / 1e4, lon: 25 + i / 1e4 })) }));
    const answer = new PositionsAnswer(json, 0);
    const first = await answer.body('br');
    expect(brotliDecompressSync(first).equals(json)).toBe(true);
    // Nothing better is started before demand UPGRADE_AT: a box asked a few times never pays brotli 4.
    for (let i = 2; i < UPGRADE_AT; i++) {
      await answer.upgrades();
      expect(await answer.body('br')).toBe(first);
    }
    await answer.upgrades();
    expect(await answer.body('br')).toBe(first); // demand UPGRADE_AT starts it, and still gets the fast bytes
    await answer.upgrades();
    const better = await answer.body('br');
    expect(better).not.toBe(first);
    expect(better.length).toBeLessThan(first.length);
    expect(brotliDecompressSync(better).equals(json)).toBe(true);
    expect(await answer.body('br')).toBe(better);
    // gzip has one level: the same bytes every time.
    const gz = await answer.body('gzip');
    expect(gunzipSync(gz).equals(json)).toBe(true);
    await answer.body('gzip');
    await answer.upgrades();
    expect(await answer.body('gzip')).toBe(gz);
  });
});

describe('GET /v1/ships/positions over HTTP', () => {
  let t: TestApp;
  let authorization: string;
  beforeAll(async () => {
    t = await createTestApp({ AIS_SOURCE: `replay:${KYSTVERKET}?speed=0` });
    await replayDone(t.app);
    authorization = `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}`;
  });
  afterAll(() => t.close());

  it('sends, plain, brotli and gzip as the client asks, the bytes the uncached serialiser writes', async () => {
    const url = '/v1/ships/positions?bbox=58,0,65,15';
    const get = (enc?: string) => t.app.inject({ method: 'GET', url, headers: { authorization, ...(enc && { 'accept-encoding': enc }) } });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const body = plain.body;
    expect((JSON.parse(body) as ShipPositionsResponse).ships.length).toBeGreaterThan(100);
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(body.length / 4);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    // The replay has finished, so the store stands still: each answer is what today's
    // serialiser writes for its timestamp, byte for byte.
    const rt = t.app.ais.vessels;
    const q: ShipPositionsQuery = { bbox: [58, 0, 65, 15], maxAge: 240, clusteringDegreePrecision: 0 };
    for (const text of [body, brotliDecompressSync(br.rawPayload).toString(), gunzipSync(gz.rawPayload).toString()]) {
      const { timestamp } = JSON.parse(text) as ShipPositionsResponse;
      expect(text).toBe(positionsJson(rt, q, timestamp));
    }
  });

  it('without the cache (the old path) answers the same ships', async () => {
    const url = '/v1/ships/positions?bbox=58,0,65,15&maxAge=600';
    const withCache = JSON.parse((await t.app.inject({ method: 'GET', url, headers: { authorization } })).body) as ShipPositionsResponse;
    const answers = t.app.ais.vessels.answers;
    t.app.ais.vessels.answers = undefined;
    try {
      // The old path builds plain JSON; the app's compression encodes it for a client that takes br.
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization, 'accept-encoding': 'br' } });
      expect(res.headers['content-encoding']).toBe('br');
      const old = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as ShipPositionsResponse;
      expect(old.ships).toEqual(withCache.ships);
    } finally {
      t.app.ais.vessels.answers = answers;
    }
  });
});
