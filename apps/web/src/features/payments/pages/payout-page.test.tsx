import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PayoutAccount } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { catchExternalNavigation, payoutAccount } from '../test-fixtures.ts';
import { stubServer } from '../../transactions/test-fixtures.ts';
import { PayoutPage } from './payout-page.tsx';

function renderPage(path = '/account/payments', language: 'en' | 'fi' = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/account/payments', element: <PayoutPage /> },
      { path: '/account/payments/:returnURLType', element: <PayoutPage /> },
    ],
    { initialEntries: [path] },
  );
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

describe('payout page', { timeout: 30_000 }, () => {
  it('first time: account type, country, bank inputs; saves with the token and the default category 5734, then shows the saved state', async () => {
    const created: unknown[] = [];
    let saved: PayoutAccount | null = null;
    stubServer({
      'GET /api/payment-accounts/payout-account': () => jsonResponse(200, { data: saved }),
      'POST /api/payment-accounts/bank-account-token': () => jsonResponse(200, { data: { id: 'btok_9', bankAccount: { last4: '0785', country: 'FI', currency: 'EUR', bankName: null } } }),
      'POST /api/payment-accounts/payout-account': (body) => {
        created.push(body);
        saved = payoutAccount();
        return jsonResponse(201, { data: saved });
      },
    });
    await session.init();
    renderPage();

    const save = await screen.findByRole('button', { name: 'Save payout details' });
    expect(save).toHaveProperty('disabled', true);
    screen.getByText('Merchant category code: 5734');
    fireEvent.click(screen.getByLabelText('Individual'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Country of the bank account/ }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(36);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Finland' }));
    fireEvent.change(await screen.findByLabelText('IBAN', { exact: false }), { target: { value: 'FI21 1234 5600 0007 85' } });
    // Disabled until the bank account has its token.
    expect(save).toHaveProperty('disabled', true);
    await screen.findByText('Bank account checked: •••• 0785', {}, { timeout: 5000 });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);

    await screen.findByText('Payout details saved.');
    expect(created).toEqual([{ accountType: 'individual', country: 'FI', bankAccountToken: 'btok_9', businessProfileURL: null, businessProfileMCC: '5734' }]);
    expect(screen.getByTestId('payout-masked-account').textContent).toBe('•••• 0785');
    expect(screen.getByTestId('payout-status').dataset.status).toBe('verificationNeeded');
  });

  it('opens onboarding from the status box and handles both returns', async () => {
    const links: unknown[] = [];
    stubServer({
      'GET /api/payment-accounts/payout-account': () => jsonResponse(200, { data: payoutAccount() }),
      'POST /api/payment-accounts/payout-account/account-link': (body) => {
        links.push(body);
        return jsonResponse(200, { data: { url: 'http://localhost/payments/local/onboarding/al_1', expiresAt: '2026-11-25T17:00:00.000Z' } });
      },
    });
    await session.init();
    const router = renderPage('/account/payments/failure');
    await screen.findByText('The verification link expired or was left unfinished. Open a new one below.');
    await screen.findByText('Needs verification');
    fireEvent.click(screen.getByRole('button', { name: 'Provide the details' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/payments/local/onboarding/al_1'));
    expect(links).toEqual([{ returnPath: '/account/payments' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/payments'));
  });

  it('shows each status in Finnish, and the success return', async () => {
    let status: PayoutAccount['status']['type'] = 'verificationSuccess';
    stubServer({ 'GET /api/payment-accounts/payout-account': () => jsonResponse(200, { data: payoutAccount({ status: { type: status } }) }) });
    await session.init();
    renderPage('/account/payments/success', 'fi');
    await screen.findByText('Kiitos: tietosi lähetettiin maksupalvelulle.');
    await screen.findByText('Ajan tasalla');
    cleanup();
    status = 'verificationError';
    renderPage('/account/payments', 'fi');
    await screen.findByText('Epäonnistui');
    screen.getByText('Maksupalvelu ei voinut vahvistaa tietojasi. Tarkista ne.');
  });

  it('replaces the bank account with a new token in the same country', async () => {
    const updates: unknown[] = [];
    stubServer({
      'GET /api/payment-accounts/payout-account': () => jsonResponse(200, { data: payoutAccount({ country: 'GB', bankAccount: { last4: '2345', country: 'GB', currency: 'GBP', bankName: null } }) }),
      'POST /api/payment-accounts/bank-account-token': () => jsonResponse(200, { data: { id: 'btok_2', bankAccount: { last4: '9999', country: 'GB', currency: 'GBP', bankName: null } } }),
      'PUT /api/payment-accounts/payout-account': (body) => {
        updates.push(body);
        return jsonResponse(200, { data: payoutAccount({ country: 'GB', bankAccount: { last4: '9999', country: 'GB', currency: 'GBP', bankName: null } }) });
      },
    });
    await session.init();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Replace bank account' }));
    fireEvent.change(screen.getByLabelText('Sort code', { exact: false }), { target: { value: '10-88-00' } });
    fireEvent.change(screen.getByLabelText('Account number', { exact: false }), { target: { value: '00019999' } });
    const saveNew = screen.getByRole('button', { name: 'Save the new bank account' });
    await waitFor(() => expect(saveNew).toHaveProperty('disabled', false), { timeout: 5000 });
    fireEvent.click(saveNew);
    await screen.findByText('Bank account replaced.');
    expect(updates).toEqual([{ bankAccountToken: 'btok_2' }]);
    expect(screen.getByTestId('payout-masked-account').textContent).toBe('•••• 9999');
  });

  it('shows the provider message when creating the account fails', async () => {
    stubServer({
      'GET /api/payment-accounts/payout-account': () => jsonResponse(200, { data: null }),
      'POST /api/payment-accounts/bank-account-token': () => jsonResponse(200, { data: { id: 'btok_3', bankAccount: { last4: '6789', country: 'US', currency: 'USD', bankName: null } } }),
      'POST /api/payment-accounts/payout-account': () => jsonResponse(502, { apiErrors: [{ code: 'transaction-payment-failed', status: 502, meta: { stripeMessage: 'Country US needs a tax id.' } }] }),
    });
    await session.init();
    renderPage();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Country of the bank account/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'United States' }));
    fireEvent.change(await screen.findByLabelText('Routing number', { exact: false }), { target: { value: '110000000' } });
    fireEvent.change(screen.getByLabelText('Account number', { exact: false }), { target: { value: '000123456789' } });
    const save = screen.getByRole('button', { name: 'Save payout details' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false), { timeout: 5000 });
    fireEvent.click(save);
    await screen.findByText('Creating the payout account failed: Country US needs a tax id.');
  });
});
