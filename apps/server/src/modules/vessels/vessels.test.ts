import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipDetails, ShipPositionsResponse, ShipSearchResponse, ShipTrackResponse } from '@harbor/contracts';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';
import { KYSTVERKET, replayDone } from '../ais/ais-test-helpers.ts';
import { importRegistryFile } from './registry-import.ts';

const RESCUE = 258150500; // RESCUE B KYRKJEBOE: type 5 and type 1 in the capture, off Bergen

describe('ships API over a replayed Kystverket capture', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp({ AIS_SOURCE: `replay:${KYSTVERKET}?speed=0` });
    await replayDone(t.app);
    auth = { authorization: `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}` };
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = auth) => t.app.inject({ method: 'GET', url, headers });

  it('answers positions in a box with the spec fields', async () => {
    const res = await get('/v1/ships/positions?bbox=60.3,4.8,60.6,5.3');
    expect(res.statusCode).toBe(200);
    const body = json<ShipPositionsResponse>(res);
    expect(body.simulated).toBe(false);
    expect(body.clusters).toEqual([]);
    const ship = body.ships.find((s) => s.mmsi === RESCUE);
    expect(ship).toMatchObject({
      name: 'RESCUE B KYRKJEBOE',
      latitude: expect.closeTo(60.47707, 5),
      longitude: expect.closeTo(5.073698, 5),
      trueHeading: 179,
      speedOverGround: 11.3,
      harborShipType: 'PILOT_SAR',
      referencePoint: { a: 5, b: 7, c: 2, d: 2 },
      flag: 'NO',
      imageUrl: null,
      voyage: { destination: 'TLF 91679640', navigationStatus: 0, predictedEta: null, predictedDestination: null },
    });
    // The capture was shifted to end now, so the ships are minutes old, not years.
    expect(Date.now() - ship!.timeStampExternal).toBeLessThan(60_000);
    for (const s of body.ships) {
      expect(s.latitude).toBeGreaterThanOrEqual(60.3);
      expect(s.longitude).toBeLessThanOrEqual(5.3);
    }
  });

  it('filters by category, status and age, and clusters', async () => {
    const all = json<ShipPositionsResponse>(await get('/v1/ships/positions?bbox=50,-10,80,40')).ships;
    expect(all.length).toBeGreaterThan(500);
    const sar = json<ShipPositionsResponse>(await get('/v1/ships/positions?bbox=50,-10,80,40&harborShipTypes=PILOT_SAR,TANKER')).ships;
    expect(sar.length).toBeGreaterThan(0);
    expect(sar.every((s) => ['PILOT_SAR', 'TANKER'].includes(s.harborShipType))).toBe(true);
    const moored = json<ShipPositionsResponse>(await get('/v1/ships/positions?bbox=50,-10,80,40&navigationStatuses=5')).ships;
    expect(moored.length).toBeGreaterThan(0);
    expect(moored.every((s) => s.voyage.navigationStatus === 5)).toBe(true);
    const clustered = json<ShipPositionsResponse>(await get('/v1/ships/positions?bbox=50,-10,80,40&clusteringDegreePrecision=1'));
    expect(clustered.ships).toEqual([]);
    expect(clustered.clusters.reduce((n, c) => n + c.count, 0)).toBe(all.length);
    expect(clustered.clusters.length).toBeLessThan(all.length);
  });

  it('rejects bad parameters with 400 and a missing token with 401', async () => {
    for (const q of ['', 'bbox=1,2,3', 'bbox=61,5,60,6', 'bbox=a,b,c,d', 'bbox=60,5,61,6&maxAge=0', 'bbox=60,5,61,6&harborShipTypes=BOAT', 'bbox=60,5,61,6&navigationStatuses=16', 'bbox=60,5,61,6&clusteringDegreePrecision=-1']) {
      const res = await get(`/v1/ships/positions?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(json(res)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-params', status: 400 }] });
    }
    for (const url of ['/v1/ships/info?mmsi=abc', '/v1/ships/info/search?q=', '/v1/ships/0/positions', '/v1/ships/x/positions']) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    for (const url of ['/v1/ships/positions?bbox=60,5,61,6', `/v1/ships/${RESCUE}/positions`, `/v1/ships/info?mmsi=${RESCUE}`, '/v1/ships/info/search?q=rescue', '/v1/ais/status']) {
      const res = await get(url, {});
      expect(res.statusCode, url).toBe(401);
      expect((await get(url, { authorization: 'Bearer nonsense' })).statusCode, url).toBe(401);
    }
  });

  it('returns a track ending at the live position, and 404 for an unknown ship', async () => {
    await t.app.ais.vessels.persistence.flush();
    const res = await get(`/v1/ships/${RESCUE}/positions?maxAge=60`);
    expect(res.statusCode).toBe(200);
    const track = json<ShipTrackResponse>(res);
    expect(track.mmsi).toBe(RESCUE);
    expect(track.positions.length).toBeGreaterThanOrEqual(1);
    expect(track.positions.at(-1)).toMatchObject({ latitude: expect.closeTo(60.47707, 5), speedOverGround: 11.3 });
    expect((await get('/v1/ships/123456789/positions')).statusCode).toBe(404);
  });

  it('merges AIS and registry data in the ship details', async () => {
    const res = await get(`/v1/ships/info?mmsi=${RESCUE}`);
    expect(json<ShipDetails>(res)).toMatchObject({ mmsi: RESCUE, name: 'RESCUE B KYRKJEBOE', callSign: 'LF4119', length: 12, width: 4, flag: 'NO', owner: null, shipType: 51 });
    // The voyage fields of the positions, predicted ones included (issue 17: predictedEta on ship info too).
    expect(Object.keys(json<ShipDetails>(res).voyage!)).toEqual(expect.arrayContaining(['eta', 'predictedEta', 'destination', 'predictedDestination', 'navigationStatus']));
    // Real Portnet vessel details (Mirva, MMSI 236018000): registry only, no AIS.
    const result = await importRegistryFile(t.ctx.db, '/work/shared/data/portcalls/vessel-details-portnet-2016-12.jsonl');
    expect(result.imported).toBeGreaterThan(0);
    const mirva = json<ShipDetails>(await get('/v1/ships/info?mmsi=236018000'));
    expect(mirva).toMatchObject({ mmsi: 236018000, imo: 8411621, name: 'Mirva', flag: 'GI', buildYear: null, voyage: null });
    expect(mirva.capacityGt).toBeGreaterThan(0);
    expect((await get('/v1/ships/info?mmsi=123456789')).statusCode).toBe(404);
  });

  it('searches by name, MMSI, IMO and call sign', async () => {
    const search = async (q: string) => json<ShipSearchResponse>(await get(`/v1/ships/info/search?q=${encodeURIComponent(q)}`)).results;
    expect((await search('kyrkje'))[0]).toEqual({ name: 'RESCUE B KYRKJEBOE', mmsi: RESCUE, shipType: 51, length: 12, width: 4, flag: 'NO' });
    expect((await search(String(RESCUE)))[0]!.mmsi).toBe(RESCUE);
    expect((await search('LF4119'))[0]!.mmsi).toBe(RESCUE);
    expect((await search('7712913'))[0]!.name).toBe('SEIVAAG');
    expect(await search('no such ship here')).toEqual([]);
  });

  it('pages through more than 20 matches with offset and limit, and says how many there are', async () => {
    const page = async (qs: string) => json<ShipSearchResponse>(await get(`/v1/ships/info/search?q=2&${qs}`));
    const first = await page('');
    expect(first.results).toHaveLength(20);
    expect(first.total).toBeGreaterThan(40);
    const all = await page('limit=100');
    expect(all.total).toBe(first.total);
    const second = await page('offset=20&limit=20');
    expect(second.results.map((r) => r.mmsi)).toEqual(all.results.slice(20, 40).map((r) => r.mmsi));
    expect(second.results.some((r) => first.results.some((f) => f.mmsi === r.mmsi))).toBe(false);
    expect((await get('/v1/ships/info/search?q=2&limit=101')).statusCode).toBe(400);
    expect((await get('/v1/ships/info/search?q=2&offset=-1')).statusCode).toBe(400);
  });
});
