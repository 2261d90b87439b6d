import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { acceptCookies, DEMO_PASSWORD, seeText, signIn, startHarness, useFinnish } from './harness.ts';
import type { Harness } from './harness.ts';
import { waitForMapLoaded } from './map.ts';
import { makePng } from './png.ts';

const screenshot = screenshotter('organizations');
const SELLER = 'seller@harbor.test';
const BUYER = 'buyer@harbor.test';
const ORG_NAME = 'Vuosaari Port Services';
const SHORT = 'E2E: mooring, launches and line handling around the clock.';
// Longer than the user card's 170 characters, with a tail that only the full bio shows.
const BIO = `${'Selma has run line handling crews in Vuosaari for twelve years and knows every berth of the harbour. '.repeat(2)}Tail: ask for the winter rates.`;

/** The signed-in user as the API sees it (ids for the URLs under test). */
async function whoIs(harness: Harness, email: string): Promise<{ id: string; organization: { id: string } }> {
  const login = await fetch(`${harness.url}/api/auth/harbor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { access_token } = (await (await fetch(`${harness.url}/api/auth/harbor/token`, { headers: { cookie } })).json()) as { access_token: string };
  return (await (await fetch(`${harness.url}/api/users/me`, { headers: { authorization: `Bearer ${access_token}` } })).json()) as {
    id: string;
    organization: { id: string };
  };
}

/** Organization profile and port info editors, the organization page, port services and companies, the profile user card. */
describe('organizations', () => {
  let harness: Harness;
  let orgId: string;
  let sellerId: string;

  beforeAll(async () => {
    harness = await startHarness();
    const seller = await whoIs(harness, SELLER);
    orgId = seller.organization.id;
    sellerId = seller.id;
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('seller edits the organization profile with a new logo and sees it on the organization page', async () => {
    const page = await signIn(harness, SELLER);
    await page.goto(`/organization/${orgId}`);
    const logo = page.getByRole('img', { name: `${ORG_NAME} logo` });
    const oldLogo = await logo.getAttribute('src');

    await page.goto(`/organization/${orgId}/settings/bogus`);
    await page.waitForURL((u) => u.pathname === `/organization/${orgId}/settings/profile`);
    await expect.poll(() => page.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected'), { timeout: 5000 }).toBe('true');
    await page.getByRole('textbox', { name: 'Short description' }).fill(SHORT);
    await page.getByRole('textbox', { name: 'Phone' }).fill('');
    await page.getByRole('textbox', { name: 'Phone' }).blur();
    await page.locator('.Mui-error').first().waitFor();
    await page.getByRole('textbox', { name: 'Phone' }).fill('+358 40 555 0199');
    await page.getByTestId('org-logoImage').setInputFiles({ name: 'e2e-logo.png', mimeType: 'image/png', buffer: makePng(96, [200, 40, 40], [20, 70, 160]) });
    await seeText(page, 'e2e-logo.png');
    await screenshot(page, 'profile-editor');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await seeText(page, 'Saved.');

    await page.goto(`/organization/${orgId}`);
    await page.getByRole('heading', { name: ORG_NAME, level: 1 }).waitFor();
    await seeText(page, SHORT);
    await seeText(page, '+358 40 555 0199');
    const newLogo = await logo.getAttribute('src');
    expect(newLogo).toBeTruthy();
    expect(newLogo).not.toBe(oldLogo);
    // The served variant is a real image.
    const res = await page.request.get(newLogo!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^image\//);
    await page.getByRole('link', { name: 'Edit organization' }).waitFor();
    await screenshot(page, 'organization-page');
  });

  it('seller adds port info with an office picked on the map, then hides the map', async () => {
    const page = await signIn(harness, SELLER);
    await page.goto(`/organization/${orgId}/settings/ports`);
    await expect.poll(() => page.getByRole('tab', { name: 'Port info' }).getAttribute('aria-selected'), { timeout: 5000 }).toBe('true');
    await page.getByRole('textbox', { name: 'Office address' }).fill('Satamakaari 7, Gate B');
    await page.getByRole('textbox', { name: 'City' }).fill('Helsinki');
    // The point picker is loaded on first use; a click on it places the office.
    const picker = page.getByRole('group', { name: 'Office location' });
    const canvas = picker.locator('canvas');
    await canvas.waitFor();
    await waitForMapLoaded(page, 30_000);
    // With no office placed yet, the map opens over the port (Vuosaari, 60.21 N 25.19 E), not the default centre.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const el = document.querySelector('[data-testid="map-canvas-container"]') as HTMLElement & { harborMap: { getCenter(): { lat: number; lng: number } } };
            const c = el.harborMap.getCenter();
            return Math.abs(c.lat - 60.21) < 0.1 && Math.abs(c.lng - 25.19) < 0.2;
          }),
        { timeout: 10_000 },
      )
      .toBe(true);
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 20, box.y + box.height / 2 - 10);
    const lat = page.getByRole('spinbutton', { name: 'Latitude' });
    const lon = page.getByRole('spinbutton', { name: 'Longitude' });
    await expectFilled(lat);
    const picked = { lat: Number(await lat.inputValue()), lon: Number(await lon.inputValue()) };
    expect(Math.abs(picked.lat - 60.21)).toBeLessThan(0.1);
    expect(Math.abs(picked.lon - 25.19)).toBeLessThan(0.2);
    await picker.locator('.maplibregl-marker').waitFor();
    await screenshot(page, 'port-info-editor');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await seeText(page, 'Saved.');

    await page.goto(`/organization/${orgId}`);
    const offices = page.getByRole('region', { name: 'Port offices' });
    await offices.getByText('Satamakaari 7, Gate B').waitFor();
    const mapLink = offices.getByRole('link', { name: 'Show on map' });
    await expect.poll(() => mapLink.getAttribute('href'), { timeout: 5000 }).toContain(`mlat=${picked.lat}`);

    // The saved port info comes back into the editor; hiding the map removes the link.
    await page.goto(`/organization/${orgId}/settings/ports`);
    expect(await page.getByRole('textbox', { name: 'Office address' }).inputValue()).toBe('Satamakaari 7, Gate B');
    expect(Number(await page.getByRole('spinbutton', { name: 'Latitude' }).inputValue())).toBe(picked.lat);
    await page.getByRole('checkbox', { name: 'Hide the map on the organization page' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await seeText(page, 'Saved.');
    await page.goto(`/organization/${orgId}`);
    await offices.getByText('Satamakaari 7, Gate B').waitFor();
    expect(await offices.getByRole('link', { name: 'Show on map' }).count()).toBe(0);
    await screenshot(page, 'organization-offices');

    // Finnish editor.
    await useFinnish(page);
    await page.goto(`/organization/${orgId}/settings/ports`);
    await page.getByRole('tab', { name: 'Satamatiedot' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Piilota kartta organisaation sivulla' }).isChecked()).toBe(true);
    await page.getByRole('tab', { name: 'Profiili' }).click();
    await page.getByRole('button', { name: 'Tallenna', exact: true }).waitFor();
    await screenshot(page, 'settings-fi');
  });

  it('a buyer cannot edit another organization', async () => {
    const page = await signIn(harness, BUYER);
    await page.goto(`/organization/${orgId}/settings/profile`);
    await seeText(page, 'Only members of the organization can edit it.');
    await page.goto(`/organization/${orgId}`);
    await page.getByRole('heading', { name: ORG_NAME, level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit organization' }).count()).toBe(0);
  });

  it('port services in card and list view, grouped per category plus All', async () => {
    const page = await harness.newPage();
    await page.goto('/port-services');
    await acceptCookies(page);
    const tabs = page.getByRole('tablist', { name: 'Categories' });
    const all = tabs.getByRole('tab', { name: /^All \(\d+\)$/ });
    await all.waitFor();
    await expect.poll(() => all.getAttribute('aria-selected'), { timeout: 5000 }).toBe('true');
    const total = Number(/\((\d+)\)/.exec((await all.textContent()) ?? '')![1]);
    expect(total).toBeGreaterThan(1);
    await page.getByTestId('listing-card').first().waitFor();
    expect(await page.getByTestId('listing-card').count()).toBe(total);
    // Signed out: no companies link (that page needs sign-in).
    expect(await page.getByRole('link', { name: 'Port companies' }).count()).toBe(0);
    await screenshot(page, 'port-services-cards');

    const supplies = tabs.getByRole('tab', { name: /^Supplies \(\d+\)$/ });
    const inSupplies = Number(/\((\d+)\)/.exec((await supplies.textContent()) ?? '')![1]);
    await supplies.click();
    await page.waitForURL((u) => u.searchParams.get('category') === 'supplies');
    await expectCount(page.getByTestId('listing-card'), inSupplies);
    expect(inSupplies).toBeLessThan(total);

    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
    const list = page.getByRole('list').filter({ has: page.getByRole('link', { name: /Fresh water supply/ }) });
    await list.waitFor();
    expect(await list.getByRole('link').count()).toBe(inSupplies);
    await seeText(page, /Fresh water supply/);
    await screenshot(page, 'port-services-list');
    await tabs.getByRole('tab', { name: /^All / }).click();
    await page.waitForURL((u) => !u.searchParams.has('category'));
    await expectCount(list.getByRole('link'), total);

    // A category link survives a reload; Finnish texts.
    await page.goto('/port-services?category=supplies');
    await page.evaluate(() => sessionStorage.setItem('harbor.language', 'fi'));
    await page.reload();
    const fiSupplies = page.getByRole('tab', { name: /^Tarvikkeet \(\d+\)$/ });
    await fiSupplies.waitFor();
    await expect.poll(() => fiSupplies.getAttribute('aria-selected'), { timeout: 5000 }).toBe('true');
    await page.getByRole('tab', { name: /^Kaikki \(\d+\)$/ }).waitFor();
    await page.getByRole('group', { name: 'Näkymä' }).getByRole('button', { name: 'Kortit' }).waitFor();
    await screenshot(page, 'port-services-fi');
  });

  it('port companies lists the port organizations for signed-in users', async () => {
    const page = await signIn(harness, BUYER);
    await page.goto('/port-services');
    await page.getByRole('link', { name: 'Port companies' }).click();
    await page.waitForURL((u) => u.pathname === '/port-companies');
    await page.getByRole('heading', { name: 'Port companies', level: 1 }).waitFor();
    const company = page.getByRole('link', { name: new RegExp(ORG_NAME) });
    await company.waitFor();
    await seeText(page, SHORT);
    await screenshot(page, 'port-companies');
    await company.click();
    await page.waitForURL((u) => u.pathname === `/organization/${orgId}`);
    await page.getByRole('heading', { name: ORG_NAME, level: 1 }).waitFor();
  });

  it('the profile page user card cuts the bio at 170 characters; own profile shows edit', async () => {
    const seller = await signIn(harness, SELLER);
    await seller.goto('/profile-settings');
    await seller.getByRole('textbox', { name: 'About you' }).fill(BIO);
    await seller.getByRole('button', { name: 'Save', exact: true }).click();
    await seeText(seller, 'Your profile has been saved.');

    await seller.goto(`/u/${sellerId}`);
    const card = seller.getByRole('region', { name: /^User / });
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`${BIO.slice(0, 170).trimEnd()}…`);
    expect(text).not.toContain('winter rates');
    await card.getByRole('button', { name: 'Show full bio' }).click();
    await card.getByText(/ask for the winter rates\./).waitFor();
    await card.getByRole('button', { name: 'Show less' }).waitFor();
    // Own card: edit instead of contact, and no link to the page it is on.
    await card.getByRole('link', { name: 'Edit profile' }).waitFor();
    expect(await card.getByRole('button', { name: 'Contact' }).count()).toBe(0);
    expect(await card.getByRole('link', { name: 'View profile' }).count()).toBe(0);
    await screenshot(seller, 'own-profile');

    const buyer = await signIn(harness, BUYER, 'fi');
    await buyer.goto(`/u/${sellerId}`);
    const other = buyer.getByRole('region', { name: /^Käyttäjä / });
    await other.getByRole('button', { name: 'Näytä koko esittely' }).waitFor();
    expect(await other.getByRole('link', { name: 'Muokkaa profiilia' }).count()).toBe(0);
    await other.getByRole('button', { name: 'Ota yhteyttä' }).click();
    await buyer.getByRole('alert').waitFor();
    await screenshot(buyer, 'profile-fi');
  });
});

async function expectFilled(input: ReturnType<Page['getByRole']>): Promise<void> {
  for (let i = 0; i < 50 && !(await input.inputValue()); i++) await new Promise((r) => setTimeout(r, 100));
  expect(await input.inputValue()).not.toBe('');
}

async function expectCount(locator: ReturnType<Page['getByRole']>, n: number): Promise<void> {
  for (let i = 0; i < 50 && (await locator.count()) !== n; i++) await new Promise((r) => setTimeout(r, 100));
  expect(await locator.count()).toBe(n);
}
