import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { chooseMapStyle, mapEval } from './map.ts';
import { signIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('map-links');

const view = (page: Page) => mapEval<{ lat: number; lon: number; zoom: number }>(page, '(m) => ({ lat: m.getCenter().lat, lon: m.getCenter().lng, zoom: m.getZoom() })');
const query = (page: Page) => new URL(page.url()).searchParams;
const markers = (page: Page) => mapEval<number>(page, "(m) => m.getLayer('ship-markers')?.implementation.buffer.count ?? 0");

describe('map links and ship filter', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ env: { AIS_SOURCE: 'simulator?ships=600&seed=7', AIS_PERSIST: 'false' } });
  });

  afterAll(async () => harness?.close());

  for (const language of ['en', 'fi'] as const) {
    const text =
      language === 'en'
        ? { filter: 'Filter ships', panel: 'Show ships', showAll: 'Show all', search: 'Search ships and ports' }
        : { filter: 'Suodata aluksia', panel: 'Näytä alukset', showAll: 'Näytä kaikki', search: 'Hae aluksia ja satamia' };

    it(`opens a port link at its zoom, keeps the view in the URL, restores it on reload and Back (${language})`, async () => {
      const page = await signIn(harness, 'buyer@harbor.test', language);
      await page.goto('/map?port=FIVSS&z=13');
      const portCard = page.getByTestId('port-card');
      await portCard.getByText('FIVSS', { exact: true }).first().waitFor({ timeout: 20_000 });
      await expect.poll(async () => (await view(page)).zoom, { timeout: 15_000 }).toBeCloseTo(13, 1);
      // The move ended: the URL holds the view beside the port.
      await expect.poll(() => query(page).get('lat'), { timeout: 10_000 }).not.toBeNull();
      expect(query(page).get('port')).toBe('FIVSS');
      const before = await view(page);
      await screenshot(page, `port-${language}`);

      // A pan replaces the URL's view (no new history entry).
      await mapEval(page, '(m) => m.jumpTo({ center: [m.getCenter().lng + 0.02, m.getCenter().lat] })');
      await expect.poll(() => Number(query(page).get('lon')), { timeout: 5000 }).toBeCloseTo(before.lon + 0.02, 3);
      const link = page.url();

      // The link opens the same picture.
      await page.goto(link);
      await portCard.getByText('FIVSS', { exact: true }).first().waitFor({ timeout: 20_000 });
      await page.waitForTimeout(500);
      const after = await view(page);
      expect(after.zoom).toBeCloseTo(before.zoom, 1);
      expect(after.lon).toBeCloseTo(before.lon + 0.02, 3);
      expect(after.lat).toBeCloseTo(before.lat, 3);

      // Selecting a ship is a history entry; Back returns to the port.
      const mmsi = await page.evaluate(async () => {
        const token = ((await (await fetch('/api/auth/harbor/token', { credentials: 'include' })).json()) as { access_token: string }).access_token;
        const res = await fetch('/v1/ships/positions?bbox=59,19,61.5,28', { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { ships: { mmsi: number }[] }).ships[0]!.mmsi;
      });
      const search = page.getByRole('textbox', { name: text.search });
      await search.fill(String(mmsi));
      await page.getByTestId('search-results').getByRole('button', { name: new RegExp(String(mmsi)) }).click();
      await page.getByTestId('ship-card').waitFor();
      await expect.poll(() => query(page).get('mmsi')).toBe(String(mmsi));
      expect(query(page).get('port')).toBeNull();
      await page.goBack();
      await portCard.getByText('FIVSS', { exact: true }).first().waitFor({ timeout: 10_000 });
      expect(query(page).get('port')).toBe('FIVSS');
      await page.getByTestId('ship-card').waitFor({ state: 'hidden' });
      await page.goForward();
      await page.getByTestId('ship-card').waitFor({ timeout: 10_000 });
      expect(query(page).get('mmsi')).toBe(String(mmsi));
      await page.close();
    }, 120_000);

    it(`filters the map's ships by category and remembers the choice (${language})`, async () => {
      const page = await signIn(harness, 'buyer@harbor.test', language);
      await page.goto('/map?lat=60.45&lon=22.29&z=10');
      await page.locator('.maplibregl-canvas').waitFor();
      await expect.poll(() => markers(page), { timeout: 30_000 }).toBeGreaterThan(10);
      const all = await markers(page);
      await page.getByRole('button', { name: text.filter }).click();
      const panel = page.getByRole('region', { name: text.panel });
      await panel.waitFor();
      // Leave only passenger ships.
      for (const box of await panel.locator('input[data-testid^="filter-type-"]').all()) {
        if ((await box.getAttribute('data-testid')) !== 'filter-type-PASSENGER') await box.click();
      }
      await expect.poll(() => markers(page), { timeout: 15_000 }).toBeLessThan(all);
      const some = await markers(page);
      await screenshot(page, `filter-${language}`);

      // Remembered for this user: a reload keeps the filter.
      await page.reload();
      await page.getByRole('button', { name: text.filter }).click();
      await expect.poll(() => panel.locator('input[data-testid="filter-type-TANKER"]').isChecked(), { timeout: 10_000 }).toBe(false);
      expect(await panel.locator('input[data-testid="filter-type-PASSENGER"]').isChecked()).toBe(true);
      // The stored choice is per user: it applies once the signed-in user is known, so
      // the first frames after the reload may still draw every ship.
      await expect.poll(async () => { const n = await markers(page); return n > 0 && n <= some + 5; }, { timeout: 30_000 }).toBe(true);
      await panel.getByRole('button', { name: text.showAll }).click();
      await expect.poll(() => markers(page), { timeout: 15_000 }).toBeGreaterThan(some);

      // Seachart with no chart tile service: our own coastline and fairways in chart colours, offline.
      if (language === 'en') {
        await chooseMapStyle(page, 'Seachart');
        await expect.poll(() => mapEval<string>(page, '(m) => m.getStyle().name'), { timeout: 15_000 }).toBe('harbor-seachart-offline');
        expect(await mapEval<string>(page, "(m) => m.getPaintProperty('land', 'fill-color')")).toBe('#f3e3b3');
        await page.waitForTimeout(1500);
        await screenshot(page, 'seachart-offline');
        // Back to Default: the served colours again (no chart transform left behind).
        await chooseMapStyle(page, 'Default (sea)');
        await expect.poll(() => mapEval<string>(page, "(m) => m.getPaintProperty('land', 'fill-color')"), { timeout: 15_000 }).not.toBe('#f3e3b3');
      }
      await page.close();
    }, 120_000);
  }
});
