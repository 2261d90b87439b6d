import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureCollection, LineString } from 'geojson';
import type { GeoJSONSource, Map as MlMap } from 'maplibre-gl';
import type { Page } from 'playwright-core';
import type { ShipPosition, ShipPositionsResponse } from '@harbor/contracts';
import { screenshotter } from './browser.ts';
import { signIn, startHarness, type Harness } from './harness.ts';

const screenshot = screenshotter('predicted-route');

/** Simulated traffic between the Finnish ports: reported destinations are UN/LOCODEs such as FITKU. */
const AIS_SOURCE = 'simulator?ships=400&seed=7';
const PREDICTION_AGE_MIN = 5;

/**
 * The eta module fills voyage.predictedEta, predictedDestination and
 * predictedAt on the positions; until it is in, the browser adds them to the
 * positions answer, so the card and the route are tested on the shape the
 * contracts fix. The stream is refused so that the map polls that answer.
 */
async function withPredictions(page: Page, predictedDestination: (ship: ShipPosition) => string | null) {
  await page.routeWebSocket(/\/v1\/ships\/stream/, (ws) => ws.close());
  await page.route(/\/v1\/ships\/positions\?/, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as ShipPositionsResponse;
    const now = Date.now();
    for (const s of body.ships) {
      const to = predictedDestination(s);
      if (!to) continue;
      s.voyage.predictedDestination = `urn:harbor:port:${to}`;
      s.voyage.predictedEta = new Date(now + 3 * 3_600_000).toISOString();
      s.voyage.predictedAt = new Date(now - PREDICTION_AGE_MIN * 60_000 - 20_000).toISOString();
    }
    await route.fulfill({ response: res, json: body });
  });
}

async function shipsInView(page: Page): Promise<ShipPosition[]> {
  return page.evaluate(async () => {
    const token = ((await (await fetch('/api/auth/harbor/token', { credentials: 'include' })).json()) as { access_token: string }).access_token;
    const res = await fetch('/v1/ships/positions?bbox=59.6,19.5,61.2,27.2', { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as ShipPositionsResponse).ships;
  });
}

/** The predicted-route source's line ([lon, lat] points) and the layer's paint. */
async function routeOnMap(page: Page): Promise<{ coordinates: [number, number][]; dashed: boolean; color: string | null }> {
  return page.evaluate(async () => {
    const el = document.querySelector('[data-testid="map-canvas-container"]') as unknown as { harborMap: MlMap };
    const m = el.harborMap;
    const source = m.getSource('ship-route') as GeoJSONSource | undefined;
    const data = source ? ((await source.getData()) as FeatureCollection<LineString>) : null;
    const dash = m.getLayer('ship-route-line') ? m.getPaintProperty('ship-route-line', 'line-dasharray') : null;
    return {
      coordinates: (data?.features[0]?.geometry.coordinates ?? []) as [number, number][],
      dashed: Array.isArray(dash) && dash.length >= 2,
      color: m.getLayer('ship-route-line') ? String(m.getPaintProperty('ship-route-line', 'line-color')) : null,
    };
  });
}

/** Selects a ship through the search bar (by MMSI: the same in both languages). */
async function selectShip(page: Page, mmsi: number) {
  await page.getByTestId('map-page').getByRole('textbox').first().fill(String(mmsi));
  await page.getByTestId('search-results').getByRole('button', { name: new RegExp(String(mmsi)) }).click();
  await page.getByTestId('ship-card').getByText(`MMSI ${mmsi}`).waitFor({ timeout: 20_000 });
}

const rowValue = (page: Page, label: string) =>
  page.getByTestId('ship-card').locator('dl > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd').textContent();

describe('predicted route and prediction on the ship card', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ env: { AIS_SOURCE: AIS_SOURCE, AIS_PERSIST: 'false' } });
  });

  afterAll(async () => harness?.close());

  for (const lang of ['en', 'fi'] as const) {
    const text =
      lang === 'en'
        ? { predictedEta: 'Predicted ETA', predictedDestination: 'Predicted destination', predictedAt: 'Prediction made', ago: `${PREDICTION_AGE_MIN} min ago`, close: 'Close' }
        : { predictedEta: 'Ennustettu ETA', predictedDestination: 'Ennustettu määränpää', predictedAt: 'Ennuste laadittu', ago: `${PREDICTION_AGE_MIN} min sitten`, close: 'Sulje' };

    it(`draws the dashed route of a selected ship and clears it on close (${lang})`, async () => {
      const page = await signIn(harness, 'buyer@harbor.test', lang);
      // Predicted destination: Helsinki for every ship reporting Turku, so the route shows which one is used.
      await withPredictions(page, (s) => (s.voyage.destination === 'FITKU' ? 'FIHEL' : null));
      await page.goto('/map');
      await page.locator('.maplibregl-canvas').waitFor();

      let target: ShipPosition | undefined;
      await expect
        .poll(async () => (target = (await shipsInView(page)).find((s) => s.voyage.destination === 'FITKU' && (s.speedOverGround ?? 0) > 3)), { timeout: 30_000 })
        .toBeTruthy();
      const trajectory = page.waitForResponse((r) => r.url().includes('/v1/trajectory/FIHEL/') && r.url().includes(`mmsi=${target!.mmsi}`), { timeout: 60_000 });
      await selectShip(page, target!.mmsi);
      expect((await trajectory).status()).toBe(200);

      // The line in the route source: dashed, blue, from the ship towards Helsinki.
      await expect.poll(async () => (await routeOnMap(page)).coordinates.length, { timeout: 20_000 }).toBeGreaterThan(1);
      const drawn = await routeOnMap(page);
      expect(drawn.dashed).toBe(true);
      expect(drawn.color).toMatch(/#1e88e5|rgba\(30, ?136, ?229/i);
      const [lon0, lat0] = drawn.coordinates[0]!;
      expect(Math.abs(lat0 - target!.latitude)).toBeLessThan(0.05);
      expect(Math.abs(lon0 - target!.longitude)).toBeLessThan(0.1);
      const [lonN, latN] = drawn.coordinates.at(-1)!;
      expect(Math.hypot(latN - 60.17, (lonN - 24.94) * 0.5)).toBeLessThan(0.25);

      // The card: our prediction beside the reported values, with its age.
      await expect.poll(() => rowValue(page, text.predictedDestination), { timeout: 15_000 }).toBe('FIHEL');
      expect(await rowValue(page, text.predictedEta)).toMatch(/\d\d:\d\d/);
      expect(await rowValue(page, text.predictedAt)).toBe(text.ago);
      await page.waitForTimeout(1000);
      await screenshot(page, `route-${lang}`);

      await page.getByTestId('ship-card').getByRole('button', { name: text.close }).click();
      await page.getByTestId('ship-card').waitFor({ state: 'hidden' });
      await expect.poll(async () => (await routeOnMap(page)).coordinates.length, { timeout: 5000 }).toBe(0);

      // A failed request draws nothing and says nothing (section 8).
      await page.route(/\/v1\/trajectory\//, (route) => route.fulfill({ status: 404, json: { apiErrors: [{ code: 'not-found', status: 404, meta: {} }] } }));
      const refused = page.waitForResponse((r) => r.url().includes('/v1/trajectory/'), { timeout: 30_000 });
      await selectShip(page, target!.mmsi);
      expect((await refused).status()).toBe(404);
      await page.waitForTimeout(1000);
      expect((await routeOnMap(page)).coordinates).toEqual([]);
      expect(await page.getByTestId('ship-card').getByRole('alert').count()).toBe(0);
    }, 150_000);
  }
});
