import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

/** Debian's Chromium; `npx playwright install` cannot download browsers on this machine. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * ARCHITECTURE.md's flags: WebGL2 through SwiftShader in Chromium's GPU
 * process. Adding --disable-gpu would move that software rendering onto the
 * page's main thread (bench/map-perf.ts measured 20x the long-task time).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** test-results/screenshots at the repository root (gitignored). */
export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-results/screenshots');

/**
 * Full-page PNGs named `<flow>-<nn>-<page>.png`, numbered in flow order, so
 * the folder reads as a storyboard of each spec.
 */
export function screenshotter(flow: string): (page: Page, name: string) => Promise<string> {
  let shot = 0;
  return async (page, name) => {
    if (process.env.E2E_SCREENSHOTS === 'off') return '';
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    shot += 1;
    const file = path.join(SCREENSHOT_DIR, `${flow}-${String(shot).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    return file;
  };
}
