import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ShipPosition, ShipPositionsResponse } from '@harbor/contracts';
import { SHIP_COLORS } from '../src/features/vessels/ship-colors.ts';
import { screenshotter } from './browser.ts';
import { mapEval, near, pixelAt, rgb, type Rgb } from './map.ts';
import { acceptCookies, logIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('map');

/** The simulator with a fixed seed: ships on the sea routes around the Finnish ports, in view of the default centre. */
const AIS_SOURCE = 'simulator?ships=1500&seed=7';

/** Where a ship's marker is drawn, in page pixels (the custom marker layer keeps the live positions). */
async function markerAt(page: Page, mmsi: number): Promise<{ x: number; y: number } | null> {
  const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
  const p = await mapEval<{ x: number; y: number } | null>(page, `(m) => { const at = m.getLayer('ship-markers').implementation.lngLatOf(${mmsi}); return at && m.project(at); }`);
  return p && { x: box.x + p.x, y: box.y + p.y };
}

/** A ship drawn in the open part of the view (not under the card or legend), no other marker within 50 px. */
async function loneShip(page: Page, not: number): Promise<number | null> {
  return mapEval<number | null>(
    page,
    `(m) => {
      const layer = m.getLayer('ship-markers').implementation;
      const { width, height } = m.getCanvas().getBoundingClientRect();
      const pts = [];
      for (let slot = 0; slot < layer.buffer.count; slot++) {
        const mmsi = layer.buffer.mmsi(slot);
        pts.push({ mmsi, p: m.project(layer.lngLatOf(mmsi)) });
      }
      const ok = pts.filter(({ mmsi, p }) => mmsi !== ${not} && p.x > 380 && p.y > 130 && p.x < width - 260 && p.y < height - 80 &&
        pts.every((o) => o.mmsi === mmsi || Math.hypot(o.p.x - p.x, o.p.y - p.y) > 50));
      return ok.length ? ok[0].mmsi : null;
    }`,
  );
}

const markerOpacity = (page: Page, mmsi: number) => mapEval<number>(page, `(m) => m.getLayer('ship-markers').implementation.opacityOf(${mmsi})`);

/** A live ship from the API, fetched in the page with its session. */
async function shipsInView(page: Page): Promise<ShipPosition[]> {
  return page.evaluate(async () => {
    const token = ((await (await fetch('/api/auth/harbor/token', { credentials: 'include' })).json()) as { access_token: string }).access_token;
    const res = await fetch('/v1/ships/positions?bbox=59.6,19.5,61.2,25.2', { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as ShipPositionsResponse).ships;
  });
}

async function shipTicks(page: Page): Promise<number> {
  return page.evaluate(() =>
    performance.getEntriesByName('harbor:ship-tick').reduce((n, e) => Math.max(n, ((e as PerformanceMeasure).detail as { ships?: number } | null)?.ships ?? 0), 0),
  );
}

describe('live map', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ env: { AIS_SOURCE: AIS_SOURCE, AIS_PERSIST: 'false' } });
  });

  afterAll(async () => harness?.close());

  it('shows ships, controls, search, cards and selection', async () => {
    const page = await harness.newPage();
    await page.goto('/login');
    await acceptCookies(page);
    await logIn(page, 'buyer@harbor.test');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/map');
    await page.locator('.maplibregl-canvas').waitFor();

    // Ships render: the live feed delivered ships into the map source.
    await expect.poll(() => shipTicks(page), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('simulated-banner').waitFor();
    await page.waitForTimeout(1500);
    await screenshot(page, 'ships');

    // Legend with the 12 categories, scale bar.
    const legend = page.getByRole('region', { name: 'Ship types' });
    expect(await legend.getByRole('listitem').count()).toBe(12);
    await page.locator('.maplibregl-ctrl-scale').waitFor();

    // Cursor readout: lat, lng to 4 decimals.
    await page.mouse.move(640, 500);
    await page.mouse.move(660, 520);
    await expect.poll(() => page.getByTestId('cursor-readout').textContent()).toMatch(/^-?\d+\.\d{4}, -?\d+\.\d{4}$/);

    // Style switcher: sea and land groups; styles without a URL are disabled.
    await page.getByRole('button', { name: 'Map style' }).click();
    const menu = page.getByRole('menu', { name: 'Map style' });
    await menu.getByText('Sea', { exact: true }).waitFor();
    await menu.getByText('Land', { exact: true }).waitFor();
    await expect.poll(() => menu.getByRole('menuitem', { name: 'Default (sea)' }).getAttribute('aria-disabled'), { timeout: 5000 }).not.toBe('true');
    await expect.poll(() => menu.getByRole('menuitem', { name: 'Satellite' }).getAttribute('aria-disabled'), { timeout: 5000 }).toBe('true');
    await screenshot(page, 'style-switcher');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Dark map' }).click();
    await page.waitForTimeout(1500);
    await screenshot(page, 'dark');
    await page.getByRole('button', { name: 'Light map' }).click();

    // Search selects a ship (by MMSI) and opens its card; the map recentres at zoom 12.
    const ships = await shipsInView(page);
    // A named ship under way off Helsinki: out at sea in the busy Gulf of Finland, where at zoom 10.5 another
    // ship lies apart from the rest (the simulator's moored ships crowd the harbours, the open Baltic is sparse).
    const offHelsinki = (s: ShipPosition) => Math.hypot(s.latitude - 60.0, (s.longitude - 24.8) / 2);
    const underWay = ships.filter((s) => s.name && (s.speedOverGround ?? 0) > 5).sort((a, b) => offHelsinki(a) - offHelsinki(b));
    const target = underWay[0] ?? ships.find((s) => s.name) ?? ships[0]!;
    expect(target).toBeTruthy();
    const search = page.getByRole('textbox', { name: 'Search ships and ports' });
    await search.fill(String(target.mmsi));
    const results = page.getByTestId('search-results');
    await results.getByText(/^Ships \(1\)$/).waitFor();
    await results.getByText(/^Ports \(0\)$/).waitFor();
    await screenshot(page, 'search');
    await results.getByRole('button', { name: new RegExp(String(target.mmsi)) }).click();
    await results.waitFor({ state: 'hidden' });
    const card = page.getByTestId('ship-card');
    await card.getByText(`MMSI ${target.mmsi}`).waitFor();
    await card.getByText(/min ago/).waitFor();
    // The fly-to ends at zoom 12 (toBeCloseTo(12, 0) alone passes at 11.6, mid-flight).
    await expect.poll(() => mapEval<boolean>(page, '(m) => !m.isMoving() && Math.abs(m.getZoom() - 12) < 0.01'), { timeout: 10_000 }).toBe(true);
    // Everyone else dimmed to 0.3; the selected ship in its own colour.
    await expect.poll(() => markerOpacity(page, target.mmsi), { timeout: 5000 }).toBe(1);
    // Position and pixel read together each try: the ship under way may move (a new tick) between the two.
    const selectedPixel = async () => {
      const at = (await markerAt(page, target.mmsi))!;
      return near(await pixelAt(page, at.x, at.y), rgb(SHIP_COLORS[target.harborShipType]), 40);
    };
    await expect.poll(selectedPixel, { timeout: 5000 }).toBe(true);
    // Zoomed out with the card open: another ship is drawn at 30 % over the sea.
    await mapEval(page, `(m) => m.jumpTo({ zoom: 10.5 })`);
    await page.waitForTimeout(1000);
    const other = await loneShip(page, target.mmsi);
    expect(other).not.toBeNull();
    await expect.poll(() => markerOpacity(page, other!), { timeout: 5000 }).toBe(0.3);
    const otherShip = (await shipsInView(page)).find((s) => s.mmsi === other);
    const dimmedPixel = async () => {
      const otherAt = (await markerAt(page, other!))!;
      const background = await pixelAt(page, otherAt.x + 40, otherAt.y);
      const dimmed = rgb(SHIP_COLORS[otherShip?.harborShipType ?? 'OTHER']).map((c, i) => 0.3 * c + 0.7 * background[i]!) as Rgb;
      return near(await pixelAt(page, otherAt.x, otherAt.y), dimmed, 30);
    };
    await expect.poll(dimmedPixel, { timeout: 5000 }).toBe(true);
    await screenshot(page, 'dimmed');
    await mapEval(page, `(m) => m.jumpTo({ center: [${target.longitude}, ${target.latitude}], zoom: 12 })`);
    await card.getByRole('tab', { name: 'Voyage' }).waitFor();
    await card.getByTestId('voyage-timeline').waitFor();
    expect(await card.getByText('Navigation status').count()).toBe(1);
    await page.waitForTimeout(1000);
    await screenshot(page, 'ship-card');
    await card.getByRole('tab', { name: 'Ship info' }).click();
    await card.getByText('Call sign').waitFor();
    await screenshot(page, 'ship-info');
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'hidden' });
    await expect.poll(() => markerOpacity(page, target.mmsi), { timeout: 5000 }).toBe(1);

    // Clicking a ship on the map opens its card; alt-click opens a small popup instead.
    const here = await mapEval<{ x: number; y: number }>(page, `(m) => m.project([${target.longitude}, ${target.latitude}])`);
    const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
    const at = (await markerAt(page, target.mmsi)) ?? { x: box.x + here.x, y: box.y + here.y };
    await page.mouse.move(at.x, at.y);
    await page.keyboard.down('Alt');
    await page.mouse.click(at.x, at.y);
    await page.keyboard.up('Alt');
    await page.locator('.maplibregl-popup').getByText(String(target.mmsi)).waitFor();
    await screenshot(page, 'alt-popup');
    await page.mouse.click(at.x, at.y);
    await card.getByText(`MMSI ${target.mmsi}`).waitFor();

    // The clear button resets everything.
    await search.fill('Turku');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await card.waitFor({ state: 'hidden' });

    // A port result opens the port card with its local time (UTC + offset) and flies to zoom 13.
    await search.fill('Turku');
    await results.getByText(/^Ports \(\d+\)$/).waitFor();
    await results.getByRole('button', { name: /Turku/ }).first().click();
    const portCard = page.getByTestId('port-card');
    // While the port loads its title is the locode; wait for the name, then the locode line.
    await portCard.getByRole('heading', { name: /Turku/ }).waitFor();
    await portCard.getByText('FITKU', { exact: true }).waitFor();
    expect(await portCard.getByTestId('port-local-time').textContent()).toMatch(/Local time: \d\d:\d\d \(UTC\+[23]\)/);
    await expect.poll(() => mapEval<number>(page, '(m) => m.getZoom()'), { timeout: 10_000 }).toBeCloseTo(13, 0);
    await page.waitForTimeout(1500);
    await screenshot(page, 'port-card');

    // Route state from the port calls page selects that ship on load.
    await page.goto('/');
    await page.evaluate((mmsi) => {
      window.history.pushState({ usr: { portCallShipMmsi: mmsi }, key: 'e2e', idx: 1 }, '', '/map');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, target.mmsi);
    await page.getByTestId('ship-card').getByText(`MMSI ${target.mmsi}`).waitFor({ timeout: 20_000 });
    await expect.poll(() => markerOpacity(page, other!), { timeout: 20_000 }).toBe(0.3);
    await expect.poll(() => markerOpacity(page, target.mmsi), { timeout: 5000 }).toBe(1);
    await page.waitForTimeout(1500);
    await screenshot(page, 'route-state');

    // A lost and restored WebGL context: the markers come back (MapLibre rebuilds the style; the overlays install again).
    await mapEval(page, `(m) => { const ext = m.getCanvas().getContext('webgl2').getExtension('WEBGL_lose_context'); ext.loseContext(); setTimeout(() => ext.restoreContext(), 300); }`);
    // Restored when MapLibre has rebuilt the style: waited for, not a fixed pause (a busy machine took over 2.5 s).
    await expect
      .poll(async () => {
        const back = await markerAt(page, target.mmsi).catch(() => null); // the layer itself may not be back yet
        return back !== null && near(await pixelAt(page, back.x, back.y), rgb(SHIP_COLORS[target.harborShipType]), 40);
      }, { timeout: 20_000 })
      .toBe(true);
  }, 150_000);
});
