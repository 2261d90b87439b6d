import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { acceptCookies, logIn, OPERATOR_EMAIL, seeText, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('catalogue');
const IMAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/src/seed/assets/technical.jpg');
const TITLE = 'Harbour tug assist E2E';

async function signIn(harness: Harness, email: string, language: 'en' | 'fi' = 'en'): Promise<Page> {
  const page = await harness.newPage();
  await page.goto('/login');
  await acceptCookies(page);
  await logIn(page, email);
  await page.waitForURL((u) => u.pathname === '/');
  if (language === 'fi') {
    await page.evaluate(() => sessionStorage.setItem('harbor.language', 'fi'));
    await page.reload();
    // Let the reload redeem the refresh token before the next navigation (a navigation mid-refresh loses the rotated token).
    await page.waitForLoadState('networkidle');
  }
  return page;
}

const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();
async function onTab(page: Page, tab: string): Promise<void> {
  try {
    await page.waitForURL((u) => u.pathname.endsWith(`/${tab}`), { timeout: 15_000 });
  } catch (error) {
    await screenshot(page, `failed-before-${tab}`);
    console.error(await page.locator('.Mui-error, [role=alert]').allTextContents(), page.url());
    throw error;
  }
}

/** The catalogue: a seller lists a service, the operator approves it, a buyer finds it and fills the order panel. */
describe('marketplace catalogue', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('seller creates a listing through every wizard tab and publishes it', async () => {
    const page = await signIn(harness, 'seller@harbor.test');
    await page.goto('/l/new');
    await page.getByRole('tab', { name: 'Details' }).waitFor();
    // Errors show only once a field was touched.
    expect(await page.getByText('This field is required.').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Title' }).click();
    await page.getByRole('textbox', { name: 'Description' }).click();
    await seeText(page, 'This field is required.');
    await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await page.getByRole('textbox', { name: 'Description' }).fill('Tug assistance for berthing and unberthing in Vuosaari.');
    await page.getByRole('checkbox', { name: 'Technical' }).check();
    await screenshot(page, 'editor-details');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await onTab(page, 'pricing');

    // Stock by compare-and-set.
    await page.getByRole('textbox', { name: 'Stock' }).fill('10');
    await page.getByRole('button', { name: 'Update stock' }).click();
    await seeText(page, 'Stock updated to 10.');
    await page.getByRole('textbox', { name: 'Price (EUR)' }).fill('250');
    await page.getByRole('combobox', { name: 'Discount type' }).click();
    await page.getByRole('option', { name: 'Percent' }).click();
    await page.getByRole('button', { name: 'Add tier' }).click();
    await page.getByRole('textbox', { name: 'From quantity' }).fill('5');
    await page.getByRole('textbox', { name: 'Discount %' }).fill('95');
    await seeText(page, 'A discount of 95 % is very high. Is that intended?');
    await page.getByRole('textbox', { name: 'Discount %' }).fill('10');
    await screenshot(page, 'editor-pricing');
    await saveAndContinue(page);
    await onTab(page, 'delivery');

    await page.getByRole('textbox', { name: 'Delivery time', exact: true }).fill('2');
    await page.getByRole('textbox', { name: 'Basic delivery cost' }).fill('20');
    await saveAndContinue(page);
    await onTab(page, 'features');

    await page.getByRole('textbox', { name: 'Service documentation link' }).fill('https://example.com/tug-docs');
    await saveAndContinue(page);
    await onTab(page, 'disclaimer');

    await page.getByRole('textbox', { name: 'Disclaimer' }).fill('Weather permitting.');
    await saveAndContinue(page);
    await onTab(page, 'location');
    await saveAndContinue(page);
    await onTab(page, 'images');

    await page.getByTestId('image-input').setInputFiles(IMAGE);
    await page.getByRole('img', { name: `${TITLE}, image 1` }).waitFor();
    await screenshot(page, 'editor-images');
    await page.getByRole('tab', { name: 'Availability' }).click();
    await onTab(page, 'availability');

    const year = new Date().getFullYear() + 1;
    await page.getByLabel('Available from').fill(`${year}-01-01`);
    await page.getByLabel('Available to').fill(`${year}-12-31`);
    await saveAndContinue(page);
    await onTab(page, 'publish');

    await page.getByRole('button', { name: 'Publish listing' }).click();
    await seeText(page, 'Your listing is pending approval.');
    await screenshot(page, 'editor-pending');
    await page.getByRole('tab', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete listing' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/listings');
    await page.getByRole('link', { name: new RegExp(TITLE) }).waitFor();
    await seeText(page, 'Pending approval');
  });

  it('operator approves the listing in the console', async () => {
    const page = await signIn(harness, OPERATOR_EMAIL);
    await page.goto('/operator?tab=listings');
    await page.getByRole('button', { name: `Approve ${TITLE}` }).click();
    await seeText(page, 'No listings are waiting for approval.');
    await screenshot(page, 'operator-approved');
  });

  it('buyer finds it by keyword and category and fills a valid order panel', async () => {
    const page = await signIn(harness, 'buyer@harbor.test');
    await page.goto('/s');
    await page.getByRole('textbox', { name: 'Keywords' }).fill('tug assist E2E');
    await page.getByRole('combobox', { name: /Categories/ }).click();
    await page.getByRole('option', { name: 'Technical' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('search', { name: 'Search filters' }).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((u) => u.searchParams.get('pub_categories') === 'technical' && u.searchParams.get('keywords') === 'tug assist E2E');
    await page.getByTestId('listing-card').filter({ hasText: TITLE }).waitFor();
    await screenshot(page, 'search');
    await page.getByTestId('listing-card').filter({ hasText: TITLE }).getByRole('link').click();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();

    const panel = page.getByRole('form', { name: 'Order' });
    await panel.getByRole('spinbutton', { name: 'Quantity' }).fill('0');
    await panel.getByRole('spinbutton', { name: 'Quantity' }).blur();
    await seeText(page, 'The minimum order amount is 1.');
    await panel.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await panel.getByRole('button', { name: 'Add to cart' }).click();
    await seeText(page, 'Enter a street address or pick the location on the map.');
    await panel.getByRole('textbox', { name: 'Street address' }).fill('Satamakaari 1');
    // 2 × 250.00 + 20.00 delivery, VAT 0 %.
    expect(await page.getByTestId('order-total').textContent()).toBe('520.00 EUR');
    await panel.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByTestId('order-validated').waitFor();
    await seeText(page, 'Price confirmed by the server: 520.00 EUR (VAT 0 %).');
    await screenshot(page, 'order-panel');

    await page.getByRole('button', { name: 'Reviews' }).click();
    await page.getByRole('dialog', { name: 'Reviews' }).getByText('No reviews yet.').waitFor();
    await page.keyboard.press('Escape');

    // Finnish.
    await page.evaluate(() => sessionStorage.setItem('harbor.language', 'fi'));
    await page.reload();
    await page.getByRole('button', { name: 'Lisää ostoskoriin' }).waitFor();
    await seeText(page, 'Alkamisaika');
    await screenshot(page, 'listing-fi');
  });

  it('shows the wizard and search in Finnish, and signed-out visitors cannot order', async () => {
    const seller = await signIn(harness, 'seller@harbor.test', 'fi');
    await seller.goto('/l/new');
    await seller.getByRole('tab', { name: 'Hinnoittelu' }).waitFor();
    await seller.getByRole('button', { name: 'Luo luonnos' }).waitFor();
    await screenshot(seller, 'editor-fi');

    const visitor = await harness.newPage();
    await visitor.goto('/s?keywords=tug%20assist%20E2E');
    await visitor.getByTestId('listing-card').filter({ hasText: TITLE }).getByRole('link').click();
    await visitor.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await seeText(visitor, 'Sign in to order this service.');
    expect(await visitor.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
  });
});
