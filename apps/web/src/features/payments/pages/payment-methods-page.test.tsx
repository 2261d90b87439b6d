import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SavedCard } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { catchExternalNavigation } from '../test-fixtures.ts';
import { stubServer } from '../../transactions/test-fixtures.ts';
import { PaymentMethodsPage } from './payment-methods-page.tsx';

const visa: SavedCard = { id: 'pm_visa', brand: 'visa', last4Digits: '4242', expirationMonth: 12, expirationYear: 2034, isDefault: true, expired: false };
const old: SavedCard = { id: 'pm_old', brand: 'mastercard', last4Digits: '4444', expirationMonth: 1, expirationYear: 2024, isDefault: false, expired: true };

function renderPage(path = '/account/payment-methods', language: 'en' | 'fi' = 'en') {
  const router = createMemoryRouter([{ path: '/account/payment-methods', element: <PaymentMethodsPage /> }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { language });
  return router;
}

const assign = catchExternalNavigation();
beforeEach(() => window.sessionStorage.clear());
afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

describe('payment methods page', { timeout: 30_000 }, () => {
  it('lists cards with brand, last four, expiry, the default and the expired text; deletes after confirming', async () => {
    let cards = [visa, old];
    const deleted: string[] = [];
    stubServer({
      'GET /api/payment-methods': () => jsonResponse(200, { data: cards, defaultPaymentMethodId: 'pm_visa' }),
      'DELETE /api/payment-methods/pm_old': () => {
        deleted.push('pm_old');
        cards = [visa];
        return new Response(null, { status: 204 });
      },
    });
    await session.init();
    renderPage();
    const [first, second] = await screen.findAllByTestId('saved-card');
    within(first!).getByText('Visa ending in 4242');
    within(first!).getByText('Expires 12/2034');
    within(first!).getByText('Default card');
    expect(within(first!).queryByText('Expired')).toBeNull();
    within(second!).getByText('Mastercard ending in 4444');
    within(second!).getByText('Expired');
    within(second!).getByText('This card has expired. Replace it with a valid card.');
    screen.getByRole('button', { name: 'Replace card' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete card: Mastercard ending in 4444' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText('The card Mastercard ending in 4444 will be removed from your payment methods.');
    // Cancel first: nothing is deleted.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete card: Mastercard ending in 4444' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The card was deleted.');
    expect(deleted).toEqual(['pm_old']);
    await waitFor(() => expect(screen.getAllByTestId('saved-card')).toHaveLength(1));
  });

  it('adds a card at the provider card form and says so on return, in Finnish', async () => {
    const intents: unknown[] = [];
    const addedCards: unknown[] = [];
    let cards: SavedCard[] = [];
    stubServer({
      'GET /api/payment-methods': () => jsonResponse(200, { data: cards, defaultPaymentMethodId: null }),
      'POST /api/payment-methods': (body) => {
        addedCards.push(body);
        cards = [{ ...visa, id: 'pm_new' }];
        return jsonResponse(200, { data: cards, defaultPaymentMethodId: 'pm_new' });
      },
      'POST /api/payment-methods/setup-intent': (body) => {
        intents.push(body);
        return jsonResponse(200, { data: { id: 'seti_1', url: 'http://localhost/payments/local/setup/seti_1', clientSecret: null } });
      },
    });
    await session.init();
    const router = renderPage('/account/payment-methods?setup=cancel', 'fi');
    await screen.findByText('Korttia ei tallennettu.');
    await screen.findByText('Sinulla ei ole tallennettuja kortteja.');
    fireEvent.click(screen.getByRole('button', { name: 'Lisää kortti' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/payments/local/setup/seti_1'));
    expect(intents).toEqual([{ returnPath: '/account/payment-methods' }]);

    // Back from the card form with the new card: it is added once, as the default, and the id leaves the URL.
    await router.navigate('/account/payment-methods?setup=success&paymentMethodId=pm_new');
    await screen.findByText('Kortti tallennettiin.');
    await screen.findByText('Visa, loppunumerot 4242');
    expect(addedCards).toEqual([{ stripePaymentMethodId: 'pm_new', makeDefault: true }]);
    expect(router.state.location.search).toBe('?setup=success');
  });

  it('makes another card the default', async () => {
    const defaults: unknown[] = [];
    const other: SavedCard = { ...visa, id: 'pm_2', last4Digits: '1881', isDefault: false };
    stubServer({
      'GET /api/payment-methods': () => jsonResponse(200, { data: [visa, other], defaultPaymentMethodId: 'pm_visa' }),
      'PUT /api/payment-methods/default': (body) => {
        defaults.push(body);
        return jsonResponse(200, { ok: true });
      },
    });
    await session.init();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Make default' }));
    await waitFor(() => expect(defaults).toEqual([{ stripePaymentMethodId: 'pm_2' }]));
  });
});
