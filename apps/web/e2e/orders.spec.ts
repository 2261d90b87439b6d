import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { callApi, seeText, signIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';
import { laterAt, listingId } from './marketplace.ts';

const screenshot = screenshotter('orders');

/** The buyer's cart for a ship and a port call, with an ordinary line (mooring) and an RFQ line (hull cleaning), built through the cart API. */
async function buildCart(page: Page): Promise<string> {
  const cart = await callApi<{ id: string }>(page, 'POST', '/v1/marketplace/cart', {
    name: 'Voyage 7',
    ship: { name: 'FINNSEA', imo: 9300001 },
    portCall: { callId: 'FIVSS-7001', portName: 'Vuosaari (Helsinki)' },
  });
  const address = { street: 'Vuosaaren satama, laituri 3', postalCode: '00980', city: 'Helsinki', country: 'fi' };
  for (const [title, quantity] of [
    ['Mooring and unmooring', 1],
    ['Hull cleaning by divers', 400],
  ] as const) {
    await callApi(page, 'POST', '/v1/marketplace/cart/product', {
      cartId: cart.id,
      listingId: await listingId(page, title),
      quantity,
      startTime: laterAt(10),
      endTime: laterAt(12),
      deliveryMethod: 'basic',
      deliveryAddress: address,
      deliveryNotes: 'Starboard side, gangway aft',
    });
  }
  return cart.id;
}

const row = (page: Page, item: string) => page.getByTestId('order-row').filter({ hasText: item });

/** Waits for an order row; on a timeout the error carries what the page showed instead. */
async function seeRow(page: Page, item: string): Promise<void> {
  try {
    await row(page, item).waitFor();
  } catch (error) {
    const shown = await page.locator('main').innerText().catch(() => '(no main)');
    throw new Error(`no order row "${item}" on ${page.url()}; the page shows:\n${shown}`, { cause: error });
  }
}
const chipOf = (page: Page, item: string) => row(page, item).locator('[data-chip]');

/** Opens an order from the orders table by its item. */
async function openOrder(page: Page, path: string, item: string): Promise<void> {
  await page.goto(path);
  await seeRow(page, item);
  await row(page, item).getByRole('link').click();
  await page.getByRole('region', { name: /^(Actions|Toiminnot)$/ }).waitFor();
}

const actions = (page: Page) => page.getByRole('region', { name: /^(Actions|Toiminnot)$/ });

async function stateIs(page: Page, label: string, chip: string): Promise<void> {
  const chipEl = page.locator('main [data-chip]').first();
  await expect.poll(() => chipEl.textContent()).toBe(label);
  expect(await chipEl.getAttribute('data-chip')).toBe(chip);
}

describe('orders: placing a cart, the seller and buyer workflows', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('a buyer places an order and an RFQ; the seller accepts, quotes and delivers; the buyer accepts the quote and marks received', { timeout: 150_000 }, async () => {
    const buyer = await signIn(harness, 'buyer@harbor.test');
    const cartId = await buildCart(buyer);

    // Placing: one call per line, the RFQ line as a quote request, then the summary.
    await buyer.goto(`/single-cart/${cartId}`);
    await buyer.getByRole('heading', { name: 'Voyage 7', level: 1 }).waitFor();
    expect(await buyer.getByTestId('cart-order-state').textContent()).toBe('Ready to place');
    await seeText(buyer, 'A quote is requested for lines that need one; the seller answers with a price.');
    await buyer.getByRole('button', { name: 'Place order (2 lines)' }).click();
    await buyer.waitForURL((u) => u.pathname === '/placed-order');
    await buyer.getByRole('heading', { name: 'Order placed', level: 1 }).waitFor();
    const placed = buyer.getByTestId('placed-line');
    expect(await placed.count()).toBe(2);
    expect(await placed.filter({ hasText: 'Mooring and unmooring × 1' }).locator('[data-chip]').textContent()).toBe('Ordered (waiting acceptance)');
    expect(await placed.filter({ hasText: 'Hull cleaning by divers × 400' }).locator('[data-chip]').textContent()).toBe('RFQ requested');
    await seeText(buyer, 'Cart Voyage 7 · Ship FINNSEA · Port call FIVSS-7001');
    await screenshot(buyer, 'placed-order');

    // The cart's lines are placed (the cart closes): nothing is left to place again.
    await buyer.goto(`/single-cart/${cartId}`);
    await buyer.getByRole('heading', { name: 'Voyage 7', level: 1 }).waitFor();
    await buyer.getByRole('link', { name: 'Mooring and unmooring' }).first().waitFor();
    expect(await buyer.getByRole('button', { name: /^Place order/ }).count()).toBe(0);

    // The buyer's orders: purchases, both waiting for the seller (info chips), under Open acceptance.
    await buyer.goto('/orders');
    await buyer.getByRole('table', { name: 'Orders' }).waitFor();
    expect(await chipOf(buyer, 'Mooring and unmooring').getAttribute('data-chip')).toBe('initiate');
    expect(await row(buyer, 'Hull cleaning by divers').getByRole('cell').nth(1).textContent()).toBe('Purchase');
    await buyer.getByRole('tab', { name: 'Open acceptance' }).click();
    await expect.poll(() => buyer.getByTestId('order-row').count()).toBe(2);

    // The seller: the badge counts both new sales and opens the sales tab.
    const seller = await signIn(harness, 'seller@harbor.test');
    const badge = seller.getByTestId('sales-badge');
    await expect.poll(() => badge.getAttribute('aria-label')).toBe('Sales notifications: 2 waiting');
    await badge.click();
    await seller.waitForURL((u) => u.pathname === '/orders' && u.search === '?only=sale');
    await seeRow(seller, 'Mooring and unmooring');
    expect(await row(seller, 'Mooring and unmooring').getByRole('cell').nth(1).textContent()).toBe('Sale');
    expect(await row(seller, 'Mooring and unmooring').getByRole('cell').nth(2).textContent()).toBe('Baltic Shipping Agency');
    await screenshot(seller, 'sales');

    // Accept, start and finish delivery (plain transition buttons from the graph).
    await openOrder(seller, '/orders?only=sale', 'Mooring and unmooring');
    await stateIs(seller, 'Ordered (waiting acceptance)', 'initiate');
    expect(await actions(seller).getByRole('button').allTextContents()).toEqual(['Accept', 'Decline']);
    await actions(seller).getByRole('button', { name: 'Accept' }).click();
    await stateIs(seller, 'Accepted', 'progress');
    await actions(seller).getByRole('button', { name: 'Start delivery' }).click();
    await stateIs(seller, 'Delivering', 'progress');
    await actions(seller).getByRole('button', { name: 'Mark delivered' }).click();
    await stateIs(seller, 'Delivered', 'progress');
    await seeText(seller, 'Waiting for the buyer.');
    expect(await seller.getByTestId('history-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-transition')))).toEqual([
      'order',
      'accept',
      'start-delivery',
      'finish-delivery',
    ]);

    // The quote: price, delivery charge, validity date (DD.MM.YYYY) and a message, in the provider quote dialog.
    await openOrder(seller, '/orders?only=sale', 'Hull cleaning by divers');
    await stateIs(seller, 'RFQ requested', 'initiate');
    await actions(seller).getByRole('button', { name: 'Make a quote' }).click();
    const quote = seller.getByRole('dialog', { name: 'Make a quote' });
    await quote.getByRole('button', { name: 'Make a quote' }).click();
    await quote.getByText('This field is required.').first().waitFor();
    await quote.getByRole('textbox', { name: /^Price excluding VAT/ }).fill('780');
    await quote.getByRole('textbox', { name: /^Delivery charge/ }).fill('45,50');
    const valid = new Date(Date.now() + 14 * 86_400_000);
    const validText = `${String(valid.getDate()).padStart(2, '0')}.${String(valid.getMonth() + 1).padStart(2, '0')}.${valid.getFullYear()}`;
    await quote.getByRole('textbox', { name: /^Valid until/ }).fill(validText);
    await quote.getByRole('textbox', { name: /^Message to the buyer/ }).fill('Two divers, half a day.');
    await screenshot(seller, 'quote-dialog');
    await quote.getByRole('button', { name: 'Make a quote' }).click();
    await quote.waitFor({ state: 'hidden' });
    await stateIs(seller, 'RFQ offer made', 'initiate');
    await seeText(seller, `Valid until ${validText}`);

    // The buyer accepts the quote after seeing it, and marks the delivered order received.
    await openOrder(buyer, '/orders', 'Hull cleaning by divers');
    await stateIs(buyer, 'RFQ offer made', 'initiate');
    await seeText(buyer, 'Two divers, half a day.');
    await actions(buyer).getByRole('button', { name: 'Accept the quote' }).click();
    const accept = buyer.getByRole('dialog', { name: 'Accept the quote?' });
    expect(await accept.getByTestId('quote-summary').textContent()).toContain('780.00 EUR');
    expect(await accept.getByTestId('quote-summary').textContent()).toContain('45.50 EUR');
    await accept.getByRole('button', { name: 'Accept the quote' }).click();
    await stateIs(buyer, 'RFQ accepted', 'progress');

    await openOrder(buyer, '/orders', 'Mooring and unmooring');
    await stateIs(buyer, 'Delivered', 'progress');
    expect(await actions(buyer).getByRole('button').allTextContents()).toEqual(['Mark received', 'Dispute']);
    await actions(buyer).getByRole('button', { name: 'Mark received' }).click();
    await stateIs(buyer, 'Completed (waiting reviews)', 'progress');
    await screenshot(buyer, 'order-completed');

    // Tabs: the completed order waits for reviews; the accepted RFQ is open for delivery on the seller's side.
    await buyer.goto('/orders?tab=reviewing');
    await expect.poll(() => buyer.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.textContent?.includes('Mooring')))).toEqual([true]);
    await seller.goto('/orders?only=sale&tab=open-delivery');
    await expect.poll(() => seller.getByTestId('order-row').count()).toBe(1);
    expect(await chipOf(seller, 'Hull cleaning by divers').textContent()).toBe('RFQ accepted');
    // Of the sales only the accepted quote waits for the seller now (to deliver it).
    await seller.reload();
    await seller.getByRole('table', { name: 'Orders' }).waitFor();
    await expect.poll(() => seller.getByTestId('sales-badge').getAttribute('aria-label')).toBe('Sales notifications: 1 waiting');
  });

  it('in Finnish: the seller delivers the accepted quote, both see the Finnish tabs and chips', { timeout: 90_000 }, async () => {
    const seller = await signIn(harness, 'seller@harbor.test', 'fi');
    await openOrder(seller, '/orders?only=sale', 'Hull cleaning by divers');
    await stateIs(seller, 'Tarjous hyväksytty', 'progress');
    await actions(seller).getByRole('button', { name: 'Aloita toimitus' }).click();
    await stateIs(seller, 'Toimituksessa', 'progress');
    await actions(seller).getByRole('button', { name: 'Merkitse toimitetuksi' }).click();
    // Delivered is final in the RFQ process: no buttons left, listed under Completed.
    await stateIs(seller, 'Toimitettu', 'progress');
    await seeText(seller, 'Tässä tilassa sinulla ei ole avoimia toimintoja.');

    const buyer = await signIn(harness, 'buyer@harbor.test', 'fi');
    await buyer.goto('/orders');
    await buyer.getByRole('table', { name: 'Tilaukset' }).waitFor();
    expect(await buyer.getByRole('tab').allTextContents()).toEqual([
      'Kaikki',
      'Ostot',
      'Myynnit',
      'Kaikki',
      'Odottaa hyväksyntää',
      'Odottaa toimitusta',
      'Perutut',
      'Valmiit',
      'Arvioitavat',
    ]);
    expect(await chipOf(buyer, 'Mooring and unmooring').textContent()).toBe('Valmis (odottaa arvioita)');
    expect(await row(buyer, 'Mooring and unmooring').getByRole('cell').nth(1).textContent()).toBe('Osto');
    await buyer.getByRole('tab', { name: 'Valmiit' }).click();
    await expect.poll(() => buyer.getByTestId('order-row').count()).toBe(1);
    expect(await chipOf(buyer, 'Hull cleaning by divers').textContent()).toBe('Toimitettu');
    await screenshot(buyer, 'orders-fi');
  });
});
