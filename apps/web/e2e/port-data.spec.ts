import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { mapEval } from './map.ts';
import { signIn, useFinnish, type Harness } from './harness.ts';
import { startHarness } from './harness.ts';

const screenshot = screenshotter('port-data');

/** Names drawn by a layer after the map settles at a view. */
async function drawnNames(page: Page, layer: string, lng: number, lat: number, zoom: number): Promise<string[]> {
  await mapEval(page, `(m) => m.jumpTo({ center: [${lng}, ${lat}], zoom: ${zoom} })`);
  await page.waitForTimeout(1500);
  return mapEval<string[]>(page, `(m) => m.getLayer('${layer}') ? m.queryRenderedFeatures({ layers: ['${layer}'] }).map((f) => f.properties.name) : []`);
}

describe('port data on the map', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ env: { AIS_SOURCE: 'none' } });
  });
  afterAll(() => harness?.close());

  it('shows the port card with readable meta rows and the berths with length and depth, in English and Finnish; berth names from zoom 15', async () => {
    const page = await signIn(harness, 'buyer@harbor.test');
    await page.goto('/map');
    await page.locator('.maplibregl-canvas').waitFor();
    await page.getByRole('textbox', { name: 'Search ships and ports' }).fill('Vuosaari');
    const results = page.getByTestId('search-results');
    await results.getByRole('button', { name: /Vuosaari/ }).first().click();
    const card = page.getByTestId('port-card');
    await card.getByRole('heading', { name: /Vuosaari/ }).waitFor();
    const meta = card.getByTestId('port-meta');
    await meta.getByText('Name in Swedish', { exact: true }).waitFor();
    const metaText = (await meta.textContent()) ?? '';
    expect(metaText).toContain('Nordsjö');
    expect(metaText).toContain('Harbours');
    // Internal keys never show.
    for (const key of ['nameSv', 'harbours', 'portAreas', 'radiusM', 'approximate', 'derived']) expect(metaText).not.toContain(key);
    const berths = card.getByTestId('port-berths');
    await berths.getByText('Quay E', { exact: true }).waitFor();
    expect(await berths.textContent()).toContain('750 m, depth 12.5–14.3 m');
    await card.getByText(/CC BY 4\.0/).waitFor();
    await screenshot(page, 'port-card-en');

    // Port areas (zoom 10-14) are the derived outlines, the anchorage from zoom 12.
    const areas = await drawnNames(page, 'zone-portarea-fill', 25.2, 60.205, 12.5);
    expect(areas).toEqual(expect.arrayContaining(['Vuosaaren satama', 'Vuosaari port area']));
    expect(await drawnNames(page, 'zone-anchorage-fill', 25.2, 60.205, 12.5)).toContain('Vuosaari anchorage');
    await screenshot(page, 'port-areas-z12');
    expect(await drawnNames(page, 'zone-portarea-fill', 25.2, 60.205, 14.5)).toEqual([]);
    // Berth points from zoom 14, their names only from zoom 15.
    expect((await drawnNames(page, 'zone-berth-points', 25.1936, 60.2149, 14.5)).length).toBeGreaterThan(3);
    expect(await drawnNames(page, 'zone-berth-labels', 25.1936, 60.2149, 14.5)).toEqual([]);
    expect(await drawnNames(page, 'zone-berth-labels', 25.1936, 60.2149, 15.5)).toContain('Quay E');
    await screenshot(page, 'berths-z15');

    await useFinnish(page);
    await page.goto('/map');
    // A second map start on a loaded machine: give it the minute the first one may take.
    await page.locator('.maplibregl-canvas').waitFor({ timeout: 60_000 });
    await page.getByRole('textbox', { name: 'Hae aluksia ja satamia' }).fill('Vuosaari');
    await page.getByTestId('search-results').getByRole('button', { name: /Vuosaari/ }).first().click();
    const fiCard = page.getByTestId('port-card');
    await fiCard.getByTestId('port-meta').getByText('Ruotsinkielinen nimi', { exact: true }).waitFor();
    await fiCard.getByText('Laituripaikat', { exact: true }).waitFor();
    expect(await fiCard.getByTestId('port-berths').textContent()).toContain('750 m, syvyys 12.5–14.3 m');
    await screenshot(page, 'port-card-fi');
  }, 180_000);
});
