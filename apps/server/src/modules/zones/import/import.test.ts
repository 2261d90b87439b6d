import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortFeature, ZoneFeatureCollection } from '@harbor/contracts';
import { createTestApp, json, signIn, type TestApp } from '../../../test/harness.ts';
import { importFile } from '../index.ts';
import { csvRecords } from './csv-stream.ts';
import { geojsonFeatures } from './geojson-stream.ts';

/** The real shared files, read in place (never copied into the repository). */
const GEO = path.resolve(import.meta.dirname, '../../../../../../../shared/data/geo');

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}
/** Feeds text in tiny chunks, so every parser state meets a chunk boundary. */
const chunked = (s: string, n = 3) => Readable.from(Array.from({ length: Math.ceil(s.length / n) }, (_, i) => s.slice(i * n, i * n + n)));

describe('streaming parsers', () => {
  it('parses CSV across chunk boundaries', async () => {
    const text = 'a,b,c\r\n1,"x, ""y""",3\n\n"multi\nline",,z\n4,5';
    expect(await collect(csvRecords(chunked(text)))).toEqual([
      { a: '1', b: 'x, "y"', c: '3' },
      { a: 'multi\nline', b: '', c: 'z' },
      { a: '4', b: '5', c: '' },
    ]);
  });

  it('yields features one by one', async () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      name: 'a [tricky] {name}',
      features: [
        { type: 'Feature', properties: { name: 'q"}]' }, geometry: null },
        { type: 'Feature', properties: { features: [1] }, geometry: { type: 'Point', coordinates: [1, 2] } },
      ],
    });
    const out = await collect(geojsonFeatures(chunked(text, 5)));
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ properties: { name: 'q"}]' } });
    await expect(collect(geojsonFeatures(chunked(text.slice(0, 60))))).rejects.toThrow(/ends early/);
  });
});

describe('imports of the real shared files', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = { authorization: `Bearer ${(await signIn(t.app, 'buyer@harbor.test')).access_token}` };
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

  it('imports UN/LOCODE ports (port function only)', async () => {
    const progress: number[] = [];
    const first = await importFile(t.ctx.db, 'ports', path.join(GEO, 'unlocode.csv'), { onProgress: (b) => progress.push(b) });
    // 17,051 rows with the port function; bilingual places merged, reference entries left out.
    expect(first.read).toBeGreaterThan(16_500);
    expect(first.read).toBeLessThan(17_051);
    // The 22 curated demo ports outrank UN/LOCODE and are kept.
    expect(first.skipped).toBe(22);
    expect(progress.at(-1)).toBeGreaterThan(13_000_000);

    const rotterdam = json<PortFeature>(await get('/v1/ports/NLRTM'));
    expect(rotterdam.properties).toMatchObject({ name: 'Rotterdam', timezone: 'Europe/Amsterdam' });
    expect(rotterdam.properties.meta.function).toMatch(/^1/);
    // Time zone from country and longitude (UN/LOCODE has none): Kaliningrad is not Moscow time.
    expect(json<PortFeature>(await get('/v1/ports/RUKGD')).properties).toMatchObject({ timezone: 'Europe/Kaliningrad', offset: 2 });
    // No port function: not imported.
    expect((await get('/v1/ports/ADALV')).statusCode).toBe(404);
    // A curated demo port keeps its name.
    expect(json<PortFeature>(await get('/v1/ports/FIHEL')).properties.name).toBe('Helsinki');
    const search = json<ZoneFeatureCollection>(await get('/v1/zones/search?q=helsingfors&type=port'));
    expect(search.features.map((f) => f.id)).toContain('port:FIHEL');
  });

  it('imports national single-window locations without overwriting UN/LOCODE names', async () => {
    const stats = await importFile(t.ctx.db, 'ssn', path.join(GEO, 'digitraffic-ssn-locations.csv'));
    expect(stats.read).toBe(19_243);
    expect(stats.imported).toBeGreaterThan(2_000);
    const savitaipale = json<PortFeature>(await get('/v1/ports/FISPE'));
    expect(savitaipale.properties).toMatchObject({ name: 'Savitaipale', timezone: 'Europe/Helsinki', meta: { country: 'Finland' } });
    expect(json<PortFeature>(await get('/v1/ports/NLRTM')).properties.name).toBe('Rotterdam');
  });

  it('imports zone GeoJSON: DVK quays and harbours as berths and port areas', async () => {
    const file = path.join(GEO, 'fi-harbours-quays-dvk.geojson');
    const stats = await importFile(t.ctx.db, 'zones', file);
    expect(stats.read).toBe(294);
    expect(stats.imported).toBeGreaterThan(150);
    const again = await importFile(t.ctx.db, 'zones', file);
    expect(again).toEqual(stats);
    const view = json<ZoneFeatureCollection>(await get('/v1/zones/bbox?north=60.23&east=25.21&south=60.2&west=25.17'));
    // DVK quays name no port (only harbours do): imported without a locode.
    const quays = view.features.filter((f) => f.id.startsWith('berth:-:'));
    expect(quays.length).toBeGreaterThan(5);
    expect(quays[0]!.geometry!.type).toBe('Point');
  });

  it('imports ports from GeoJSON with their IANA zone', async () => {
    const stats = await importFile(t.ctx.db, 'zones', path.join(GEO, 'ports-baltic-unlocode.geojson'));
    expect(stats.read).toBe(1_329);
    const gothenburg = json<PortFeature>(await get('/v1/ports/SEGOT'));
    expect(gothenburg.properties).toMatchObject({ timezone: 'Europe/Stockholm', name: 'Göteborg' });
  });
});
