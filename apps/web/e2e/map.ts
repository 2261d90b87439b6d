import { inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { menuSettled } from './menus.ts';

/** The element the web app hangs its MapLibre map on for tests and the benchmark (`harborMap`, set by BaseMap). */
const MAP_CONTAINER = '[data-testid="map-canvas-container"]';

type MapHost = HTMLElement & { harborMap?: { loaded(): boolean } };

/**
 * Runs `fn`, the source text of `(map) => ...`, on the page's map and returns its (awaited) result.
 * Source text, since the specs build it with values from the test; page.evaluate runs a string through
 * the debugger protocol, which the app's CSP (no unsafe-eval) does not refuse.
 */
export async function mapEval<T>(page: Page, fn: string): Promise<T> {
  return page.evaluate(`(() => (${fn})(document.querySelector('${MAP_CONTAINER}').harborMap))()`) as Promise<T>;
}

/**
 * Until the map has loaded its style and tiles, polled: 'load' fires once, and loaded() is false again
 * while tiles load after it, so waiting for 'load' when loaded() said no could wait for an event already
 * gone (CI hung on it once). A function predicate: a polled string one is evaluated in the page with
 * `new Function`, which the CSP refuses.
 */
export async function waitForMapLoaded(page: Page, timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    (selector) => (document.querySelector(selector) as MapHost | null)?.harborMap?.loaded() ?? false,
    MAP_CONTAINER,
    { timeout },
  );
}

export type Rgb = [number, number, number];

export const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;

export const near = (a: Rgb, b: Rgb, tolerance: number) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

/** One pixel of the page as composited, from a 1x1 PNG screenshot (any PNG row filter leaves a single pixel as is). */
export async function pixelAt(page: Page, x: number, y: number): Promise<Rgb> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  return [raw[1]!, raw[2]!, raw[3]!];
}

/** Picks a base map in the "Map style" menu once the menu has settled (see `menuSettled`). */
export async function chooseMapStyle(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Map style' }).click();
  const menu = await menuSettled(page);
  await menu.getByRole('menuitem', { name, exact: true }).click();
  await menu.waitFor({ state: 'hidden' });
}
