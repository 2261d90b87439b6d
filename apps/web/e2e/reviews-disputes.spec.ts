import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { callApi, acceptCookies, seeText, signIn, startHarness, useFinnish } from './harness.ts';
import type { Harness } from './harness.ts';
import { laterAt, listingId } from './marketplace.ts';

const screenshot = screenshotter('reviews-disputes');

const TITLE = 'Mooring and unmooring';
/** An order of the demo mooring service placed by the buyer and delivered by the seller, through the API (the order page is tested elsewhere). */
async function deliveredOrder(buyer: Page, seller: Page, listing: string, day: number): Promise<string> {
  const placed = await callApi<{ data: { id: string } }>(buyer, 'POST', '/api/transactions/initiate', {
    processAlias: 'harbor-order-simple',
    transition: 'order',
    params: {
      listingId: listing,
      quantity: 1,
      startTime: laterAt(10, day),
      endTime: laterAt(12, day),
      deliveryMethod: 'basic',
      deliveryAddress: { street: 'Vuosaaren satama, laituri 3', postalCode: '00980', city: 'Helsinki', country: 'fi' },
      protectedData: { shipName: 'FINNSEA' },
    },
  });
  for (const transition of ['accept', 'start-delivery', 'finish-delivery'])
    await callApi(seller, 'POST', `/api/transactions/${placed.data.id}/transition`, { transition, params: {} });
  return placed.data.id;
}

const actions = (page: Page) => page.getByRole('region', { name: /^(Actions|Toiminnot)$/ });
async function stateIs(page: Page, label: string): Promise<void> {
  const chip = page.locator('main [data-chip]').first();
  await expect.poll(() => chip.textContent()).toBe(label);
}

/** Reviews through the order page's review dialog: stars and a text. */
async function review(page: Page, id: string, button: string, stars: number, text: string): Promise<void> {
  await page.goto(`/orders/${id}`);
  await actions(page).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: `${button}?` });
  // MUI Rating's radios are visually hidden behind the stars; their names are "4 Stars" and so on, and a click goes to the star (the input's label).
  const radio = dialog.getByRole('radio', { name: `${stars} Stars`, exact: true });
  await dialog.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
  expect(await radio.isChecked()).toBe(true);
  await dialog.getByRole('textbox', { name: /^Review/ }).fill(text);
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('reviews and disputes in the browser', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('both sides review; the listing shows the average; a disputed order is resolved by the operator and both parties see the comment', { timeout: 180_000 }, async () => {
    const buyer = await signIn(harness, 'buyer@harbor.test');
    const seller = await signIn(harness, 'seller@harbor.test');
    const listing = await listingId(buyer, TITLE);

    // Reviews: the buyer marks received and reviews the seller; the seller reviews back; the order is reviewed.
    const first = await deliveredOrder(buyer, seller, listing, 3);
    await callApi(buyer, 'POST', `/api/transactions/${first}/transition`, { transition: 'mark-received', params: {} });
    await review(buyer, first, 'Review the seller', 4, 'Lines were taken quickly.');
    await stateIs(buyer, 'Reviewed by the buyer');
    await review(seller, first, 'Review the buyer', 5, 'Clear instructions from the bridge.');
    await stateIs(seller, 'Reviewed');

    // The listing page: the average in stars with the count, and the dialog with the review.
    await buyer.goto(`/l/${listing}`);
    // Only the seller's review (ofProvider) counts for the listing: one review of 4 stars.
    await buyer.getByRole('img', { name: '4 out of 5 stars, 1 review' }).waitFor();
    await buyer.getByTestId('review-summary').click();
    const dialog = buyer.getByRole('dialog', { name: 'Reviews' });
    await dialog.getByText('Lines were taken quickly.').waitFor();
    await screenshot(buyer, 'listing-reviews');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // And in Finnish, for a visitor who is not signed in.
    const visitor = await harness.newPage();
    await visitor.goto('/');
    await acceptCookies(visitor);
    await useFinnish(visitor);
    await visitor.goto(`/l/${listing}`);
    await visitor.getByRole('img', { name: '4 / 5 tähteä, 1 arvio' }).waitFor();

    // Disputes: the buyer disputes a delivered order with a reason (required).
    const second = await deliveredOrder(buyer, seller, listing, 4);
    await buyer.goto(`/orders/${second}`);
    await actions(buyer).getByRole('button', { name: 'Dispute' }).click();
    const dispute = buyer.getByRole('dialog', { name: 'Dispute?' });
    await dispute.getByRole('button', { name: 'Dispute' }).click();
    await dispute.getByText('This field is required.').waitFor();
    await dispute.getByRole('textbox', { name: /^Reason/ }).fill('Only one of two lines was handled.');
    await dispute.getByRole('button', { name: 'Dispute' }).click();
    await dispute.waitFor({ state: 'hidden' });
    await stateIs(buyer, 'Disputed');
    await seller.goto(`/orders/${second}`);
    await stateIs(seller, 'Disputed');
    await seeText(seller, 'Only one of two lines was handled.');

    // The operator: the open disputes tab, complete with a comment.
    const operator = await signIn(harness, 'operator@harbor.test');
    await operator.goto('/operator?tab=disputes');
    const row = operator.getByTestId('dispute-row').filter({ hasText: 'Only one of two lines was handled.' });
    await row.waitFor();
    await screenshot(operator, 'open-disputes');
    await row.getByRole('button', { name: 'Complete' }).click();
    const resolve = operator.getByRole('dialog', { name: 'Complete the order' });
    await resolve.getByRole('textbox', { name: /^Comment to both parties/ }).fill('The port log shows both lines handled.');
    await resolve.getByRole('button', { name: 'Complete order' }).click();
    await resolve.waitFor({ state: 'hidden' });
    await seeText(operator, `Order ${second.slice(0, 8)} completed.`);

    for (const page of [buyer, seller]) {
      await page.goto(`/orders/${second}`);
      await stateIs(page, 'Completed (waiting reviews)');
      await seeText(page, 'The port log shows both lines handled.');
    }
  });
});
