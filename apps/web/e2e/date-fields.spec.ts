import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { acceptCookies, seeText, startHarness, useFinnish } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('date-fields');

const datesParam = (page: Page) => new URL(page.url()).searchParams.get('dates');

/**
 * Dates read DD.MM.YYYY whatever the browser's locale (spec section 9): an
 * en-US Chromium, whose own date inputs would show mm/dd/yyyy, on the search
 * page's date filter.
 */
describe('date fields in an en-US browser', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  const openSearch = async (query = '') => {
    const page = await harness.newPage({ locale: 'en-US', timezoneId: 'America/New_York' });
    await page.goto(`/s${query}`);
    await acceptCookies(page);
    return page;
  };

  it('shows the dates of the URL as DD.MM.YYYY in text fields, not as the browser’s mm/dd/yyyy', async () => {
    const page = await openSearch('?dates=2026-03-05,2026-03-20');
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    const start = page.getByRole('textbox', { name: 'Start date' });
    const end = page.getByRole('textbox', { name: 'End date' });
    expect(await start.inputValue()).toBe('05.03.2026');
    expect(await end.inputValue()).toBe('20.03.2026');
    expect(await start.getAttribute('type')).toBe('text');
    await page.goto('/s');
    expect(await start.inputValue()).toBe('');
    expect(await start.getAttribute('placeholder')).toBe('DD.MM.YYYY');
    await screenshot(page, 'search-en-us');
  });

  it('typed dates (with or without dots) filter the search and set the URL as before', async () => {
    const page = await openSearch();
    const start = page.getByRole('textbox', { name: 'Start date' });
    const end = page.getByRole('textbox', { name: 'End date' });
    await start.fill('7.4.2026');
    await end.fill('09042026');
    await end.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('dates') === '2026-04-07,2026-04-09');
    // Normalised once the field is left (Enter submitted from the end field, which still has the focus).
    expect(await start.inputValue()).toBe('07.04.2026');
    await start.focus();
    expect(await end.inputValue()).toBe('09.04.2026');
    // A reload reads them back from the URL.
    await page.reload();
    expect(await start.inputValue()).toBe('07.04.2026');
  });

  it('keeps text that is no date, says so, and does not search with it', async () => {
    const page = await openSearch('?dates=2026-04-07,2026-04-09');
    const start = page.getByRole('textbox', { name: 'Start date' });
    await start.fill('31.02.2026');
    await start.press('Enter');
    await seeText(page, 'Write it as DD.MM.YYYY');
    expect(await start.inputValue()).toBe('31.02.2026');
    expect(await start.getAttribute('aria-invalid')).toBe('true');
    expect(datesParam(page)).toBe('2026-04-07,2026-04-09');
    await screenshot(page, 'invalid-date');
  });

  it('picks a date from the calendar with the keyboard; the week starts on Sunday; Escape gives the focus back', async () => {
    const page = await openSearch('?dates=2026-04-07,2026-04-09');
    const start = page.getByRole('textbox', { name: 'Start date' });
    await start.focus();
    await page.keyboard.press('Tab');
    const button = page.getByRole('button', { name: 'Choose a date: Start date' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Start date' });
    await dialog.waitFor();
    expect(await dialog.getByRole('columnheader').first().getAttribute('aria-label')).toMatch(/^Sunday$/i);
    // The selected day has the focus; the arrow keys move it, Enter picks.
    await dialog.getByRole('gridcell', { name: '7', exact: true }).and(page.locator(':focus')).waitFor();
    await screenshot(page, 'calendar');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await start.inputValue()).toBe('08.04.2026');
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
    expect(await start.evaluate((el) => el === document.activeElement)).toBe(true);

    await button.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
    expect(await start.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await start.inputValue()).toBe('08.04.2026');
    await start.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('dates') === '2026-04-08,2026-04-09');
  });

  it('reads the same in Finnish, with the calendar in Finnish', async () => {
    const page = await openSearch('?dates=2026-04-07,2026-04-09');
    await useFinnish(page);
    const start = page.getByRole('textbox', { name: 'Alkupäivä' });
    expect(await start.inputValue()).toBe('07.04.2026');
    await page.getByRole('button', { name: 'Valitse päivämäärä: Alkupäivä' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alkupäivä' });
    await dialog.getByText(/huhtikuu 2026/i).waitFor();
    expect(await dialog.getByRole('columnheader').first().getAttribute('aria-label')).toMatch(/^sunnuntai$/i);
    await screenshot(page, 'calendar-fi');
  });
});
