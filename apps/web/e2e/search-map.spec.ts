import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { acceptCookies, seeText, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('search-map');
const MAP = 'Map of the search results';

/** Waits until the MapLibre map inside `scope` has loaded its style. */
async function mapLoaded(page: Page, scope: Locator): Promise<void> {
  const container = scope.getByTestId('map-canvas-container');
  await container.waitFor();
  await page.waitForFunction((el) => (el as HTMLElement & { harborMap?: { loaded(): boolean } }).harborMap?.loaded() ?? false, await container.elementHandle());
}

async function mapCenter(scope: Locator): Promise<{ lat: number; lng: number }> {
  return scope.getByTestId('map-canvas-container').evaluate((el) => {
    const c = (el as HTMLElement & { harborMap: { getCenter(): { lat: number; lng: number } } }).harborMap.getCenter();
    return { lat: c.lat, lng: c.lng };
  });
}

const markersIn = (map: Locator) => map.getByRole('button', { name: /^\d+\. / });

/** SEARCH_PAGE_VARIANT=map: the result list beside a map, one marker per located listing. */
describe('search page, map variant', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ env: { SEARCH_PAGE_VARIANT: 'map' } });
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('the server tells the web app which variant to show', async () => {
    const res = await fetch(`${harness.url}/api/config`);
    expect(await res.json()).toEqual({ searchPageVariant: 'map' });
  });

  it('shows the list beside the map; a marker click highlights its card and the card button finds its marker', async () => {
    const page = await harness.newPage();
    const chunks: string[] = [];
    page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
    await page.goto('/s?pub_port=FIVSS');
    await acceptCookies(page);
    const map = page.getByRole('region', { name: MAP });
    await mapLoaded(page, map);
    // MapLibre came as its own chunk, after the page.
    expect(chunks.some((p) => /\/assets\/listings-map-[\w-]+\.js$/.test(p))).toBe(true);

    const cards = page.getByTestId('search-result');
    await cards.first().waitFor();
    const count = await cards.count();
    expect(count).toBeGreaterThan(1);
    expect(await markersIn(map).count()).toBe(count);

    // The last card: its marker is numbered like the card.
    const lastTitle = (await cards.nth(count - 1).locator('h3').first().textContent())!;
    const marker = map.getByRole('button', { name: `${count}. ${lastTitle}` });
    await marker.click();
    await expect.poll(() => marker.getAttribute('aria-pressed'), { timeout: 5000 }).toBe('true');
    await expect.poll(() => cards.nth(count - 1).getAttribute('aria-current'), { timeout: 5000 }).toBe('true');
    await expect.poll(() => cards.first().getAttribute('aria-current'), { timeout: 5000 }).toBeNull();
    await screenshot(page, 'marker-selected');

    // The card's own button selects its marker.
    await cards.first().getByRole('button', { name: 'Show on the map' }).click();
    await expect.poll(() => markersIn(map).first().getAttribute('aria-pressed'), { timeout: 5000 }).toBe('true');
    await expect.poll(() => marker.getAttribute('aria-pressed'), { timeout: 5000 }).toBe('false');
    await expect.poll(() => cards.first().getAttribute('aria-current'), { timeout: 5000 }).toBe('true');
  });

  it('keeps the filters and the pagination of the grid', async () => {
    const page = await harness.newPage();
    await page.goto('/s?pub_port=FIVSS&pub_categories=supplies');
    await acceptCookies(page);
    const map = page.getByRole('region', { name: MAP });
    await mapLoaded(page, map);
    const cards = page.getByTestId('search-result');
    await cards.first().waitFor();
    expect(await markersIn(map).count()).toBe(await cards.count());
    await seeText(page, /services? found/);

    // All ports: more than one page of 24.
    await page.goto('/s');
    await mapLoaded(page, map);
    await seeText(page, /\d+ services found/);
    expect(await cards.count()).toBe(24);
    expect(await markersIn(map).count()).toBe(24);
    const firstOnPage1 = await cards.first().locator('h3').first().textContent();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await page.waitForFunction((title) => document.querySelector('[data-testid="search-result"] h3')?.textContent !== title, firstOnPage1);
    expect(await markersIn(map).count()).toBe(await cards.count());
    await screenshot(page, 'page-2');
  });

  it('frames a location search from the not-found page', async () => {
    const page = await harness.newPage();
    await page.goto('/s?address=Turku%2C%20Finland&origin=60.45,22.26&bounds=60.3,21.9,60.6,22.6');
    await acceptCookies(page);
    await seeText(page, 'The map shows the area of "Turku, Finland".');
    const map = page.getByRole('region', { name: MAP });
    await mapLoaded(page, map);
    const center = await mapCenter(map);
    expect(center.lat).toBeGreaterThan(60.3);
    expect(center.lat).toBeLessThan(60.6);
    expect(center.lng).toBeGreaterThan(21.9);
    expect(center.lng).toBeLessThan(22.6);
  });

  it('on a phone the map is behind a toggle and a marker opens the card over the map, also in Finnish', async () => {
    const page = await harness.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto('/s?pub_port=FIVSS');
    await acceptCookies(page);
    const cards = page.getByTestId('search-result');
    await cards.first().waitFor();
    expect(await page.getByRole('region', { name: MAP }).count()).toBe(0);
    const toggle = page.getByRole('group', { name: 'Results view' });
    await toggle.getByRole('button', { name: 'Map' }).click();
    const map = page.getByRole('region', { name: MAP });
    await mapLoaded(page, map);
    expect(await cards.count()).toBe(0);
    const first = markersIn(map).first();
    const label = (await first.getAttribute('aria-label'))!;
    await first.click();
    const opened = page.getByTestId('map-selected-card');
    await opened.getByText(label.replace(/^\d+\. /, '')).waitFor();
    await screenshot(page, 'mobile-map-card');
    await opened.getByRole('button', { name: 'Close' }).click();
    await opened.waitFor({ state: 'detached' });
    await toggle.getByRole('button', { name: 'List' }).click();
    await cards.first().waitFor();

    await page.evaluate(() => sessionStorage.setItem('harbor.language', 'fi'));
    await page.reload();
    await page.getByRole('group', { name: 'Tulosten näkymä' }).getByRole('button', { name: 'Kartta' }).click();
    await mapLoaded(page, page.getByRole('region', { name: 'Hakutulosten kartta' }));
    await screenshot(page, 'mobile-map-fi');
  });
});
