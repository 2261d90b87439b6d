import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotter } from './browser.ts';
import { callApi, seeText, signIn, startHarness } from './harness.ts';
import type { Harness } from './harness.ts';
import { laterAt, listingId } from './marketplace.ts';

const screenshot = screenshotter('messages');

/** The buyer orders the demo mooring service directly (one initiate call, as placing a cart line makes it). */
async function placeOrder(buyer: Page): Promise<string> {
  const tx = await callApi<{ data: { id: string } }>(buyer, 'POST', '/api/transactions/initiate', {
    processAlias: 'harbor-order-simple',
    transition: 'order',
    params: {
      listingId: await listingId(buyer, 'Mooring and unmooring'),
      quantity: 1,
      startTime: laterAt(9),
      endTime: laterAt(11),
      deliveryMethod: 'basic',
      deliveryAddress: { street: 'Vuosaaren satama, laituri 3', postalCode: '00980', city: 'Helsinki', country: 'fi' },
      protectedData: { shipName: 'MESSAGE TEST', portCallId: 'FIVSS-8001' },
    },
  });
  return tx.data.id;
}

const thread = (page: Page) => page.getByRole('region', { name: /^(Messages|Viestit)$/ });
const files = (page: Page) => page.getByRole('region', { name: /^(Attachments|Liitteet)$/ });
const messageTexts = (page: Page) => thread(page).getByRole('listitem').allTextContents();

