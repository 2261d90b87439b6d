import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import GeoJSONVT from 'geojson-vt';
import vtpbf from 'vt-pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fairwayFeatureCollectionSchema } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { importFairwaysFile } from './fairways.ts';
import { writePmtiles } from './pmtiles-writer.ts';
import { decodeTile, isLandAt, lonLatToTile } from './tile-probe.ts';

const FAIRWAYS = path.resolve(import.meta.dirname, '../../../../../../shared/data/geo/fi-fairway-samples-dvk.geojson');

/**
 * Known points, taken from the sources themselves: island interiors 350-700 m from
 * their GSHHG shore (point-in-polygon on gshhg-full-land-baltic.geojson), and
 * midpoints of DVK navigation lines of the Vuosaari fairway (all water in GSHHG).
 */
const ISLANDS: [string, number, number][] = [
  ['Santahamina', 25.04577, 60.14579],
  ['Lauttasaari', 24.86858, 60.15854],
  ['Villinki', 25.11247, 60.15658],
  ['island east of Vuosaari harbour', 25.23783, 60.21551],
  ['island north-east of Vuosaari harbour', 25.23367, 60.22734],
];
const WATER: [string, number, number][] = [
  ['Vuosaari harbour basin (fairway 4927 end)', 25.2137, 60.207],
  ['Vuosaari fairway, inner part', 25.21649, 60.20545],
  ['Vuosaari fairway off Kallahti', 25.21888, 60.18469],
  ['Vuosaari fairway, outer part', 25.16499, 60.07999],
];

async function tileAt(t: TestApp, z: number, lon: number, lat: number, headers: Record<string, string> = { 'accept-encoding': 'gzip, br' }) {
  const { x, y } = lonLatToTile(lon, lat, z);
  const res = await t.app.inject({ method: 'GET', url: `/tiles/base/${z}/${x}/${y}.pbf`, headers });
  return { res, x, y };
}

