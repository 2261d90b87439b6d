import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcOffsetHours, type PortFeature, type ZoneFeatureCollection } from '@harbor/contracts';
import { createTestApp, json, signIn, type TestApp } from '../../test/harness.ts';

describe('zones and ports API', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = { authorization: `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}` };
  });
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
    const berth = fc.features.find((f) => f.properties.type === 'berth' && f.properties.locode === 'FIVSS')!;
    expect(berth.properties).toMatchObject({ berthStatusIncoming: true, meta: { approximate: 'true' } });
    expect(berth.geometry!.type).toBe('Polygon');
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
    expect(anything.features.length).toBeGreaterThan(0);
    expect(anything.features.every((f) => f.properties.type === 'anchorage')).toBe(true);
    const none = json<ZoneFeatureCollection>(await get('/v1/zones/search?q=%25'));
    expect(none.features).toEqual([]);
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
