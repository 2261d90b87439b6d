import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { callApi, seeText, signIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('subscriptions');

/** The day after tomorrow at 10:00 local time, as ISO: past the demo services' delivery lead time. */
const later = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(10, 0, 0, 0);
  return d.toISOString();
};

/** A cart of one line: forklift rental by the day, whose listing allows subscriptions (demo data; sold by Helsinki Harbour Works Oy). */
async function oneItemCart(page: Page): Promise<string> {
  const found = await callApi<{ data: { id: string; title: string }[] }>(page, 'GET', '/api/listings?keywords=Forklift%20rental&perPage=100');
  const listing = found.data.find((l) => l.title === 'Forklift rental');
  if (!listing) throw new Error('no listing Forklift rental');
  const cart = await callApi<{ id: string }>(page, 'POST', '/v1/marketplace/cart', {
    name: 'Weekly forklift',
    ship: { name: 'FINNSEA', imo: 9300001 },
    portCall: { callId: 'FIVSS-7002', portName: 'Vuosaari (Helsinki)' },
  });
  await callApi(page, 'POST', '/v1/marketplace/cart/product', {
    cartId: cart.id,
    listingId: listing.id,
    quantity: 1,
    startTime: later(2),
    endTime: later(3),
    deliveryMethod: 'basic',
    deliveryAddress: { street: 'Vuosaaren satama, laituri 3', postalCode: '00980', city: 'Helsinki', country: 'fi' },
  });
  return cart.id;
}

describe('subscriptions: a weekly recurring order from a cart, accepted by the seller', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('the buyer subscribes weekly (en) and sees the next cycle; the seller accepts it with a message (fi)', { timeout: 150_000 }, async () => {
    const buyer = await signIn(harness, 'buyer@harbor.test');
    const cartId = await oneItemCart(buyer);
    await buyer.goto(`/single-cart/${cartId}`);
    await buyer.getByRole('heading', { name: 'Weekly forklift', level: 1 }).waitFor();
    await buyer.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Set up a subscription' });
    await dialog.waitFor();
    // Weekly on Mondays at 09:00 (the defaults), from today for three months.
    await dialog.getByTestId('subscribe-submit').click();
    await buyer.waitForURL((u) => u.pathname === '/subscriptions');
    const card = buyer.getByTestId('subscription-card').filter({ hasText: 'Forklift rental' });
    await card.waitFor();
    expect(await card.getByTestId('subscription-status').textContent()).toBe('Waiting for the seller');
    await seeText(buyer, 'Every 1 week(s) on Mon at 09:00');
    // The next cycle: a Monday at 09.00 in Helsinki time.
    const first = card.getByTestId('next-cycles').locator('li').first();
    expect(await first.textContent()).toMatch(/^\d\d\.\d\d\.\d{4} 09\.00$/);
    const [d, m, y] = (await first.textContent())!.slice(0, 10).split('.').map(Number) as [number, number, number];
    expect(new Date(Date.UTC(y, m - 1, d)).getUTCDay()).toBe(1);
    await screenshot(buyer, 'pending');

    const seller = await signIn(harness, 'sales@helsinki-harbour.harbor.test', 'fi');
    await seller.goto('/subscriptions');
    const sale = seller.getByTestId('subscription-card').filter({ hasText: 'Forklift rental' });
    await sale.waitFor();
    expect(await sale.getByTestId('subscription-status').textContent()).toBe('Odottaa myyjää');
    await sale.getByRole('button', { name: 'Hyväksy' }).click();
    const accept = seller.getByRole('dialog', { name: 'Hyväksy kestotilaus' });
    await accept.getByTestId('subscription-message').fill('Trukki joka maanantai klo 9.');
    await accept.getByRole('button', { name: 'Lähetä' }).click();
    await expect.poll(() => sale.getByTestId('subscription-status').textContent()).toBe('Hyväksytty');
    await seeText(seller, /Trukki joka maanantai klo 9\./);
    await screenshot(seller, 'accepted-fi');

    // The buyer sees the acceptance and the seller's message.
    await buyer.reload();
    await expect.poll(() => card.getByTestId('subscription-status').textContent()).toBe('Accepted');
    await seeText(buyer, /Trukki joka maanantai klo 9\./);
  });
});
