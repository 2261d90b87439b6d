import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BASE_MAP_PALETTES } from '@harbor/contracts';
import { screenshotter } from './browser.ts';
import { mapEval, near, pixelAt, rgb, waitForMapLoaded } from './map.ts';
import { signIn, startHarness, type Harness } from './harness.ts';

const screenshot = screenshotter('base-map');

type Point = [name: string, lon: number, lat: number];

/**
 * Truth from the GSHHG full-resolution source itself (point in polygon on
 * shared/data/geo/coastline/gshhg-full-land-baltic.geojson), each point 170-1600 m
 * from the nearest shore so a pixel cannot straddle it.
 */
const VIEWS: { name: string; center: [number, number]; zoom: number; land: Point[]; water: Point[] }[] = [
  {
    name: 'vuosaari-z13',
    center: [25.22, 60.207],
    zoom: 13,
    land: [
      ['island east of the harbour', 25.2325, 60.2148],
      ['island east of the harbour (east end)', 25.24, 60.2148],
      ['Vuosaari mainland', 25.18, 60.2122],
    ],
    water: [
      ['harbour basin', 25.21, 60.2096],
      ['harbour basin, west', 25.2025, 60.2122],
      ['fairway off the harbour', 25.225, 60.1992],
      ['sea south of the harbour', 25.21, 60.1966],
    ],
  },
  {
    name: 'turku-z12',
    center: [22.2, 60.425],
    zoom: 12,
    land: [
      ['Ruissalo', 22.205, 60.4132],
      ['Hirvensalo', 22.25, 60.4076],
      ['Turku mainland', 22.265, 60.4356],
    ],
    water: [
      ['Airisto side of Ruissalo', 22.13, 60.4076],
      ['strait north of Ruissalo', 22.175, 60.4412],
      ['bay west of Ruissalo', 22.145, 60.4356],
    ],
  },
];

describe('base map from the server tiles', () => {
  let harness: Harness;
  let page: Page;
  beforeAll(async () => {
    harness = await startHarness({ env: { AIS_SOURCE: 'none' } });
    page = await signIn(harness, 'buyer@harbor.test');
    await page.evaluate(() => {
      localStorage.setItem('harbor.map.theme', 'light');
      localStorage.setItem('harbor.map.style', 'sea');
    });
    await page.goto('/map');
    await page.locator('.maplibregl-canvas').waitFor();
    await waitForMapLoaded(page);
  }, 180_000);
  afterAll(async () => harness?.close());

  it('draws GSHHG land and water where the truth says, with the attribution', async () => {
    const light = BASE_MAP_PALETTES.light;
    const attribution = await page.locator('.maplibregl-ctrl-attrib').textContent();
    expect(attribution).toContain('GSHHG');
    expect(attribution).toContain('OpenStreetMap contributors');
    expect(attribution).toContain('Natural Earth');
    const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
    const misses: string[] = [];
    for (const view of VIEWS) {
      await mapEval(page, `(m) => new Promise((r) => { m.once('idle', r); m.jumpTo({ center: [${view.center[0]}, ${view.center[1]}], zoom: ${view.zoom} }); })`);
      await screenshot(page, view.name);
      // Only the base map answers for the pixels: ports, zones, fairway lines and ships are other tests' business.
      await mapEval(page, `(m) => new Promise((r) => { m.once('idle', r); for (const l of m.getStyle().layers) if (!['water', 'land', 'lakes', 'coastline'].includes(l.id)) m.setLayoutProperty(l.id, 'visibility', 'none'); m.triggerRepaint(); })`);
      for (const [kind, points, colour] of [['land', view.land, light.land], ['water', view.water, light.water]] as const) {
        for (const [name, lon, lat] of points) {
          const p = await mapEval<{ x: number; y: number }>(page, `(m) => m.project([${lon}, ${lat}])`);
          const got = await pixelAt(page, box.x + p.x, box.y + p.y);
          if (!near(got, rgb(colour), 12)) misses.push(`${view.name}: ${name} (${lon}, ${lat}) should be ${kind} ${colour}, pixel is rgb(${got.join(',')})`);
        }
      }
      await mapEval(page, `(m) => { for (const l of m.getStyle().layers) m.setLayoutProperty(l.id, 'visibility', 'visible'); }`);
    }
    expect(misses).toEqual([]);
  }, 180_000);
});
