import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { seeText, signIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('currency-weather');

/*
 * The server reaches no outside service: FOREX_PROVIDER=none answers the ECB
 * snapshot shipped with the product (2022-08-08, SEK 10.3650 and NOK 9.9405
 * per EUR, from its file), and the weather provider points at a closed port,
 * the weather module's offline state (sun times computed locally, no figures).
 */
const SNAPSHOT = { SEK: 10.365, NOK: 9.9405 };

async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

/** "120.00 EUR / Hour" → 12000 cents. */
const eurCents = (text: string) => Math.round(Number(/([\d.]+) EUR/.exec(text)![1]) * 100);
/** The display conversion of the spec: EUR major units × the ECB multiplier, rounded to the cent. */
const converted = (cents: number, rate: number) => (Math.round((cents / 100) * rate * 100) / 100).toFixed(2);

async function chooseCurrency(page: Page, menu: string, label: string, code: string) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: code, exact: true }).click();
}

async function openWeather(page: Page, language: 'en' | 'fi') {
  const menu = language === 'fi' ? ['Tilivalikko', 'Sää'] : ['Account menu', 'Weather'];
  await page.getByRole('button', { name: menu[0] }).click();
  // The drawer's entry (it loads on first open): the top bar's own weather icon lies under the drawer's backdrop.
  await page.locator('.MuiDrawer-paper').getByRole('link', { name: menu[1], exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/weather');
}

describe('alternative currency and weather', { timeout: 240_000 }, () => {
  let harness: Harness;
  beforeAll(async () => {
    const dead = await closedPort();
    harness = await startHarness({
      env: { FOREX_PROVIDER: 'none', WEATHER_URL: `${dead}/v1/forecast`, WEATHER_MARINE_URL: `${dead}/v1/marine`, WEATHER_TIMEOUT_MS: '1000' },
    });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('shows SEK next to EUR on the listing cards for the session, with the ECB date; the Vuosaari weather page offline', async () => {
    const page = await signIn(harness, 'buyer@harbor.test');
    await page.goto('/s');
    const card = page.getByTestId('listing-card').filter({ hasText: 'Mooring and unmooring' });
    await card.waitFor();
    const cents = eurCents(await card.innerText());
    expect(await card.getByTestId('alt-amount').count()).toBe(0);

    await chooseCurrency(page, 'Account menu', 'Alternative currency', 'SEK');
    const rate = page.getByTestId('currency-rate');
    await rate.getByText(/08\.08\.2022/).waitFor();
    expect(await rate.innerText()).toContain(`1.00 EUR = ${converted(100, SNAPSHOT.SEK)} SEK`);
    expect(await rate.innerText()).toContain('last known European Central Bank reference rate');
    await screenshot(page, 'currency-menu-sek');
    await page.keyboard.press('Escape');

    const alt = card.getByTestId('alt-amount');
    await alt.waitFor();
    expect(await alt.innerText()).toBe(`≈ ${converted(cents, SNAPSHOT.SEK)} SEK`);
    expect(await alt.getAttribute('title')).toContain('08.08.2022');
    await screenshot(page, 'listing-cards-sek');

    // Per browser session, like the language: a reload keeps it.
    await page.reload();
    await card.getByTestId('alt-amount').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('harbor.displayCurrency'))).toBe('SEK');

    // In the app (a full page load here can race the previous load's token refresh): the drawer's weather link, for the top bar's port (Vuosaari).
    await openWeather(page, 'en');
    await seeText(page, 'Weather source unreachable');
    await seeText(page, /Sunrise \d{2}:\d{2}/);
    await screenshot(page, 'weather-vuosaari-offline');
  });

  it('in Finnish: NOK next to EUR, and the weather page', async () => {
    const page = await signIn(harness, 'buyer@harbor.test', 'fi');
    await page.goto('/s');
    const card = page.getByTestId('listing-card').first();
    await card.waitFor();
    await chooseCurrency(page, 'Tilivalikko', 'Vaihtoehtoinen valuutta', 'NOK');
    await page.getByTestId('currency-rate').getByText(/viimeisin tunnettu Euroopan keskuspankin viitekurssi, 08\.08\.2022/).waitFor();
    await page.keyboard.press('Escape');
    const alt = card.getByTestId('alt-amount');
    await alt.waitFor();
    expect(await alt.innerText()).toBe(`≈ ${converted(eurCents(await card.innerText()), SNAPSHOT.NOK)} NOK`);
    await screenshot(page, 'listing-cards-nok-fi');

    // In the app (a full page load here can race the previous load's token refresh): the drawer's weather link, for the top bar's port (Vuosaari).
    await openWeather(page, 'fi');
    const unavailable = page.getByTestId('weather-unavailable');
    try {
      await unavailable.waitFor({ timeout: 60_000 });
    } finally {
      await screenshot(page, 'weather-fi-state');
    }
    expect(await unavailable.innerText()).toContain('Säätietolähde ei vastaa');
    await seeText(page, /Aurinko nousee \d{2}[.:]\d{2}/);
    await screenshot(page, 'weather-vuosaari-offline-fi');
  });
});
