import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcOffsetHours, type PortFeature, type ZoneFeatureCollection } from '@harbor/contracts';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';
import { containsPoint } from './geometry.ts';
import { gshhgCoast, samplePoints } from './port-data/testing.ts';

describe('zones and ports API', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({}, { ssnPorts: true });
    headers = { authorization: `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}` };
    // The SafeSeaNet ports take seconds more than other suites' set-up on a loaded machine.
  }, 180_000);
  afterAll(() => t.close());

  const get = (url: string, auth = true) => t.app.inject({ method: 'GET', url, headers: auth ? headers : {} });
  const finland = '/v1/zones/bbox?north=70.1&east=31.6&south=59.5&west=19';

  it('requires a bearer token', async () => {
    for (const url of [finland, '/v1/zones/search?q=vuo', '/v1/ports/FIVSS']) {
      const res = await get(url, false);
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ apiErrors: [{ code: 'unauthorized', status: 401, meta: {} }] });
    }
  });

  it('answers 400 for bad parameters', async () => {
    for (const url of [
      '/v1/zones/bbox?north=70&east=31&south=59',
      '/v1/zones/bbox?north=59&east=31&south=70&west=19',
      '/v1/zones/bbox?north=95&east=31&south=59&west=19',
      '/v1/zones/search',
      '/v1/zones/search?q=vuo&type=harbour',
      '/v1/ports/FI',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(json(res)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-params', status: 400 }] });
    }
  });

  it('serves the demo ports and zones of a Finland-sized view', async () => {
    const res = await get(finland);
    expect(res.statusCode).toBe(200);
    const fc = json<ZoneFeatureCollection>(res);
    expect(fc.type).toBe('FeatureCollection');
    const types = new Set(fc.features.map((f) => f.properties.type));
    expect([...types].sort()).toEqual(['anchorage', 'berth', 'port', 'portarea']);
    const vuosaari = fc.features.find((f) => f.id === 'port:FIVSS') as PortFeature;
    expect(vuosaari.properties).toMatchObject({ type: 'port', locode: 'FIVSS', name: 'Vuosaari', timezone: 'Europe/Helsinki' });
    expect(vuosaari.properties.offset).toBe(utcOffsetHours('Europe/Helsinki'));
    expect(vuosaari.geometry).toEqual({ type: 'Point', coordinates: [25.18333, 60.21667] });
    // Berths are the DVK quay points, with the quay's length and depth.
    const quayE = fc.features.find((f) => f.id === 'berth:FIVSS-berth-vuosaari-5')!;
    expect(quayE.geometry).toEqual({ type: 'Point', coordinates: [25.19358, 60.21486] });
    expect(quayE.properties).toMatchObject({
      type: 'berth',
      name: 'Quay E',
      berthStatusIncoming: true,
      meta: { lengthM: '750', depthM: '12.5–14.3', depthDatum: 'MW', source: 'DVK', portAreaCode: 'VUOS', nameFi: 'E laituri' },
    });
    const berths = fc.features.filter((f) => f.properties.type === 'berth' && f.properties.locode === 'FIVSS');
    expect(berths).toHaveLength(11);
    expect(berths.every((b) => b.geometry!.type === 'Point' && Number(b.properties.meta.lengthM) > 100)).toBe(true);
    // No drawn circles left: every outline says how it was derived.
    const outlines = fc.features.filter((f) => f.geometry && /Polygon/.test(f.geometry.type));
    expect(outlines.length).toBeGreaterThan(150);
    for (const f of outlines) {
      expect(['points-water', 'points', 'open-water'], String(f.id)).toContain(f.properties.meta.derived);
      expect(f.properties.meta.approximate).toBeUndefined();
      expect(f.properties.meta.radiusM).toBeUndefined();
    }
  });

  it('serves the Vuosaari harbour area from the Portnet area point and the DVK quays, in water', async () => {
    const fc = json<ZoneFeatureCollection>(await get('/v1/zones/bbox?north=60.25&east=25.3&south=60.18&west=25.1'));
    const vuos = fc.features.find((f) => f.id === 'portarea:FIVSS-area-VUOS')!;
    expect(vuos.properties).toMatchObject({
      type: 'portarea',
      name: 'Vuosaaren satama',
      meta: { portAreaCode: 'VUOS', derived: 'points-water', source: 'Portnet, DVK', quays: '11' },
    });
    expect(vuos.properties.meta.berths).toContain('VC1');
    expect(['Polygon', 'MultiPolygon']).toContain(vuos.geometry!.type);
    // The Portnet point (25.19392, 60.21502) and Quay E lie inside the outline.
    expect(containsPoint(vuos.geometry!, 25.19392, 60.21502)).toBe(true);
    expect(containsPoint(vuos.geometry!, 25.19358, 60.21486)).toBe(true);
    const coast = gshhgCoast();
    const derived = fc.features.filter((f) => f.properties.meta.derived === 'points-water' || f.properties.meta.derived === 'open-water');
    expect(derived.map((f) => f.id)).toEqual(expect.arrayContaining(['portarea:FIVSS-port-area', 'anchorage:FIVSS-anchorage']));
    for (const f of derived) {
      const inside = samplePoints(f.geometry!);
      expect(inside.length, String(f.id)).toBeGreaterThan(10);
      const onLand = inside.filter((p) => !coast.isWater(p));
      expect(onLand, String(f.id)).toEqual([]);
    }
  });

  it('keeps features outside the view out', async () => {
    // Around Vuosaari only: no Turku, no Oulu.
    const fc = json<ZoneFeatureCollection>(await get('/v1/zones/bbox?north=60.25&east=25.3&south=60.18&west=25.1'));
    const ports = fc.features.filter((f) => f.properties.type === 'port').map((f) => f.properties.locode);
    expect(ports).toEqual(['FIVSS']);
    expect(fc.features.every((f) => f.properties.locode === 'FIVSS' || f.properties.locode === 'FIHEL')).toBe(true);
  });

  it('searches by name or locode', async () => {
    const byName = json<ZoneFeatureCollection>(await get('/v1/zones/search?q=vuosaari&type=port'));
    expect(byName.features.map((f) => f.id)).toEqual(['port:FIVSS']);
    const bySwedish = json<ZoneFeatureCollection>(await get('/v1/zones/search?q=%C3%A5bo&type=port'));
    expect(bySwedish.features.map((f) => f.id)).toContain('port:FITKU');
    const byCode = json<ZoneFeatureCollection>(await get('/v1/zones/search?q=fitku'));
    expect(byCode.features[0]!.id).toBe('port:FITKU');
    const anything = json<ZoneFeatureCollection>(await get('/v1/zones/search?q=anchorage'));
    // The shipped anchorages, and SafeSeaNet places named so (Ormoysand anchorage).
    expect(anything.features.filter((f) => f.properties.type === 'anchorage').length).toBeGreaterThan(10);
    expect(anything.features.every((f) => f.properties.type === 'anchorage' || f.properties.type === 'port')).toBe(true);
    const none = json<ZoneFeatureCollection>(await get('/v1/zones/search?q=%25'));
    expect(none.features).toEqual([]);
  });

  it('knows the shipped SafeSeaNet locations as ports, below the curated ones', async () => {
    const tallinn = json<PortFeature>(await get('/v1/ports/EETLL'));
    expect(tallinn.properties).toMatchObject({ locode: 'EETLL', meta: { country: 'Estonia' } });
    expect(tallinn.geometry!.type).toBe('Point');
    // A port with only Portnet areas and DVK quays (Kalajoki) has its port point from SafeSeaNet.
    const kalajoki = json<ZoneFeatureCollection>(await get('/v1/zones/bbox?north=64.3&east=23.8&south=64.15&west=23.6'));
    expect(kalajoki.features.some((f) => f.id === 'port:FIKJO')).toBe(true);
    expect(kalajoki.features.filter((f) => f.properties.type === 'berth' && f.properties.locode === 'FIKJO').length).toBeGreaterThan(0);
    // The curated name wins over SafeSeaNet's ASCII one.
    expect(json<PortFeature>(await get('/v1/ports/FIVSS')).properties.name).toBe('Vuosaari');
  });

  it('gives one port by locode, 404 when unknown', async () => {
    const res = await get('/v1/ports/fimhq');
    expect(res.statusCode).toBe(200);
    expect(json<PortFeature>(res).properties).toMatchObject({ locode: 'FIMHQ', name: 'Mariehamn', timezone: 'Europe/Mariehamn' });
    const missing = await get('/v1/ports/ZZZZZ');
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toMatchObject({ apiErrors: [{ code: 'not-found', status: 404, meta: { locode: 'ZZZZZ' } }] });
  });
});
