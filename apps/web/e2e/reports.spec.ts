import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { callApi, seeText, signIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';
import { laterAt, listingId } from './marketplace.ts';

const screenshot = screenshotter('reports');

/** Places an offline order of a demo service straight through the transactions API; answers its total in cents. */
async function placeOrder(page: Page, title: string): Promise<number> {
  const placed = await callApi<{ data: { payinTotal: { amount: number; currency: string } } }>(page, 'POST', '/api/transactions/initiate', {
    processAlias: 'harbor-order-simple',
    transition: 'order',
    params: {
      listingId: await listingId(page, title),
      quantity: 1,
      startTime: laterAt(10),
      endTime: laterAt(12),
      deliveryMethod: 'basic',
      deliveryAddress: { street: 'Vuosaaren satama, laituri 3', postalCode: '00980', city: 'Helsinki', country: 'fi' },
      protectedData: { cartName: 'Voyage 8', shipName: 'FINNSEA', portCallId: 'FIVSS-7002' },
    },
  });
  expect(placed.data.payinTotal.currency).toBe('EUR');
  return placed.data.payinTotal.amount;
}

const ddmmyyyy = (d: Date) => `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
/** Today in Helsinki, where reports count their days (a day ahead of UTC after 22:00 UTC), as DD.MM.YYYY and its YYYY-MM month. */
function helsinkiToday() {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).split('-');
  return { date: `${d}.${m}.${y}`, month: `${y}-${m}`, year: Number(y) };
}

describe('reporting', { timeout: 180_000 }, () => {
  let harness: Harness;
  beforeAll(async () => {
    // The ECB snapshot shipped with the product (no outside service in tests): 10.3650 SEK per EUR.
    harness = await startHarness({ env: { FOREX_PROVIDER: 'none' } });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('opens a monthly report of the purchases with its chart and downloads the CSV; in Finnish too', async () => {
    const buyer = await signIn(harness, 'buyer@harbor.test');
    const total = await placeOrder(buyer, 'Mooring and unmooring');
    await buyer.goto('/reporting');
    const today = helsinkiToday();
    await buyer.getByRole('textbox', { name: 'Start date' }).fill(ddmmyyyy(new Date(today.year, 0, 1)));
    await buyer.getByRole('textbox', { name: 'End date' }).fill(today.date);
    await buyer.getByRole('button', { name: 'Generate report' }).click();
    const month = today.month;
    const row = buyer.getByTestId('report-row').filter({ hasText: month });
    await row.waitFor();
    expect(await row.locator('td').nth(1).innerText()).toBe('1');
    expect(await row.locator('td').nth(3).innerText()).toBe((total / 100).toFixed(2));
    // The chart (lazy loaded) draws its lines as SVG.
    const chart = buyer.getByTestId('report-chart');
    // The drawing surface: the largest SVG of the chart (the legend's marks are small SVGs of their own), with both series' lines.
    await chart.locator('svg').first().waitFor({ state: 'attached' });
    const drawn = async () =>
      chart.evaluate((el) => {
        const svgs = [...el.querySelectorAll('svg')].map((svg) => ({ svg, h: svg.getBoundingClientRect().height }));
        const big = svgs.sort((x, y) => y.h - x.h)[0];
        const lines = big ? [...big.svg.querySelectorAll('path')].filter((p) => (p.getAttribute('d') ?? '').includes('L') && p.getBoundingClientRect().width > 100).length : 0;
        return { height: big?.h ?? 0, lines, classes: svgs.map((x) => `${x.svg.getAttribute('class')}:${Math.round(x.h)}`).join(' ') };
      });
    let shown = await drawn();
    for (let i = 0; i < 50 && shown.lines < 2; i++) {
      await buyer.waitForTimeout(200);
      shown = await drawn();
    }
    expect(shown.height, shown.classes).toBeGreaterThan(200);
    expect(shown.lines, shown.classes).toBeGreaterThanOrEqual(2);
    await screenshot(buyer, 'monthly-report');
    const [download] = await Promise.all([buyer.waitForEvent('download'), buyer.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^report-purchases-month-.*\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('Period,Orders,"Orders, cumulative",Amount (EUR),"Amount, cumulative (EUR)"');
    expect(csv).toContain(`${month},1,1,${(total / 100).toFixed(2)},${(total / 100).toFixed(2)}`);

    // With SEK as the alternative display currency the rows show it next to EUR; the CSV stays in EUR.
    await buyer.getByRole('button', { name: 'Account menu' }).click();
    await buyer.getByRole('combobox', { name: 'Alternative currency' }).click();
    await buyer.getByRole('option', { name: 'SEK', exact: true }).click();
    await buyer.keyboard.press('Escape');
    const sek = row.locator('td').nth(3).getByTestId('alt-amount');
    await sek.waitFor();
    expect(await sek.innerText()).toBe(`≈ ${(Math.round((total / 100) * 10.365 * 100) / 100).toFixed(2)} SEK`);
    await screenshot(buyer, 'monthly-report-sek');

    const fi = await signIn(harness, 'buyer@harbor.test', 'fi');
    await fi.goto('/reporting');
    await seeText(fi, 'Raportointi');
    await fi.getByRole('textbox', { name: 'Alkupäivä' }).fill(ddmmyyyy(new Date(today.year, 0, 1)));
    await fi.getByRole('textbox', { name: 'Loppupäivä' }).fill(today.date);
    await fi.getByRole('button', { name: 'Luo raportti' }).click();
    await fi.getByTestId('report-row').filter({ hasText: month }).waitFor();
    await fi.getByRole('button', { name: 'Lataa CSV' }).waitFor();
    await screenshot(fi, 'monthly-report-fi');
  }, 150_000);
});
