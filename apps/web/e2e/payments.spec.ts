import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { callApi, seeText, signIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';
import { laterAt, listingId } from './marketplace.ts';

const screenshot = screenshotter('payments');
const ONLINE_SERVICE = 'Fresh water supply';

/** A cart of exactly one line (online payment's rule) of the service, built through the cart API. */
async function oneLineCart(page: Page, name: string, listing: string): Promise<string> {
  const cart = await callApi<{ id: string }>(page, 'POST', '/v1/marketplace/cart', {
    name,
    ship: { name: 'FINNSEA', imo: 9300001 },
    portCall: { callId: 'FIVSS-7002', portName: 'Vuosaari (Helsinki)' },
  });
  await callApi(page, 'POST', '/v1/marketplace/cart/product', {
    cartId: cart.id,
    listingId: listing,
    quantity: 10,
    startTime: laterAt(10),
    endTime: laterAt(12),
    deliveryMethod: 'basic',
    deliveryAddress: { street: 'Vuosaaren satama, laituri 3', postalCode: '00980', city: 'Helsinki', country: 'fi' },
  });
  return cart.id;
}

/** Places the one-line cart with card payment and fills the hosted card page (its inputs by id: the page is in the buyer's language). */
async function payWithCard(page: Page, cartId: string, cartName: string, card: string, labels: { online: RegExp; place: RegExp }): Promise<void> {
  await page.goto(`/single-cart/${cartId}`);
  await page.getByRole('heading', { name: cartName, level: 1 }).waitFor();
  await page.getByLabel(labels.online).check();
  await page.getByRole('button', { name: labels.place }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/payments/local/'));
  await page.locator('#number').fill(card);
  await page.locator('#expiry').fill('12/34');
  await page.locator('#cvc').fill('123');
  await page.locator('form button[type=submit]').first().click();
}

describe('payments: online card payment, payout onboarding, saved cards', () => {
  let harness: Harness;
  let listing: string;

  beforeAll(async () => {
    // The hosted payment pages and their return URLs are absolute (PUBLIC_URL).
    harness = await startHarness({ reachablePublicUrl: true });
    // The demo seller has a verified payout account; its fresh water service is opened to online payment.
    const seller = await signIn(harness, 'seller@harbor.test');
    listing = await listingId(seller, ONLINE_SERVICE);
    await callApi(seller, 'PATCH', `/api/own-listings/${listing}`, { publicData: { allowOnlinePayment: true } });
    await seller.context().close();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('a buyer pays one item online with 4242 and lands on /online-payment-successful; the order is paid', { timeout: 120_000 }, async () => {
    const buyer = await signIn(harness, 'buyer@harbor.test');
    const cartId = await oneLineCart(buyer, 'Water for Finnsea', listing);
    await payWithCard(buyer, cartId, 'Water for Finnsea', '4242 4242 4242 4242', { online: /^Card payment online/, place: /^Place order \(1 line\)/ });
    await buyer.waitForURL((u) => u.pathname === '/online-payment-successful');
    const transactionId = new URL(buyer.url()).searchParams.get('transactionId');
    expect(transactionId).toBeTruthy();
    await buyer.getByRole('heading', { name: 'Payment successful', level: 1 }).waitFor();
    // The webhook may arrive a moment after the browser: the page waits for it.
    await seeText(buyer, 'Thank you! Your card payment was received and the order was sent to the seller.');
    expect(await buyer.getByTestId('payment-status').getAttribute('data-status')).toBe('ONLINE_CONFIRM');
    await screenshot(buyer, 'payment-successful');

    await buyer.getByRole('link', { name: 'View the order' }).click();
    await buyer.waitForURL((u) => u.pathname === `/orders/${transactionId}`);
    await seeText(buyer, 'Online, paid');
    const tx = await callApi<{ data: { state: string; protectedData: { paymentStatus: string } } }>(buyer, 'GET', `/api/transactions/${transactionId}`);
    expect(tx.data.state).toBe('ordered');
    expect(tx.data.protectedData.paymentStatus).toBe('ONLINE_CONFIRM');
  });

  it('a declined card lands on /online-payment-cancel with the decline text, in Finnish', { timeout: 120_000 }, async () => {
    const buyer = await signIn(harness, 'buyer@harbor.test', 'fi');
    const cartId = await oneLineCart(buyer, 'Vesi hylätyllä kortilla', listing);
    await payWithCard(buyer, cartId, 'Vesi hylätyllä kortilla', '4000 0000 0000 0002', { online: /^Korttimaksu verkossa/, place: /^Tilaa \(1 rivi\)/ });
    await buyer.waitForURL((u) => u.pathname === '/online-payment-cancel');
    expect(new URL(buyer.url()).searchParams.get('error')).toBe('card_declined');
    expect(await buyer.getByTestId('card-error').textContent()).toBe('Korttisi hylättiin.');
    await buyer.getByRole('heading', { name: 'Maksua ei suoritettu', level: 1 }).waitFor();
    await expect.poll(() => buyer.getByTestId('payment-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('ONLINE_CANCEL');
    await screenshot(buyer, 'payment-declined-fi');
    // The order page says why the payment ended.
    await buyer.getByRole('link', { name: 'Näytä tilaus' }).click();
    await buyer.waitForURL((u) => u.pathname.startsWith('/orders/'));
    expect(await buyer.getByTestId('order-payment-note').textContent()).toBe('Korttisi hylättiin.');
    await seeText(buyer, 'Verkkomaksu, epäonnistui');
  });

  it('a new seller fills the payout form, completes onboarding and sees the verified account', { timeout: 120_000 }, async () => {
    // Any signed-in user can set up payouts; the buyer's account has none yet.
    const user = await signIn(harness, 'buyer@harbor.test');
    await user.goto('/account/payments');
    await user.getByRole('heading', { name: 'Payout details' }).waitFor();
    const save = user.getByRole('button', { name: 'Save payout details' });
    expect(await save.isDisabled()).toBe(true);
    await user.getByLabel('Individual').check();
    await user.getByRole('combobox', { name: /Country of the bank account/ }).click();
    expect(await user.getByRole('option').count()).toBe(36);
    await user.getByRole('option', { name: 'Finland' }).click();
    const iban = user.getByLabel(/^IBAN/);
    await iban.fill('FI21 1234 5600 0007 86');
    await iban.blur();
    await seeText(user, 'This IBAN is not valid: check the digits.');
    await iban.fill('FI21 1234 5600 0007 85');
    await seeText(user, 'Bank account checked: •••• 0785');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await seeText(user, 'Payout details saved.');
    expect(await user.getByTestId('payout-masked-account').textContent()).toBe('•••• 0785');
    expect(await user.getByTestId('payout-status').getAttribute('data-status')).toBe('verificationNeeded');
    await screenshot(user, 'payout-saved');

    // Onboarding at the provider: name and date of birth, then back to /account/payments/success.
    await user.getByRole('button', { name: 'Provide the details' }).click();
    await user.waitForURL((u) => u.pathname.startsWith('/payments/local/'));
    await user.locator('#name').fill('Maija Meikäläinen');
    await user.locator('#dob').fill('1980-04-01');
    await user.locator('form button[type=submit]').first().click();
    await user.waitForURL((u) => u.pathname === '/account/payments/success');
    await seeText(user, 'Thank you: your details were sent to the payment provider.');
    await expect.poll(() => user.getByTestId('payout-status').getAttribute('data-status')).toBe('verificationSuccess');
    await seeText(user, 'Up to date');
    await screenshot(user, 'payout-verified');
  });

  it('a buyer saves a card at the card form and deletes it, in Finnish', { timeout: 120_000 }, async () => {
    const buyer = await signIn(harness, 'buyer@harbor.test', 'fi');
    await buyer.goto('/account/payment-methods');
    await buyer.getByRole('heading', { name: 'Maksutavat' }).waitFor();
    // The card saved at the checkout above (if any) is not asked for: this buyer did not tick "save".
    await seeText(buyer, 'Sinulla ei ole tallennettuja kortteja.');
    await buyer.getByRole('button', { name: 'Lisää kortti' }).click();
    await buyer.waitForURL((u) => u.pathname.startsWith('/payments/local/'));
    await buyer.locator('#number').fill('4242 4242 4242 4242');
    await buyer.locator('#expiry').fill('11/33');
    await buyer.locator('#cvc').fill('321');
    await buyer.locator('form button[type=submit]').first().click();
    await buyer.waitForURL((u) => u.pathname === '/account/payment-methods');
    await seeText(buyer, 'Kortti tallennettiin.');
    const card = buyer.getByTestId('saved-card');
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    expect(await card.textContent()).toContain('Visa, loppunumerot 4242');
    expect(await card.textContent()).toContain('Voimassa 11/2033');
    expect(await card.textContent()).toContain('Oletuskortti');
    await screenshot(buyer, 'card-saved-fi');

    await buyer.getByRole('button', { name: 'Poista kortti: Visa, loppunumerot 4242' }).click();
    const dialog = buyer.getByRole('alertdialog', { name: 'Poistetaanko kortti?' });
    await dialog.getByRole('button', { name: 'Poista', exact: true }).click();
    await seeText(buyer, 'Kortti poistettiin.');
    await expect.poll(() => buyer.getByTestId('saved-card').count()).toBe(0);
    await seeText(buyer, 'Sinulla ei ole tallennettuja kortteja.');
  });
});
