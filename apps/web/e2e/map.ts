import type { Page } from 'playwright-core';

/** The MapLibre map the web app hangs on its container for tests (`harborMap`), as page-side code. */
const MAP = `document.querySelector('[data-testid="map-canvas-container"]')?.harborMap`;

/** Runs `fn` (source text of `(map) => ...`) on the page's map and returns its (awaited) result. */
export async function mapEval<T>(page: Page, fn: string): Promise<T> {
  return page.evaluate(`(() => (${fn})(${MAP}))()`) as Promise<T>;
}

/**
 * Until the map has loaded its style and tiles, polled: 'load' fires once, and loaded() is false
 * again while tiles load after it, so waiting for 'load' when loaded() said no could wait for an
 * event already gone (CI hung on it once).
 */
export async function waitForMapLoaded(page: Page, timeout = 120_000): Promise<void> {
  await page.waitForFunction(`${MAP}?.loaded() ?? false`, undefined, { timeout });
}
