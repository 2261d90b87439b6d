import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { TestContext } from 'vitest';
import { SCREENSHOT_DIR } from './browser.ts';

/**
 * What a failed browser test leaves in the log: for every page still open, its
 * URL, the start of its visible text, its recent console errors and its
 * refused or failed requests, plus a screenshot. A timeout alone ("waiting for
 * X") does not say whether the page showed an error, a login form or stale data.
 */
interface Watched {
  page: Page;
  events: string[];
}

const watched: Watched[] = [];
const KEEP = 30;

export function watchPage(page: Page): void {
  const entry: Watched = { page, events: [] };
  const note = (line: string) => {
    entry.events.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (entry.events.length > KEEP) entry.events.shift();
  };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') note(`console.${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('requestfailed', (r) => note(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400) note(`http ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(`navigated: ${f.url()}`);
  });
  page.on('close', () => watched.splice(watched.indexOf(entry), 1));
  watched.push(entry);
}

async function dump(testName: string): Promise<void> {
  let n = 0;
  for (const { page, events } of [...watched]) {
    n += 1;
    const lines = [`[failure ${testName}] page ${n}: ${page.url()}`];
    try {
      const text = await page.evaluate(() => document.body.innerText);
      lines.push(`  visible text: ${text.replace(/\s+/g, ' ').slice(0, 1500)}`);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const file = path.join(SCREENSHOT_DIR, `failure-${testName.replace(/\W+/g, '-').slice(0, 60)}-${n}.png`);
      await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
      lines.push(`  screenshot: ${file}`);
    } catch (error) {
      lines.push(`  (could not read the page: ${String(error).slice(0, 200)})`);
    }
    lines.push(...events.map((e) => `  ${e}`));
    console.error(lines.join('\n'));
  }
}

/** Registered for every browser test by the suite's setup file. */
export function dumpPagesOnFailure({ task, onTestFailed }: TestContext): void {
  onTestFailed(() => dump(task.name), 30_000);
}
