import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { writeCapture } from '../../server/src/modules/port-calls/testing/capture.ts';
import { VoyageBuilder, VUOSAARI } from '../../server/src/modules/port-calls/testing/voyage.ts';
import { screenshotter } from './browser.ts';
import { seeText, signIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('carts');

/** Two ships heading for Vuosaari: the live ships search finds them (AIS replay) and port-call detection makes their calls. */
function capture(file: string): void {
  const now = Math.floor(Date.now() / 1000) * 1000;
  const ships = [
    { mmsi: 230_200_001, name: 'FINNSEA', imo: 9_300_001, build: (v: VoyageBuilder) => v.sail(VUOSAARI.areaEdge, 20, 12).sail(VUOSAARI.inPort, 10, 5) },
    { mmsi: 230_200_002, name: 'NORDIC STAR', imo: 9_300_002, build: (v: VoyageBuilder) => v.sail(VUOSAARI.areaEdge, 20, 12).sail(VUOSAARI.quayE, 20, 4).stay(8, 5) },
  ];
  const parts = ships.map((s, i) => {
    const part = `${file}.${i}`;
    const reports = s.build(new VoyageBuilder(s.mmsi, now - 3 * 3600_000 + i * 60_000, VUOSAARI.sea)).reports;
    writeCapture(part, reports, { mmsi: s.mmsi, name: s.name, imo: s.imo, callSign: `OH${i}Y`, destination: 'FIHEL VUOSAARI', eta: now + 3600_000, shipType: 70 });
    return readFileSync(part, 'utf8');
  });
  const time = (l: string) => Number(/c:(\d+)/.exec(l)?.[1] ?? 0);
  const lines = parts.flatMap((p) => p.split('\n').filter(Boolean));
  writeFileSync(file, lines.sort((a, b) => time(a) - time(b)).join('\n') + '\n');
}

const cartMenu = (page: Page) => page.getByTestId('cart-menu');

/** Picks a ship from the live search, then a call of the top bar's port (Vuosaari) from the port-call select. */
async function pickShipAndCall(page: Page, ship: string, labels: { ship: string; call: string }): Promise<void> {
  await page.getByRole('combobox', { name: labels.ship }).fill(ship.slice(0, 5));
  await page.getByRole('option', { name: new RegExp(`^${ship}`) }).click();
  await page.getByRole('combobox', { name: labels.call }).click();
  await page.getByRole('option', { name: new RegExp(`^${ship} ·`) }).first().click();
}

/** From the search page to the demo listing "Forklift rental" (buyer arranges delivery, 240.00 EUR a day). */
async function openForklift(page: Page): Promise<void> {
  await page.goto('/s?keywords=Forklift');
  await page.getByTestId('listing-card').filter({ hasText: 'Forklift rental' }).getByRole('link').first().click();
  await page.getByRole('heading', { name: 'Forklift rental', level: 1 }).waitFor();
}

describe('carts and templates', () => {
  let harness: Harness;

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'harbor-e2e-carts-'));
    const file = path.join(dir, 'vuosaari.nmea');
    capture(file);
    harness = await startHarness({ env: { AIS_SOURCE: `replay:${file}?speed=0`, PORTCALLS_AIS_REPLAY: file, AIS_PERSIST: 'false' } });
  });

  afterAll(async () => harness?.close());

  it('a buyer builds a cart for a ship and a port call, fills it from a listing, saves a template, starts from it and deletes a cart', async () => {
    const page = await signIn(harness, 'buyer@harbor.test');
    expect(await cartMenu(page).getAttribute('aria-label')).toBe('Shopping cart');

    // A new cart: name, a ship from the live search (IMO from the registry), a call of Vuosaari.
    await page.goto('/create-new-cart');
    await page.getByRole('heading', { name: 'New shopping cart', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create the cart' }).click();
    await seeText(page, 'This field is required.');
    await page.getByRole('textbox', { name: 'Cart name' }).fill('Voyage 42');
    await pickShipAndCall(page, 'FINNSEA', { ship: 'Ship', call: 'Call of the port' });
    await expect.poll(() => page.getByTestId('ship-imo').inputValue()).toBe('9300001');
    await page.getByTestId('use-current-call').waitFor();
    expect(await page.getByTestId('cart-port-call').textContent()).toMatch(/^Port call .+ at Vuosaari \(Helsinki\)$/);
    await screenshot(page, 'new-cart');
    await page.getByRole('button', { name: 'Create the cart' }).click();
    await page.getByRole('heading', { name: 'Voyage 42', level: 1 }).waitFor();
    const firstCart = page.url();
    expect(await page.getByTestId('cart-ship').textContent()).toBe('FINNSEA');
    expect(await page.getByTestId('cart-imo').textContent()).toBe('9300001');
    expect(await page.getByTestId('cart-port-call-summary').textContent()).toMatch(/^Vuosaari \(Helsinki\) · /);
    await page.getByTestId('cart-active-chip').waitFor();
    await expect.poll(() => cartMenu(page).getAttribute('aria-label')).toBe('Shopping cart Voyage 42, 0 lines');

    // The order panel writes the line into the active cart; the server's price shows in the mini cart.
    await openForklift(page);
    await seeText(page, 'Adds to the cart Voyage 42');
    await page.getByRole('form', { name: 'Order' }).getByRole('button', { name: 'Add to cart' }).click();
    await page.getByTestId('order-added').getByText('Added to the cart Voyage 42.').waitFor();
    await expect.poll(() => cartMenu(page).getAttribute('aria-label')).toBe('Shopping cart Voyage 42, 1 line');
    await page.getByTestId('order-added').getByRole('button', { name: 'Show the cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Voyage 42' });
    await drawer.getByRole('link', { name: 'Forklift rental' }).waitFor();
    expect(await drawer.getByTestId('cart-total').textContent()).toBe('240.00 EUR');
    await drawer.getByRole('button', { name: 'More of Forklift rental' }).click();
    await expect.poll(() => drawer.getByTestId('cart-total').textContent()).toBe('480.00 EUR');
    await drawer.getByRole('spinbutton', { name: 'Quantity of Forklift rental' }).fill('3');
    await drawer.getByRole('spinbutton', { name: 'Quantity of Forklift rental' }).press('Enter');
    await expect.poll(() => drawer.getByTestId('cart-total').textContent()).toBe('720.00 EUR');
    await drawer.getByRole('spinbutton', { name: 'Quantity of Forklift rental' }).fill('0');
    await drawer.getByText('The quantity must be more than 0.').waitFor();
    await screenshot(page, 'mini-cart');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The cart dropdown (keyboard): the active cart is checked; its page shows the same line and total.
    await cartMenu(page).focus();
    await page.keyboard.press('Enter');
    const dropdown = page.getByRole('menu', { name: 'Shopping cart' });
    await dropdown.getByRole('menuitem', { name: /^Voyage 42/ }).waitFor();
    // offsetWidth: the layout width, not scaled by the menu's opening transition.
    expect(await dropdown.evaluate((el) => (el.parentElement as HTMLElement).offsetWidth)).toBe(400);
    await page.keyboard.press('Escape');
    await page.goto(firstCart);
    await page.getByRole('heading', { name: 'Voyage 42', level: 1 }).waitFor();
    expect(await page.getByTestId('cart-total').textContent()).toBe('720.00 EUR');

    // Save as template: a new, empty cart for the same ship and port call becomes active.
    await page.getByRole('button', { name: 'Save as template' }).click();
    const save = page.getByRole('dialog', { name: 'Save the cart as a template' });
    await save.getByRole('textbox', { name: 'Template name' }).fill('Forklift week');
    await save.getByRole('button', { name: 'Save as template' }).click();
    await seeText(page, 'Template Forklift week saved. The new cart Voyage 42 is now active.');
    await expect.poll(() => cartMenu(page).getAttribute('aria-label')).toBe('Shopping cart Voyage 42, 0 lines');

    // /carts lists both carts and the template; a new cart starts from it with its line.
    await page.goto('/carts');
    await page.getByRole('heading', { name: 'Shopping carts', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('carts-row').count()).toBe(2);
    await page.getByTestId('template-row').filter({ hasText: 'Forklift week' }).getByText('1 line').waitFor();
    await page.getByRole('button', { name: 'Start a new cart from Forklift week' }).click();
    const start = page.getByRole('dialog', { name: 'New cart from Forklift week' });
    await start.getByRole('textbox', { name: 'Cart name' }).fill('Voyage 43');
    await start.getByRole('combobox', { name: 'Call of the port' }).click();
    await page.getByRole('option', { name: /^NORDIC STAR ·/ }).first().click();
    await start.getByRole('button', { name: 'Start a new cart' }).click();
    await page.getByRole('heading', { name: 'Voyage 43', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Forklift rental' }).waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Quantity of Forklift rental' }).inputValue()).toBe('3');
    expect(await page.getByTestId('cart-total').textContent()).toBe('720.00 EUR');
    await expect.poll(() => cartMenu(page).getAttribute('aria-label')).toBe('Shopping cart Voyage 43, 1 line');
    await screenshot(page, 'from-template');

    // Deleting the active cart: back to /carts, the list reloads, no cart is active.
    await page.getByRole('button', { name: 'Delete the cart' }).click();
    await page.getByRole('alertdialog', { name: 'Delete the cart?' }).getByRole('button', { name: 'Delete the cart' }).click();
    await page.waitForURL((u) => u.pathname === '/carts');
    await seeText(page, 'The cart Voyage 43 was deleted.');
    await expect.poll(() => page.getByTestId('carts-row').count()).toBe(2);
    expect(await page.getByTestId('carts-row').filter({ hasText: 'Voyage 43' }).count()).toBe(0);
    await expect.poll(() => cartMenu(page).getAttribute('aria-label')).toBe('Shopping cart');
    await screenshot(page, 'carts');

    // With no active cart the order panel validates the line and offers a new cart, which then receives it.
    await openForklift(page);
    await page.getByRole('form', { name: 'Order' }).getByRole('button', { name: 'Add to cart' }).click();
    await page.getByTestId('order-validated').getByRole('button', { name: 'Create a cart' }).click();
    const create = page.getByRole('dialog', { name: 'New shopping cart' });
    await create.getByRole('textbox', { name: 'Cart name' }).fill('Voyage 44');
    await pickShipAndCall(page, 'NORDIC STAR', { ship: 'Ship', call: 'Call of the port' });
    await create.getByRole('button', { name: 'Create the cart' }).click();
    await page.getByTestId('order-added').getByText('Added to the cart Voyage 44.').waitFor();
    await expect.poll(() => cartMenu(page).getAttribute('aria-label')).toBe('Shopping cart Voyage 44, 1 line');
  });

  it('works in Finnish: new cart, a line from a listing, quantity in the mini cart, delete', async () => {
    const page = await signIn(harness, 'buyer@harbor.test', 'fi');
    await page.goto('/create-new-cart');
    await page.getByRole('heading', { name: 'Uusi ostoskori', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Ostoskorin nimi' }).fill('Matka 7');
    await pickShipAndCall(page, 'NORDIC STAR', { ship: 'Alus', call: 'Sataman käynti' });
    await expect.poll(() => page.getByTestId('ship-imo').inputValue()).toBe('9300002');
    await page.getByRole('button', { name: 'Luo ostoskori' }).click();
    await page.getByRole('heading', { name: 'Matka 7', level: 1 }).waitFor();
    await seeText(page, 'Alus ja satamakäynti');

    await openForklift(page);
    await page.getByRole('form', { name: 'Tilaus' }).getByRole('button', { name: 'Lisää ostoskoriin' }).click();
    await page.getByTestId('order-added').getByText('Lisätty ostoskoriin Matka 7.').waitFor();
    await page.getByTestId('order-added').getByRole('button', { name: 'Näytä ostoskori' }).click();
    const drawer = page.getByRole('dialog', { name: 'Matka 7' });
    await drawer.getByRole('button', { name: 'Lisää tuotetta Forklift rental' }).click();
    await expect.poll(() => drawer.getByTestId('cart-total').textContent()).toBe('480.00 EUR');
    await drawer.getByText('Yhteensä (ALV 0 %)').waitFor();
    await screenshot(page, 'mini-cart-fi');
    await drawer.getByRole('button', { name: 'Poista Forklift rental ostoskorista' }).click();
    await drawer.getByText('Ostoskori on tyhjä. Lisää palveluita niiden ilmoitussivuilta.').waitFor();
    await drawer.getByRole('link', { name: 'Avaa ostoskori' }).click();
    await page.getByRole('heading', { name: 'Matka 7', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Poista ostoskori' }).click();
    await page.getByRole('alertdialog', { name: 'Poistetaanko ostoskori?' }).getByRole('button', { name: 'Poista ostoskori' }).click();
    await page.waitForURL((u) => u.pathname === '/carts');
    await seeText(page, 'Ostoskori Matka 7 poistettiin.');
    await page.getByRole('heading', { name: 'Pohjat' }).waitFor();
    await expect.poll(() => cartMenu(page).getAttribute('aria-label')).toBe('Ostoskori');
    await screenshot(page, 'carts-fi');
  });
});
