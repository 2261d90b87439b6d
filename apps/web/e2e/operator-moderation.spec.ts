import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { OPERATOR_EMAIL, signIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';

const screenshot = screenshotter('operator-moderation');

/**
 * The operator bans a signed-in buyer from the console: the buyer's open
 * session ends at once, the ban shows in the users list and in the audit list
 * with its reason; the ban is lifted again. The same in Finnish for a seller,
 * by keyboard.
 */
describe('operator console: ban a user, see it in the audit list', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  async function findUser(page: Page, tab: string, search: string, email: string) {
    await page.goto('/operator');
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.getByLabel(search).fill(email);
    const row = page.locator(`tr[data-email="${email}"]`);
    await row.waitFor();
    await page.waitForURL((u) => u.searchParams.get('q') === email);
    return row;
  }

  it('bans a buyer whose session ends at once, shows it in the audit list, and lifts the ban', async () => {
    const buyer = await signIn(harness, 'buyer@harbor.test');
    await buyer.goto('/account/contact-details');
    await buyer.getByRole('heading', { name: 'Contact details', level: 1 }).waitFor();

    const page = await signIn(harness, OPERATOR_EMAIL);
    const row = await findUser(page, 'Users', 'Search by name, email or organization', 'buyer@harbor.test');
    await page.getByRole('button', { name: 'Ban buyer@harbor.test', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ban the user' });
    await dialog.waitFor();
    // The reason is required.
    await dialog.getByRole('button', { name: 'Ban user' }).click();
    await dialog.getByText('Write the reason.').waitFor();
    await dialog.getByLabel(/Reason/).fill('Fake orders from a stolen account');
    await screenshot(page, 'ban-dialog');
    await dialog.getByRole('button', { name: 'Ban user' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.locator('[data-account="banned"]').waitFor();
    await screenshot(page, 'banned');

    // The buyer's open session is over: the next page that needs sign-in sends them to log in.
    await buyer.goto('/account/contact-details');
    await buyer.waitForURL('**/login');

    await page.getByRole('tab', { name: 'Audit', exact: true }).click();
    const entry = page.locator('[data-testid="audit-row"][data-action="user.ban"]').first();
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('Banned a user');
    expect(text).toContain('buyer@harbor.test');
    expect(text).toContain('Fake orders from a stolen account');
    expect(text).toContain(OPERATOR_EMAIL);
    await screenshot(page, 'audit');

    await findUser(page, 'Users', 'Search by name, email or organization', 'buyer@harbor.test');
    await page.getByRole('button', { name: 'Unban buyer@harbor.test', exact: true }).click();
    const unban = page.getByRole('dialog', { name: 'Lift the ban' });
    await unban.getByRole('button', { name: 'Lift ban' }).click();
    await unban.waitFor({ state: 'detached' });
    await page.locator('tr[data-email="buyer@harbor.test"] [data-account="active"]').waitFor();
  });

  it('does the same in Finnish, by keyboard', async () => {
    const page = await signIn(harness, OPERATOR_EMAIL, 'fi');
    const row = await findUser(page, 'Käyttäjät', 'Hae nimellä, sähköpostilla tai organisaatiolla', 'seller@harbor.test');
    await page.getByRole('button', { name: 'Estä seller@harbor.test', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Estä käyttäjä' });
    await dialog.waitFor();
    // The reason field has the focus; Tab moves to Cancel, then to the confirming button.
    await page.keyboard.type('Väärennettyjä palveluita');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await row.locator('[data-account="banned"]').waitFor();
    expect(await row.textContent()).toContain('Estetty');

    await page.getByRole('tab', { name: 'Tapahtumaloki', exact: true }).click();
    const entry = page.locator('[data-testid="audit-row"][data-action="user.ban"]').first();
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('Esti käyttäjän');
    expect(text).toContain('seller@harbor.test');
    expect(text).toContain('Väärennettyjä palveluita');
    await screenshot(page, 'audit-fi');

    await findUser(page, 'Käyttäjät', 'Hae nimellä, sähköpostilla tai organisaatiolla', 'seller@harbor.test');
    await page.getByRole('button', { name: 'Poista käyttäjän seller@harbor.test esto', exact: true }).click();
    const unban = page.getByRole('dialog', { name: 'Poista esto' });
    await unban.getByRole('button', { name: 'Poista esto' }).click();
    await unban.waitFor({ state: 'detached' });
    await page.locator('tr[data-email="seller@harbor.test"] [data-account="active"]').waitFor();
  });
});
