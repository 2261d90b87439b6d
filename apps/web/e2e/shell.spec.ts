import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotter } from './browser.ts';
import { acceptCookies, logIn, OPERATOR_EMAIL, seeText, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('shell');

/** The shell around the pages: not-found, chunk failure, banners, top bar, drawers. */
describe('app shell', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('shows 404 with a location search that opens the search page', async () => {
    const page = await harness.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await seeText(page, '404');
    await screenshot(page, 'not-found');
    await page.getByLabel('Search near a place').click();
    await page.getByRole('option', { name: 'Turku, Finland' }).click();
    await page.waitForURL('**/s?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('address')).toBe('Turku, Finland');
    expect(url.searchParams.get('origin')).toBe('60.4518,22.2666');
    expect(url.searchParams.get('bounds')).toBe('60.38,22.1,60.55,22.45');
    await page.getByRole('heading', { name: 'Search port services', level: 1 }).waitFor();
  });

  it('shows the 404-style page when a page chunk fails to load', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.route('**/assets/about-page-*.js', (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Harbor' }).click();
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const landing = page.getByRole('link', { name: 'Back to the front page' });
    await screenshot(page, 'chunk-failed');
    await landing.click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('searches by keyword in the chosen port', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    await acceptCookies(page);
    await page.getByRole('combobox', { name: 'Port' }).selectOption({ label: 'Kotka' });
    await page.getByRole('textbox', { name: 'Search services by keyword' }).fill('waste oil');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/s?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('keywords')).toBe('waste oil');
    expect(url.searchParams.get('pub_port')).toBe('FIKTK');
    expect(await page.evaluate(() => localStorage.getItem('harbor.port'))).toBe('FIKTK');
  });

  it('shows the limited-rights banner everywhere but the search page', async () => {
    const page = await harness.newPage();
    await page.goto('/login');
    await logIn(page, 'limited@harbor.test');
    await page.waitForURL((u) => u.pathname === '/');
    const banner = page.getByRole('status').filter({ hasText: 'limited rights' });
    await banner.waitFor();
    await screenshot(page, 'limited-banner');
    await page.getByRole('link', { name: 'Port services', exact: true }).first().click();
    await banner.waitFor();
    await page.goto('/s');
    await page.getByRole('heading', { name: 'Search port services', level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    await page.goto('/weather');
    await banner.getByRole('button', { name: 'Log out' }).click();
    await banner.waitFor({ state: 'detached' });
  });

  it('recovers a forgotten password through the mailed link', async () => {
    const page = await harness.newPage();
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The recovery page is a lazy chunk: wait for it, or the login form's field gets the text.
    await page.waitForURL((u) => u.pathname === '/recover-password');
    await page.getByRole('button', { name: 'Send the reset link' }).waitFor();
    await page.getByLabel(/^Email\b/).fill('seller@harbor.test');
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await screenshot(page, 'recovery-sent');

    // The operator console's outbox holds the mail (no SMTP in tests).
    const operator = await harness.newPage();
    await operator.goto('/login');
    await logIn(operator, OPERATOR_EMAIL);
    await operator.waitForURL((u) => u.pathname === '/');
    await operator.goto('/operator?tab=outbox');
    const mailLink = operator.locator('a[href*="/reset-password?t="][href*="seller%40harbor.test"]').first();
    await mailLink.waitFor({ state: 'attached' });
    const link = new URL((await mailLink.getAttribute('href')) ?? '', harness.url);

    await page.goto(link.pathname + link.search);
    await page.getByLabel(/^New password\b/).fill('uusi-salasana-2026');
    await screenshot(page, 'reset-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.getByRole('link', { name: 'Go to log in' }).click();
    await logIn(page, 'seller@harbor.test', 'uusi-salasana-2026');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log in', exact: true }).count()).toBe(0);
  });

  it('switches to Finnish from the account drawer, fetching the Finnish texts only then', async () => {
    const page = await harness.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => {
      const name = new URL(r.url()).pathname.split('/').pop() ?? '';
      // Texts: core-<lang> before the first render, <lang>-<namespace> with the pages.
      const language = /^(?:core-(en|fi)|(en|fi)-[a-z-]+)-[\w-]{8}\.js$/.exec(name);
      if (language && !fetched.includes(language[1] ?? language[2]!)) fetched.push(language[1] ?? language[2]!);
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'Log in', exact: true }).waitFor();
    expect(fetched).toEqual(['en']);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Finnish' }).click();
    await page.getByRole('link', { name: 'Kirjaudu sisään', exact: true }).waitFor();
    expect(fetched).toEqual(['en', 'fi']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fi');
    // The choice lasts for the browser session: a reload starts in Finnish.
    await page.reload();
    await page.getByRole('link', { name: 'Kirjaudu sisään', exact: true }).waitFor();
  });

  it('falls back to English for an unknown stored language', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    await page.evaluate(() => sessionStorage.setItem('harbor.language', 'sv'));
    await page.reload();
    await page.getByRole('link', { name: 'Log in', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('opens the left drawer below the mobile breakpoint and the feedback dialog', async () => {
    const page = await harness.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto('/');
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Open the page menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main pages' });
    await nav.waitFor();
    await screenshot(page, 'mobile-drawer');
    await nav.getByRole('link', { name: 'Port calls' }).click();
    // Port calls need sign-in: the guard asks for it.
    await page.waitForURL('**/login');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    await dialog.getByLabel('Your email').fill('visitor@example.fi');
    await dialog.getByLabel('Subject').fill('Great idea');
    await dialog.getByLabel('Message').fill('Please add more ports.');
    await screenshot(page, 'feedback-dialog');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Thank you for your feedback!').waitFor();
  });
});