describe('messages and attachments on an order', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('buyer (en) and seller (fi) exchange messages and a file; each sees the other’s without reloading', { timeout: 150_000 }, async () => {
    const buyer = await signIn(harness, 'buyer@harbor.test');
    const id = await placeOrder(buyer);
    await buyer.goto(`/orders/${id}`);
    await thread(buyer).getByText('No messages yet. Write the first one below.').waitFor().catch(async (e: unknown) => {
      throw new Error(`the order page shows:\n${await buyer.locator('main').innerText().catch(() => '(no main)')}`, { cause: e });
    });

    // The composer: refuses an empty message, counts the trimmed text, Ctrl+Enter sends.
    const box = thread(buyer).getByRole('textbox', { name: 'New message' });
    await thread(buyer).getByRole('button', { name: 'Send' }).click();
    await seeText(buyer, 'Write a message before sending.');
    await box.fill('  Gangway on the starboard side.\nPlease call before arriving.  ');
    expect(await thread(buyer).getByTestId('message-counter').textContent()).toBe('59 / 5000');
    await box.press('Control+Enter');
    await thread(buyer).getByText(/Gangway on the starboard side\./).waitFor();
    await expect.poll(() => box.inputValue()).toBe('');
    expect((await messageTexts(buyer))[0]).toMatch(/^You · Buyer · .*Gangway on the starboard side\.\nPlease call before arriving\.$/s);

    // A file: a refused type first (checked in the browser), then a TXT with its content.
    const input = files(buyer).getByTestId('attachment-input');
    await input.setInputFiles({ name: 'ship.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await seeText(buyer, 'ship.exe: attach a PDF, DOC, DOCX or TXT file.');
    const crewList = 'Crew list\nMaster: A. Virtanen\nChief officer: B. Laine\n';
    await input.setInputFiles({ name: 'crew-list.txt', mimeType: 'text/plain', buffer: Buffer.from(crewList) });
    await seeText(buyer, 'crew-list.txt was attached.');
    await files(buyer).getByRole('button', { name: 'Download crew-list.txt' }).waitFor();
    await screenshot(buyer, 'order-thread-en');

    // The seller in Finnish: the unread count on the sales row, then the thread, the file and a reply.
    const seller = await signIn(harness, 'seller@harbor.test', 'fi');
    await seller.goto('/orders?only=sale');
    const saleRow = seller.getByTestId('order-row').filter({ has: seller.locator(`[data-id="${id}"]`) }).or(seller.locator(`[data-testid="order-row"][data-id="${id}"]`));
    await saleRow.first().waitFor();
    await expect.poll(() => saleRow.first().getByTestId('unread-count').getAttribute('aria-label')).toBe('1 lukematon viesti');
    await saleRow.first().getByRole('link').first().click();
    await thread(seller).getByText(/Gangway on the starboard side\./).waitFor();
    expect((await messageTexts(seller))[0]).toMatch(/ · Ostaja · /);
    // The buyer's file: downloadable, not deletable by the seller.
    expect(await files(seller).getByRole('button', { name: 'Poista crew-list.txt' }).count()).toBe(0);
    const [download] = await Promise.all([seller.waitForEvent('download'), files(seller).getByRole('button', { name: 'Lataa crew-list.txt' }).click()]);
    expect(download.suggestedFilename()).toBe('crew-list.txt');
    expect(await readFile((await download.path())!, 'utf8')).toBe(crewList);
    await thread(seller).getByRole('textbox', { name: 'Uusi viesti' }).fill('Selvä, soitamme tuntia ennen.');
    await thread(seller).getByRole('button', { name: 'Lähetä' }).click();
    await thread(seller).getByText('Selvä, soitamme tuntia ennen.').waitFor();
    await expect.poll(() => messageTexts(seller)).toEqual([expect.stringMatching(/ · Ostaja · /), expect.stringMatching(/^Sinä · Myyjä · .*Selvä, soitamme tuntia ennen\.$/)]);
    await screenshot(seller, 'order-thread-fi');
    // Reading the thread cleared the seller's unread count.
    await seller.goto('/orders?only=sale');
    await saleRow.first().waitFor();
    expect(await saleRow.first().getByTestId('unread-count').count()).toBe(0);

    // The buyer's open page picks the reply up by itself (polling while visible).
    await expect.poll(() => thread(buyer).getByText('Selvä, soitamme tuntia ennen.').count(), { timeout: 30_000, interval: 1000 }).toBe(1);
    expect((await messageTexts(buyer)).at(-1)).toMatch(/ · Seller · .*Selvä, soitamme tuntia ennen\.$/);

    // The buyer removes the file after confirming (their window in front again: a background tab runs no animation frames); the seller no longer sees it.
    await buyer.bringToFront();
    await files(buyer).getByRole('button', { name: 'Delete crew-list.txt' }).click();
    const confirm = buyer.getByRole('dialog', { name: 'Delete the attachment?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await files(buyer).getByText('No attachments.').waitFor();
    await seller.goto(`/orders/${id}`);
    await files(seller).getByText('Ei liitteitä.').waitFor();
  });

  it('a buyer asks the seller from the listing page (in Finnish): the enquiry opens with the message as its thread', { timeout: 90_000 }, async () => {
    const buyer = await signIn(harness, 'buyer@harbor.test', 'fi');
    await buyer.goto('/s?keywords=Forklift');
    await buyer.getByTestId('listing-card').filter({ hasText: 'Forklift rental' }).getByRole('link').first().click();
    await buyer.getByRole('heading', { name: 'Forklift rental', level: 1 }).waitFor();
    await buyer.getByRole('button', { name: 'Kysy myyjältä' }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Kysy myyjältä' });
    await dialog.getByRole('button', { name: 'Lähetä tiedustelu' }).click();
    await dialog.getByText('Tiedusteluun tarvitaan viesti.').waitFor();
    await dialog.getByRole('textbox', { name: 'Viesti' }).fill('Onko trukki vapaa lauantaina?');
    await dialog.getByRole('button', { name: 'Lähetä tiedustelu' }).click();
    await buyer.waitForURL((u) => /^\/orders\/[0-9a-f-]{36}$/.test(u.pathname));
    await thread(buyer).getByText('Onko trukki vapaa lauantaina?').waitFor();
    await expect.poll(() => buyer.locator('main [data-chip]').first().textContent()).toBe('Tiedustelu');
    expect((await messageTexts(buyer))[0]).toMatch(/^Sinä · Ostaja · /);
    await screenshot(buyer, 'enquiry-fi');
  });
});
