import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { OPERATOR_EMAIL, seeText, signIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('catalogue');
const ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/src/seed/assets');
const IMAGES = [path.join(ASSETS, 'technical.jpg'), path.join(ASSETS, 'energy.jpg')];
const TITLE = 'Harbour tug assist E2E';
/** The image id in an upload URL (/uploads/listing/{id}/{variant file}). */
const imageIdOf = (src: string | null) => /\/uploads\/listing\/([^/]+)\//.exec(src ?? '')?.[1] ?? null;
/** Set by the seller's test: the image moved to first place, and the editor's path. */
let mainImageId: string | null = null;
let editorPath = '';

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
    await page.getByRole('radio', { name: 'Request for quote' }).check();
    await seeText(page, 'Buyers request a quote.');
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

    await page.getByTestId('image-input').setInputFiles(IMAGES);
    await page.getByRole('img', { name: `${TITLE}, image 2` }).waitFor();
    const second = imageIdOf(await page.getByRole('img', { name: `${TITLE}, image 2` }).getAttribute('src'));
    expect(await page.getByRole('button', { name: 'Move image 1 earlier' }).isDisabled()).toBe(true);
    // By keyboard: the second image becomes the main image, and the focus stays with it.
    await page.getByRole('button', { name: 'Move image 2 earlier' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid=editor-image] img')?.getAttribute('src')?.includes(`/${id}/`),
      second,
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move image 1 later');
    await seeText(page, 'Image 2 moved to position 1.');
    await screenshot(page, 'editor-images');
    await page.reload();
    await page.getByRole('img', { name: `${TITLE}, image 1` }).waitFor();
    expect(imageIdOf(await page.getByRole('img', { name: `${TITLE}, image 1` }).getAttribute('src'))).toBe(second);
    mainImageId = second;
    await page.getByRole('tab', { name: 'Availability' }).click();
    await onTab(page, 'availability');

    const year = new Date().getFullYear() + 1;
    // Typed as DD.MM.YYYY (the date fields are text; their calendar buttons are named after them too).
    await page.getByRole('textbox', { name: 'Available from' }).fill(`1.1.${year}`);
    await page.getByRole('textbox', { name: 'Available to' }).fill(`31.12.${year}`);
    await page.getByRole('checkbox', { name: 'Show working hours on the listing' }).check();
    await page.getByLabel('Monday opens', { exact: true }).fill('07:00');
    await page.getByLabel('Monday closes', { exact: true }).fill('17:00');
    await page.getByLabel('Tuesday closes', { exact: true }).fill('07:00');
    await page.getByRole('checkbox', { name: 'Open on Friday' }).uncheck();
    await saveAndContinue(page);
    await seeText(page, 'The closing time must be after the opening time.');
    await page.getByLabel('Tuesday closes', { exact: true }).fill('16:30');
    await page.getByRole('textbox', { name: 'Note on working hours' }).fill('Closed on public holidays');
    await screenshot(page, 'editor-working-hours');
    await saveAndContinue(page);
    await onTab(page, 'publish');

    await page.getByRole('button', { name: 'Publish listing' }).click();
    await seeText(page, 'Your listing is pending approval.');
    await screenshot(page, 'editor-pending');

    // Back from payout onboarding: the editor on that tab with a dismissible note; unknown types show just the editor.
    editorPath = new URL(page.url()).pathname.replace(/\/publish$/, '');
    await page.goto(`${editorPath}/pricing/failure`);
    await seeText(page, 'The payout setup did not complete.');
    await expect.poll(() => page.getByRole('tab', { name: 'Pricing' }).getAttribute('aria-selected'), { timeout: 5000 }).toBe('true');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForURL((u) => u.pathname === `${editorPath}/pricing`);
    await page.getByTestId('payout-return').waitFor({ state: 'detached' });
    await page.goto(`${editorPath}/images/success`);
    await seeText(page, 'You are back from the payout setup.');
    await page.goto(`${editorPath}/images/elsewhere`);
    await page.getByRole('button', { name: 'Add images' }).waitFor();
    expect(await page.getByTestId('payout-return').count()).toBe(0);
    await page.goto(`${editorPath}/publish`);
    await page.getByRole('tab', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete listing' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/listings');
    await page.getByRole('link', { name: new RegExp(TITLE) }).waitFor();
    await seeText(page, 'Pending approval');
  }, 120_000);

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
    // The card shows the main image: the one the seller moved first.
    expect(imageIdOf(await page.getByTestId('listing-card').filter({ hasText: TITLE }).locator('img').getAttribute('src'))).toBe(mainImageId);
    await screenshot(page, 'search');
    await page.getByTestId('listing-card').filter({ hasText: TITLE }).getByRole('link').click();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    expect(imageIdOf(await page.getByRole('img', { name: `${TITLE}, image 1` }).getAttribute('src'))).toBe(mainImageId);
    const hours = page.getByRole('table', { name: 'Working hours' });
    expect(await hours.getByRole('row', { name: /Monday/ }).textContent()).toBe('Monday07:00–17:00');
    expect(await hours.getByRole('row', { name: /Tuesday/ }).textContent()).toBe('Tuesday08:00–16:30');
    expect(await hours.getByRole('row', { name: /Friday/ }).textContent()).toBe('FridayClosed');
    await seeText(page, 'Closed on public holidays');
    await seeText(page, 'The price is requested as a quote');

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
    await seeText(page, 'Indicative price checked by the server: 520.00 EUR (VAT 0 %).');
    await screenshot(page, 'order-panel');

    await page.getByRole('button', { name: 'Reviews' }).click();
    await page.getByRole('dialog', { name: 'Reviews' }).getByText('No reviews yet.').waitFor();
    await page.keyboard.press('Escape');

    // Finnish.
    await page.evaluate(() => sessionStorage.setItem('harbor.language', 'fi'));
    await page.reload();
    await page.getByRole('button', { name: 'Lisää ostoskoriin' }).waitFor();
    await seeText(page, 'Alkamisaika');
    await page.getByRole('table', { name: 'Aukioloajat' }).getByRole('row', { name: /Maanantai/ }).waitFor();
    await seeText(page, 'Hinta pyydetään tarjouksena');
    await screenshot(page, 'listing-fi');
  });

  it('shows the wizard and search in Finnish, and signed-out visitors cannot order', async () => {
    const seller = await signIn(harness, 'seller@harbor.test', 'fi');
    await seller.goto('/l/new');
    await seller.getByRole('tab', { name: 'Hinnoittelu' }).waitFor();
    await seller.getByRole('button', { name: 'Luo luonnos' }).waitFor();
    await screenshot(seller, 'editor-fi');
    await seller.goto(`${editorPath}/pricing/success`);
    await seeText(seller, 'Palasit maksuasetuksista.');
    await seller.getByRole('radio', { name: 'Tarjouspyyntö' }).waitFor();

    const visitor = await harness.newPage();
    await visitor.goto('/s?keywords=tug%20assist%20E2E');
    await visitor.getByTestId('listing-card').filter({ hasText: TITLE }).getByRole('link').click();
    await visitor.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await seeText(visitor, 'Sign in to order this service.');
    expect(await visitor.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
  });
});
