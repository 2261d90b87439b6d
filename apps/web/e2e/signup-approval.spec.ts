import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { acceptCookies, logIn, OPERATOR_EMAIL, seeText, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('signup');

/**
 * The walking skeleton end to end: a new company signs up, is told about the
 * manual review, cannot sign in while pending, the operator approves it in the
 * console, and the new user signs in and lands on the page they first asked
 * for; then switches to Finnish and logs out.
 */
describe('sign-up, approval and sign-in', () => {
  let harness: Harness;
  let page: Page;
  const email = `e2e-${Date.now()}@example.fi`;
  const password = 'satama-salasana-1';
  /** Path and query of the verification link mailed at sign-up, read from the operator's outbox. */
  let verifyPath = '';

  beforeAll(async () => {
    harness = await startHarness();
    page = await harness.newPage();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('shows the landing page and remembers cookie consent', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, 'landing');
    await acceptCookies(page);
    const cookies = await page.context().cookies();
    const consent = cookies.find((c) => c.name === 'euCookiesAccepted');
    expect(consent?.value).toBe('1');
    // We ask for 10 years (Max-Age, unit-tested); Chromium caps every cookie at 400 days.
    expect((consent?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(399 * 24 * 3600 * 1000);
  });

  it('signs up a new company and shows both readings of the review time', async () => {
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await page.waitForURL('**/signup');
    await page.getByLabel('First name').fill('Eija');
    await page.getByLabel('Last name').fill('Esimerkki');
    await page.getByLabel(/^Email\b/).fill(email);
    await page.getByLabel('Phone number').fill('+358 40 123 4567');
    await page.getByLabel('Company name').fill('Esimerkki Shipping Oy');
    await page.getByLabel('Business ID').fill('1234567-8');
    await page.getByLabel('Web address').fill('esimerkki.fi');
    await page.getByLabel(/^Password\b/).fill(password);

    // Submitting without a role shows the translated validation message.
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await seeText(page, 'Choose at least one role.');

    await page.getByLabel('Buyer').check();
    await page.getByLabel('Seller').check();
    await screenshot(page, 'signup-filled');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await page.waitForURL('**/confirm');
    await seeText(page, /within 48 hours/);
    await seeText(page, /up to 3 days/);
    await seeText(page, email);
    await screenshot(page, 'signup-confirm');
  });

  it('refuses sign-in while the registration is pending', async () => {
    await page.getByRole('link', { name: 'Go to log in' }).click();
    await page.waitForURL('**/login');
    await logIn(page, email, password);
    const alert = page.getByRole('alert').filter({ hasText: 'waiting for approval' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('48 hours');
    await screenshot(page, 'login-pending');
  });

  it('lets the operator approve the registration in the console', async () => {
    await page.reload();
    await logIn(page, OPERATOR_EMAIL);
    await page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Operator console' }).click();
    await page.waitForURL('**/operator');
    const row = page.locator(`tr[data-email="${email}"]`);
    await row.waitFor();
    await screenshot(page, 'operator-pending');

    await page.getByRole('button', { name: `Approve ${email}`, exact: true }).click();
    await row.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Approved' }).click();
    await page.locator(`tr[data-email="${email}"]`).waitFor();
    await screenshot(page, 'operator-approved');

    await page.getByRole('tab', { name: 'Outbox' }).click();
    await page.getByText(email).first().waitFor();
    await screenshot(page, 'operator-outbox');
    // E-mail links carry the server's PUBLIC_URL; only the path and query matter here.
    const href = await page.locator(`a[href*="/verify-email?t="]`).first().getAttribute('href');
    const link = new URL(href ?? '', harness.url);
    verifyPath = link.pathname + link.search;

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Log in', exact: true }).waitFor();
  });

  it('returns the approved user to the remembered protected URL after sign-in', async () => {
    await page.goto('/account/contact-details#phone');
    await page.waitForURL('**/login');
    await screenshot(page, 'login-redirect');
    await logIn(page, email, password);

    await page.waitForURL((url) => url.pathname === '/account/contact-details' && url.hash === '#phone');
    const phoneHeading = page.getByRole('heading', { name: 'Phone number' });
    await phoneHeading.waitFor();
    await seeText(page, email);
    // The hash target is scrolled into view, just below the sticky top bar (or as far as the page can scroll).
    await page.waitForFunction(() => {
      const box = document.getElementById('phone')?.getBoundingClientRect();
      const bar = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
      if (!box || window.scrollY === 0) return false;
      const atBottom = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
      return (box.top >= bar && box.top <= bar + 16) || (atBottom && box.top >= bar && box.top < window.innerHeight);
    });
    await screenshot(page, 'contact-details');
  });

  it('verifies the e-mail address through the mailed link', async () => {
    expect(verifyPath).toMatch(/^\/verify-email\?t=/);
    await page.goto(verifyPath);
    await seeText(page, `Thank you! ${email} is now verified.`);
    await screenshot(page, 'email-verified');
    await page.getByRole('link', { name: 'Go to contact details' }).click();
    await page.getByRole('heading', { name: 'Contact details', level: 1 }).waitFor();
    await seeText(page, 'Verified');
  });

  it('switches to Finnish for the browser session', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Finnish' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Yhteystiedot', level: 1 }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('harbor.language'))).toBe('fi');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fi');

    // A reload keeps the language and the session (refresh token in sessionStorage).
    await page.reload();
    await page.getByRole('heading', { name: 'Yhteystiedot', level: 1 }).waitFor();
    await seeText(page, email);
    await screenshot(page, 'contact-details-fi');
  });

  it('logs out', async () => {
    await page.getByRole('button', { name: 'Tilivalikko' }).click();
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Kirjaudu sisään', exact: true }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('harbor.refreshToken'))).toBeNull();

    // The session is gone on the server too: the protected page asks for sign-in again.
    await page.goto('/account/contact-details');
    await page.waitForURL('**/login');
    await screenshot(page, 'logged-out-fi');
  });
});