describe('base map tiles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers a gzipped Mapbox Vector Tile with land, lakes and coastline layers and long cache headers', async () => {
    const { res } = await tileAt(t, 13, 25.19, 60.21);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    const tile = decodeTile(res.rawPayload);
    // vt-pbf leaves out empty layers: this tile has no lake.
    expect(Object.keys(tile.layers).sort()).toEqual(['coastline', 'land']);
    expect(tile.layers.land!.length).toBeGreaterThan(3);
    expect(tile.layers.coastline!.length).toBeGreaterThan(3);
    expect(tile.layers.land!.feature(0).type).toBe(3);
    expect(tile.layers.coastline!.feature(0).type).toBe(2);
    expect(res.headers.etag).toMatch(/^"base-[0-9a-f]{12}"$/);
    // Without the data version in the URL: cacheable, revalidated by ETag.
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('is immutable under the versioned URL the style uses, and answers 304 to a matching ETag', async () => {
    const style = json<{ sources: { base: { tiles: string[] } } }>(await t.app.inject({ method: 'GET', url: '/api/map/styles/default.json' }));
    const template = style.sources.base.tiles[0]!;
    expect(template).toMatch(/^\/tiles\/base\/\{z\}\/\{x\}\/\{y\}\.pbf\?v=[0-9a-f]{12}$/);
    const url = template.replace('{z}', '8').replace('{x}', '145').replace('{y}', '74');
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('sends the tile unpacked to a client that does not take gzip', async () => {
    const { res } = await tileAt(t, 10, 25.19, 60.21, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(decodeTile(res.rawPayload, false).layers.land!.length).toBeGreaterThan(0);
  });

  it('shows the islands and the harbour basin at Vuosaari at zoom 13 (GSHHG full resolution)', async () => {
    for (const [name, lon, lat] of ISLANDS) {
      const { res, x, y } = await tileAt(t, 13, lon, lat);
      expect(isLandAt(decodeTile(res.rawPayload), 13, x, y, lon, lat), name).toBe(true);
    }
    for (const [name, lon, lat] of WATER) {
      const { res, x, y } = await tileAt(t, 13, lon, lat);
      expect(isLandAt(decodeTile(res.rawPayload), 13, x, y, lon, lat), name).toBe(false);
    }
  });

  it('keeps the islands at zoom 9 and 14 and uses Natural Earth at world zoom', async () => {
    for (const z of [9, 14]) {
      const [name, lon, lat] = ISLANDS[0]!;
      const { res, x, y } = await tileAt(t, z, lon, lat);
      expect(isLandAt(decodeTile(res.rawPayload), z, x, y, lon, lat), `${name} z${z}`).toBe(true);
    }
    // z3 over the Atlantic and Europe: Natural Earth's world land, Iberia is land, the Bay of Biscay is not.
    const spain = await tileAt(t, 3, -4, 42);
    expect(isLandAt(decodeTile(spain.res.rawPayload), 3, spain.x, spain.y, -4, 42)).toBe(true);
    expect(isLandAt(decodeTile(spain.res.rawPayload), 3, spain.x, spain.y, -5, 44.5)).toBe(false);
  });

  it('draws the North Sea and Norwegian coasts from OpenStreetMap land, where Natural Earth 1:10m had none', async () => {
    // Checked on the shipped osm-z9 data (point in polygon): Helgoland's interior is 240 m from its
    // shore and Natural Earth 1:10m has no island there; the Sognefjord point is 1.7 km from either
    // shore and Natural Earth 1:10m draws the fjord as land; Texel is 1 km inland.
    const land: [string, number, number][] = [
      ['Helgoland', 7.886, 54.182],
      ['Texel', 4.8, 53.08],
    ];
    const water: [string, number, number][] = [
      ['Sognefjord off Vangsnes', 6.6, 61.175],
      ['North Sea, Dogger Bank', 2.5, 55.0],
    ];
    for (const z of [8, 12]) {
      for (const [name, lon, lat] of [...land, ...water]) {
        const { res, x, y } = await tileAt(t, z, lon, lat);
        expect(isLandAt(decodeTile(res.rawPayload), z, x, y, lon, lat), `${name} z${z}`).toBe(land.some((l) => l[0] === name));
      }
    }
  });

  it('draws GSHHG lakes as water inside the land (Päijänne at zoom 9)', async () => {
    const [lon, lat] = [25.45, 61.6];
    const { res, x, y } = await tileAt(t, 9, lon, lat);
    const tile = decodeTile(res.rawPayload);
    expect(tile.layers.lakes!.length).toBeGreaterThan(0);
    expect(isLandAt(tile, 9, x, y, lon, lat)).toBe(false);
    expect(isLandAt(tile, 9, x, y, 25.7, 61.5)).toBe(true);
  });

  it('draws the coastline within 20 m of the GSHHG source at zoom 15 (the z14 tile, over-zoomed)', async () => {
    const [, lon, lat] = ISLANDS[3]!;
    const source = JSON.parse(readFileSync(path.join(path.dirname(FAIRWAYS), 'coastline/gshhg-full-land-baltic.geojson'), 'utf8')) as { geometries: { coordinates: [number, number][][] }[] };
    const inRing = (r: [number, number][], x: number, y: number) => {
      let c = false;
      for (let i = 0, j = r.length - 1; i < r.length; j = i++) if (r[i]![1] > y !== r[j]![1] > y && x < ((r[j]![0] - r[i]![0]) * (y - r[i]![1])) / (r[j]![1] - r[i]![1]) + r[i]![0]) c = !c;
      return c;
    };
    const ring = source.geometries.map((g) => g.coordinates[0]!).find((r) => inRing(r, lon, lat))!;
    const z = 14;
    const { res, x, y } = await tileAt(t, z, lon, lat);
    const layer = decodeTile(res.rawPayload).layers.coastline!;
    const n = 2 ** z;
    const toLonLat = (px: number, py: number): [number, number] => [((x + px / 4096) / n) * 360 - 180, (Math.atan(Math.sinh(Math.PI * (1 - (2 * (y + py / 4096)) / n))) * 180) / Math.PI];
    const segments: [number, number, number, number][] = [];
    for (let i = 0; i < layer.length; i++) {
      for (const line of layer.feature(i).loadGeometry()) {
        for (let k = 1; k < line.length; k++) segments.push([...toLonLat(line[k - 1]!.x, line[k - 1]!.y), ...toLonLat(line[k]!.x, line[k]!.y)]);
      }
    }
    const kx = 111_320 * Math.cos((lat * Math.PI) / 180);
    const distM = ([px, py]: [number, number]) => {
      let best = Infinity;
      for (const [ax, ay, bx, by] of segments) {
        const dx = (bx - ax) * kx, dy = (by - ay) * 110_574, qx = (px - ax) * kx, qy = (py - ay) * 110_574;
        const tt = Math.max(0, Math.min(1, (qx * dx + qy * dy) / (dx * dx + dy * dy || 1)));
        best = Math.min(best, Math.hypot(qx - tt * dx, qy - tt * dy));
      }
      return best;
    };
    const onTile = ring.filter(([px, py]) => lonLatToTile(px, py, z).x === x && lonLatToTile(px, py, z).y === y);
    expect(onTile.length).toBeGreaterThan(10);
    const worst = Math.max(...onTile.map(distM));
    expect(worst).toBeLessThan(20);
  });

  it('answers 404 in the apiErrors shape outside the tile grid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tiles/base/3/8/1.pbf' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ apiErrors: [{ code: 'not-found', status: 404 }] });
    expect((await t.app.inject({ method: 'GET', url: '/tiles/base/15/0/0.pbf' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/tiles/base/a/0/0.pbf' })).statusCode).toBe(400);
  });

  it('serves the default style in light and dark with the GSHHG, OpenStreetMap and Natural Earth attribution', async () => {
    for (const theme of ['light', 'dark']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/map/styles/default.json?theme=${theme}` });
      expect(res.statusCode).toBe(200);
      const style = json<{ name: string; sources: Record<string, { attribution?: string }>; layers: { id: string; 'source-layer'?: string }[] }>(res);
      expect(style.name).toBe(`harbor-default-${theme}`);
      expect(style.sources.base!.attribution).toContain('GSHHG</a> (LGPL)');
      expect(style.sources.base!.attribution).toContain('OpenStreetMap</a> contributors (ODbL)');
      expect(style.sources.base!.attribution).toContain('Natural Earth');
      expect(style.layers.filter((l) => l['source-layer']).map((l) => l['source-layer'])).toEqual(['land', 'lakes', 'coastline']);
      expect(style.layers.map((l) => l.id)).toEqual(expect.arrayContaining(['water', 'navigation-lines', 'vts-lines', 'fairway-areas']));
    }
    const light = json<{ layers: { id: string; paint: Record<string, unknown> }[] }>(await t.app.inject({ method: 'GET', url: '/api/map/styles/default.json' }));
    const dark = json<{ layers: { id: string; paint: Record<string, unknown> }[] }>(await t.app.inject({ method: 'GET', url: '/api/map/styles/default.json?theme=dark' }));
    expect(light.layers.find((l) => l.id === 'land')!.paint['fill-color']).not.toEqual(dark.layers.find((l) => l.id === 'land')!.paint['fill-color']);
    // Without BASEMAP_PMTILES there is no Street style and no basemap tiles.
    expect((await t.app.inject({ method: 'GET', url: '/api/map/styles/street.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/tiles/basemap/0/0/0.mvt' })).statusCode).toBe(404);
  });

  it('imports the DVK fairways (idempotently) and serves them as GeoJSON', async () => {
    const first = await importFairwaysFile(t.ctx.db, FAIRWAYS);
    expect(first.imported).toBeGreaterThanOrEqual(30);
    const again = await importFairwaysFile(t.ctx.db, FAIRWAYS);
    expect(again.imported).toBe(first.imported);
    const res = await t.app.inject({ method: 'GET', url: '/api/map/fairways' });
    expect(res.statusCode).toBe(200);
    const fc = fairwayFeatureCollectionSchema.parse(json(res));
    expect(fc.features).toHaveLength(first.imported);
    const kinds = new Set(fc.features.map((f) => f.properties.kind));
    expect(kinds).toEqual(new Set(['fairway-area', 'navigation-line', 'vts-line']));
    const vts = fc.features.filter((f) => f.properties.kind === 'vts-line').map((f) => f.properties.name);
    expect(vts.sort()).toEqual(['Helsinki VTS', 'Kotka VTS']);
    // Sample lines with empty coordinates are skipped, not stored broken.
    expect(fc.features.every((f) => JSON.stringify(f.geometry.coordinates).includes('['))).toBe(true);
    expect(fc.features.filter((f) => f.properties.kind === 'navigation-line')).toHaveLength(12);
  });
});

describe('PMTiles basemap (BASEMAP_PMTILES)', () => {
  let t: TestApp;
  let file: string;
  beforeAll(async () => {
    // A real archive: MVT tiles cut from a small GeoJSON with the Protomaps layer names, written by our PMTiles writer.
    const index = new GeoJSONVT(
      {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { kind: 'ocean' }, geometry: { type: 'Polygon', coordinates: [[[20, 59], [27, 59], [27, 60], [20, 60], [20, 59]]] } },
          { type: 'Feature', properties: { kind: 'major_road' }, geometry: { type: 'LineString', coordinates: [[24.9, 60.17], [25.2, 60.21]] } },
        ],
      },
      { maxZoom: 2, indexMaxZoom: 2 },
    );
    const tiles = [
      { z: 0, x: 0, y: 0 },
      { z: 1, x: 1, y: 0 },
      { z: 2, x: 2, y: 1 },
    ].map(({ z, x, y }) => {
      const tile = index.getTile(z, x, y)!;
      const roads = { features: tile.features.filter((f) => f.type === 2) };
      const water = { features: tile.features.filter((f) => f.type === 3) };
      return { z, x, y, mvt: vtpbf.fromGeojsonVt({ water, roads }, { version: 2 }) };
    });
    file = path.join(mkdtempSync(path.join(os.tmpdir(), 'harbor-pmtiles-')), 'tiny.pmtiles');
    writeFileSync(file, writePmtiles(tiles, { attribution: 'test © OpenStreetMap', vector_layers: [{ id: 'water' }, { id: 'roads' }] }));
    t = await createTestApp({ BASEMAP_PMTILES: file });
  }, 60_000);
  afterAll(async () => t?.close());

  it('serves the archive tiles gzipped, 204 for a tile it lacks', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tiles/basemap/2/2/1.mvt', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const tile = decodeTile(res.rawPayload);
    expect(Object.keys(tile.layers).sort()).toEqual(['roads', 'water']);
    expect(tile.layers.roads!.feature(0).properties.kind).toBe('major_road');
    expect(gunzipSync(res.rawPayload).length).toBeGreaterThan(20);
    expect((await t.app.inject({ method: 'GET', url: '/tiles/basemap/2/0/0.mvt' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/tiles/basemap/5/0/0.mvt' })).statusCode).toBe(204);
  });

  it('serves the Street style from @protomaps/basemaps on the archive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/map/styles/street.json?theme=dark' });
    expect(res.statusCode).toBe(200);
    const style = json<{ sources: { protomaps: { tiles: string[]; maxzoom: number; attribution: string } }; layers: { id: string; source?: string }[] }>(res);
    expect(style.sources.protomaps.tiles).toEqual(['/tiles/basemap/{z}/{x}/{y}.mvt']);
    expect(style.sources.protomaps.maxzoom).toBe(2);
    expect(style.sources.protomaps.attribution).toBe('test © OpenStreetMap');
    expect(style.layers.length).toBeGreaterThan(20);
    expect(style.layers.map((l) => l.id)).toEqual(expect.arrayContaining(['water', 'roads_major']));
  });
});
