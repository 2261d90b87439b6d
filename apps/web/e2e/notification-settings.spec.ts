import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { seeText, signIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('notification-settings');

/** The signed-in user as the server keeps them, read from inside the page with the session's token. */
async function me(page: Page): Promise<{ language: string; messageEmails: boolean }> {
  return page.evaluate(async () => {
    const { access_token } = (await (await fetch('/api/auth/harbor/token')).json()) as { access_token: string };
    return (await (await fetch('/api/users/me', { headers: { authorization: `Bearer ${access_token}` } })).json()) as { language: string; messageEmails: boolean };
  });
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('contact details: message e-mails and the e-mail language', () => {
  let harness: Harness;
  let page: Page;

  beforeAll(async () => {
    harness = await startHarness();
    page = await signIn(harness, 'buyer@harbor.test');
  });
  afterAll(() => harness?.close());

  it('turns message e-mails off and keeps it after a reload', async () => {
    await page.goto('/account/contact-details');
    await page.getByRole('heading', { name: 'E-mail notifications' }).waitFor();
    const toggle = page.getByLabel('E-mail me new messages on my orders and sales');
    expect(await toggle.isChecked()).toBe(true);
    await seeText(page, 'Order e-mails (new orders, acceptances, deliveries, cancellations, disputes, reviews) are always sent.');
    await toggle.click();
    await seeText(page, 'Message e-mails are off.');
    expect(await toggle.isChecked()).toBe(false);
    expect((await me(page)).messageEmails).toBe(false);
    await screenshot(page, 'off-en');

    await page.reload();
    await page.getByRole('heading', { name: 'E-mail notifications' }).waitFor();
    expect(await page.getByLabel('E-mail me new messages on my orders and sales').isChecked()).toBe(false);
  });

  it('saves the language picked with the flags as the e-mail language, and shows the switch in Finnish', async () => {
    expect((await me(page)).language).toBe('en');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Finnish' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Sähköposti-ilmoitukset' }).waitFor();
    expect((await until(() => me(page), (u) => u.language === 'fi')).language).toBe('fi');

    const toggle = page.getByLabel('Lähetä minulle sähköpostia uusista viesteistä tilauksissani ja myynneissäni');
    await toggle.click();
    await seeText(page, 'Viesti-ilmoitukset ovat käytössä.');
    expect(await me(page)).toMatchObject({ language: 'fi', messageEmails: true });
    await screenshot(page, 'on-fi');
  });
});
