import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrajectoryResponse } from '@harbor/contracts';
import { vesselPositions } from '../../db/schema.ts';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';
import { seedZoneFeatures } from '../zones/index.ts';
import type { LandIndex } from './land-index.ts';
import { landCrossings } from './test-helpers.ts';
import { Coastline } from '../ais/simulator/coastline.ts';
import { loadShippedLand } from './land-source.ts';
import { distanceKm } from './sea-graph.ts';

/** The ports routed to, upserted as an import would (UN/LOCODE coordinates): the test does not depend on the shipped port set. */
const EXTRA_PORTS = [
  { locode: 'FITKU', name: 'Turku', lon: 22.28333, lat: 60.45 },
  { locode: 'SESTO', name: 'Stockholm', lon: 18.05, lat: 59.33333 },
  { locode: 'EETLL', name: 'Tallinn', lon: 24.73333, lat: 59.43333 },
];
const PORTS: Record<string, [number, number]> = { FITKU: [60.45, 22.28333], SESTO: [59.33333, 18.05], EETLL: [59.43333, 24.73333] };
/**
 * How far from the UN/LOCODE point (in town) the route may end. Turku and
 * Tallinn have known lanes to the harbour. Stockholm has none: the port's local
 * 450 m grid takes the route into the archipelago, and it ends at the water
 * nearest the port that grid reaches, until a ship's track there is learned.
 */
const END_WITHIN_KM: Record<string, number> = { FITKU: 10, SESTO: 20, EETLL: 10 };
/** Open water south of Helsinki, off Harmaja. */
const OFF_HELSINKI: [number, number] = [60.08, 24.95];

/** A learned lane: a ship's detour east of the direct line from off Porvoo to Tallinn (south, then south-west). */
const LANE_START: [number, number] = [59.95, 25.9];
const LANE_BEND: [number, number] = [59.75, 25.8];

describe('trajectory API', () => {
  let t: TestApp;
  let land: LandIndex;
  /** Full-resolution GSHHG (shared test data, as the simulator's test): a check the product's own land model cannot fake. */
  let fullCoast: Coastline;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = { authorization: `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}` };
    await seedZoneFeatures(
      t.ctx.db,
      EXTRA_PORTS.map((p) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [p.lon, p.lat] }, properties: { type: 'port', locode: p.locode, name: p.name } })),
    );
    // A ship's track two hours ago, one report every 2 minutes at 12 kn: the lanes are learned from it.
    const rows = [];
    const t0 = Date.now() - 2 * 3_600_000;
    const legs: [number, number][] = [LANE_START, LANE_BEND, PORTS.EETLL!];
    let minute = 0;
    for (let l = 0; l + 1 < legs.length; l++) {
      const [a, b] = [legs[l]!, legs[l + 1]!];
      const steps = Math.ceil(distanceKm(a[0], a[1], b[0], b[1]) / 0.74);
      for (let s = 0; s < steps; s++, minute += 2) {
        const f = s / steps;
        rows.push({ mmsi: 230_000_001, at: new Date(t0 + minute * 60_000), lat: a[0] + (b[0] - a[0]) * f, lon: a[1] + (b[1] - a[1]) * f, sog: 12, cog: null, heading: null, navStatus: 0 });
      }
    }
    await t.ctx.db.insert(vesselPositions).values(rows);
    land = loadShippedLand();
    fullCoast = new Coastline();
  }, 180_000);
  afterAll(() => t.close());

  const get = (url: string, auth = true) => t.app.inject({ method: 'GET', url, headers: auth ? headers : {} });
  const route = (res: { body: string }) => json<TrajectoryResponse>(res as never).trajectory.map((p) => p.coordinate);

  it('is in the OpenAPI document', async () => {
    const doc = json<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    const op = doc.paths['/v1/trajectory/{destination}/{position}']?.get;
    expect(op?.parameters?.map((p) => p.name).sort()).toEqual(['destination', 'mmsi', 'position', 'smooth_trajectory']);
  });

  it('requires a bearer token', async () => {
    const res = await get(`/v1/trajectory/FITKU/${OFF_HELSINKI.join(',')}`, false);
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 for a malformed destination, position or smoothing', async () => {
    for (const url of ['/v1/trajectory/TURKU1/60,24', '/v1/trajectory/FITKU/60;24', '/v1/trajectory/FITKU/95,24', '/v1/trajectory/FITKU/60,24?smooth_trajectory=9', '/v1/trajectory/FITKU/60,24?mmsi=abc']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(json(res)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-params', status: 400 }] });
    }
  });

  it('answers not-found for a port the product does not know', async () => {
    const res = await get(`/v1/trajectory/FIXXX/${OFF_HELSINKI.join(',')}`);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ apiErrors: [{ code: 'not-found', status: 404, meta: { destination: 'FIXXX' } }] });
  });

  it.each(Object.keys(PORTS))('routes from off Helsinki to %s over water only, from the position to the port', { timeout: 120_000 }, async (code) => {
    const res = await get(`/v1/trajectory/${code}/${OFF_HELSINKI.join(',')}?mmsi=230000002&smooth_trajectory=5`);
    expect(res.statusCode, res.body).toBe(200);
    const r = route(res);
    expect(r.length).toBeGreaterThan(2);
    expect(r[0]).toEqual(OFF_HELSINKI);
    const port = PORTS[code]!;
    // UN/LOCODE points lie in town: the route ends at the water nearest to them.
    expect(distanceKm(r.at(-1)![0], r.at(-1)![1], port[0], port[1])).toBeLessThan(END_WITHIN_KM[code]!);
    expect(landCrossings(land, r)).toEqual([]);
    expect(r.slice(1).filter(([lat, lon], i) => fullCoast.crosses(r[i]![0], r[i]![1], lat, lon))).toEqual([]);
    // A sea route, not a wander: at most twice the great-circle distance.
    let km = 0;
    for (let i = 0; i + 1 < r.length; i++) km += distanceKm(r[i]![0], r[i]![1], r[i + 1]![0], r[i + 1]![1]);
    expect(km).toBeLessThan(2.2 * distanceKm(OFF_HELSINKI[0], OFF_HELSINKI[1], port[0], port[1]) + 30);
  });

  it('takes the URN form of the destination and follows the lane a ship was seen to sail', async () => {
    const res = await get(`/v1/trajectory/${encodeURIComponent('urn:harbor:port:EETLL')}/${LANE_START.join(',')}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = route(res);
    expect(landCrossings(land, r)).toEqual([]);
    // The direct line passes about 20 km west of the bend; the learned lane goes through it.
    const nearest = Math.min(...r.map(([lat, lon]) => distanceKm(lat, lon, LANE_BEND[0], LANE_BEND[1])));
    expect(nearest).toBeLessThan(2);
  });

  it('smooths without leaving the water and keeps both ends', async () => {
    const base = `/v1/trajectory/FITKU/${OFF_HELSINKI.join(',')}`;
    const rough = route(await get(base));
    const smooth = route(await get(`${base}?smooth_trajectory=5`));
    expect(smooth.length).toBeGreaterThan(rough.length);
    expect(smooth[0]).toEqual(rough[0]);
    expect(smooth.at(-1)).toEqual(rough.at(-1));
    expect(landCrossings(land, smooth)).toEqual([]);
  });
});
