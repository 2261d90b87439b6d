import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, signIn, startHarness, useFinnish } from './harness.ts';
import type { Harness } from './harness.ts';

/** Issue goal: no page other than the map fetches more than this much JavaScript (gzip, as sent) before its load event. */
const LIMIT_KB = 300;

/** The bytes of JavaScript that arrived over the wire, as Chromium counts them, from navigation to the load event. */
async function scriptKbBeforeLoad(page: Page, path: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // The goal is in gzip: ask for gzip, not the smaller brotli the server prefers to send.
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
  const scripts = new Set<string>();
  const bytes = new Map<string, number>();
  let loaded = false;
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script' || /\.m?js(\?|$)/.test(e.response.url)) scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (!loaded) bytes.set(e.requestId, e.encodedDataLength);
  });
  page.once('load', () => (loaded = true));
  await page.goto(path, { waitUntil: 'load' });
  await cdp.detach();
  return [...bytes].filter(([id]) => scripts.has(id)).reduce((n, [, b]) => n + b, 0) / 1024;
}

describe('JavaScript fetched before the load event', () => {
  let harness: Harness;
  const measured: [string, number][] = [];

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    console.log(`JS before the load event, KB gzip as sent:\n${measured.map(([p, kb]) => `  ${p.padEnd(44)} ${kb.toFixed(1)}`).join('\n')}`);
    await harness?.close();
  });

  const check = async (page: Page, path: string) => {
    const kb = await scriptKbBeforeLoad(page, path);
    measured.push([`${path} (${await page.evaluate(() => sessionStorage.getItem('harbor.language') ?? 'en')})`, kb]);
    // Far below the goal would mean nothing was counted (a page that loads no JavaScript does not render).
    expect(kb).toBeGreaterThan(100);
    expect(kb, path).toBeLessThanOrEqual(LIMIT_KB);
  };

  it('public pages, in English and Finnish', async () => {
    const page = await harness.newPage();
    await page.goto('/about');
    await acceptCookies(page);
    for (const path of ['/', '/about', '/login', '/signup', '/recover-password', '/s', '/port-services', '/no/such/page']) await check(page, path);
    await useFinnish(page);
    for (const path of ['/', '/s', '/signup']) await check(page, path);
  });

  it('signed-in pages of a seller and of the operator', async () => {
    const seller = await signIn(harness, 'seller@harbor.test');
    // The seller's organization, from the session the page holds (its cookie).
    const orgId = await seller.evaluate(async () => {
      const { access_token } = (await (await fetch('/api/auth/harbor/token')).json()) as { access_token: string };
      const me = await fetch('/api/users/me', { headers: { authorization: `Bearer ${access_token}` } });
      return ((await me.json()) as { organization: { id: string } }).organization.id;
    });
    const settings = [`/organization/${orgId}/settings/profile`, `/organization/${orgId}/settings/ports`];
    for (const path of ['/listings', '/l/new', '/portcalls', '/account/contact-details', '/profile-settings', '/port-companies', ...settings]) await check(seller, path);
    const operator = await signIn(harness, 'operator@harbor.test', 'fi');
    await check(operator, '/operator');
  }, 180_000);
});
