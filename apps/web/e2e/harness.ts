import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startServer } from '../../server/src/server.ts';
import { pgliteTemplate } from '../../server/src/test/pglite-template.ts';
import { launchBrowser } from './browser.ts';
import { watchPage } from './diagnostics.ts';

export const DEMO_PASSWORD = 'harbor-demo-2026';
export const OPERATOR_EMAIL = 'operator@harbor.test';

// HARBOR_WEB_DIST: test another build (e.g. `vite build --outDir /tmp/x/dist`) without touching apps/web/dist.
const WEB_DIST = process.env.HARBOR_WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const DIST_INDEX = path.join(WEB_DIST, 'index.html');

export interface Harness {
  url: string;
  browser: Browser;
  newPage(options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Server settings on top of the harness defaults, e.g. `{ SEARCH_PAGE_VARIANT: 'map' }`. */
  env?: Record<string, string>;
  /**
   * Listen on a free port chosen up front and set PUBLIC_URL to it, for flows
   * that follow absolute links the server builds (the payment provider's
   * hosted pages and their return URLs); port 0 would leave PUBLIC_URL unreachable.
   */
  reachablePublicUrl?: boolean;
}

/** A port that was free a moment ago (the OS picks it; the server takes it right after). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the server on a free port with a fresh database and a Chromium; `close` tears both down. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  if (!existsSync(DIST_INDEX)) throw new Error(`${WEB_DIST} is missing: run \`npm run build -w @harbor/web\` first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'harbor-e2e-'));
  const port = options.reachablePublicUrl ? await freePort() : 0;
  const server = await startServer({
    port,
    dataDir,
    pgliteTemplate: await pgliteTemplate(),
    // The flows sign in many times a minute from one address; rate limits have their own server tests.
    env: {
      WEB_DIST,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      LOGIN_RATE_LIMIT_PER_MIN: '10000',
      RATE_LIMIT_PER_MIN: '100000',
      ...(port && { PUBLIC_URL: `http://localhost:${port}` }),
      ...options.env,
    },
  });
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  return {
    url: server.url,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, locale: 'en-GB', ...options });
      contexts.push(context);
      const page = await context.newPage();
      // Uncaught page errors fail loudly in the test log instead of hiding behind a timeout.
      page.on('pageerror', (error) => {
        console.error(`[page error] ${error.message}`);
        pageErrors.push(`${page.url()}: ${error.message || String(error)}`);
      });
      page.on('response', (res) => {
        if (res.status() === 429 || res.status() >= 500) console.error(`[http ${res.status()}] ${res.request().method()} ${res.url()}`);
      });
      watchPage(page);
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
      // An uncaught error in the page fails the spec even when its steps still passed.
      if (pageErrors.length) throw new Error(`uncaught errors in the page:\n${pageErrors.join('\n')}`);
    },
  };
}

/** Fills the SPA's own login form and submits it. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(/^Email\b/).fill(email);
  await page.getByLabel(/^Password\b/).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

export async function acceptCookies(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Accept cookies' }).click();
}

/** Waits until the text shows anywhere on the page. */
export async function seeText(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

/** The language is per browser session; a reload applies it. */
export async function useFinnish(page: Page): Promise<void> {
  await page.evaluate(() => sessionStorage.setItem('harbor.language', 'fi'));
  await page.reload();
  // Let the reload redeem the refresh token before the next navigation (a navigation mid-refresh loses the rotated token).
  await page.waitForLoadState('networkidle');
}

/** A new page signed in as `email`, on the landing page, in English or Finnish. */
export async function signIn(harness: Harness, email: string, language: 'en' | 'fi' = 'en'): Promise<Page> {
  const page = await harness.newPage();
  await page.goto('/login');
  await acceptCookies(page);
  await logIn(page, email);
  await page.waitForURL((u) => u.pathname === '/');
  if (language === 'fi') await useFinnish(page);
  return page;
}

/** A JSON call from inside the signed-in page, with the session's bearer token (as the app makes it). */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const { access_token } = (await (await fetch('/api/auth/harbor/token')).json()) as { access_token: string };
      const res = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${access_token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as unknown };
    },
    { method, path, body },
  );
  if (answer.status >= 400) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
}
