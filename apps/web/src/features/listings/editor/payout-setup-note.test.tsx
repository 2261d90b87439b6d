import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PayoutAccount } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { catchExternalNavigation, payoutAccount } from '../../payments/test-fixtures.ts';
import { stubServer } from '../../transactions/test-fixtures.ts';
import { PayoutSetupNote } from './payout-setup-note.tsx';

const EDITOR = '/l/fresh-water/5f0c2a4e-8d1b-4c36-9a7e-1b2c3d4e5f60/edit/publish';

function renderNote(language: 'en' | 'fi' = 'en') {
  const router = createMemoryRouter([{ path: '*', element: <PayoutSetupNote returnPath={EDITOR} /> }], { initialEntries: [EDITOR] });
  renderWithProviders(<RouterProvider router={router} />, { language });
}

const account = (type: PayoutAccount['status']['type']) => ({ data: payoutAccount({ status: { type }, currentlyDue: [] }) });

const assign = catchExternalNavigation();
beforeEach(() => window.sessionStorage.clear());
afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

describe('payout setup note in the listing editor', { timeout: 20_000 }, () => {
  it('sends a seller without a payout account to the payout page', async () => {
    stubServer({ 'GET /api/payment-accounts/payout-account': () => jsonResponse(200, { data: null }) });
    await session.init();
    renderNote();
    await screen.findByText('Buyers can pay this listing online only after you have set up your payout details.');
    expect(screen.getByRole('link', { name: 'Set up payouts' }).getAttribute('href')).toBe('/account/payments');
  });

  it('opens verification returning to this editor tab (…/publish/success or /failure)', async () => {
    const links: unknown[] = [];
    stubServer({
      'GET /api/payment-accounts/payout-account': () => jsonResponse(200, account('verificationNeeded')),
      'POST /api/payment-accounts/payout-account/account-link': (body) => {
        links.push(body);
        return jsonResponse(200, { data: { url: 'http://localhost/payments/local/onboarding/al_2', expiresAt: '2026-11-25T17:00:00.000Z' } });
      },
    });
    await session.init();
    renderNote('fi');
    fireEvent.click(await screen.findByRole('button', { name: 'Vahvista nyt' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/payments/local/onboarding/al_2'));
    expect(links).toEqual([{ returnPath: EDITOR }]);
  });

  it('says nothing once the account is verified', async () => {
    stubServer({ 'GET /api/payment-accounts/payout-account': () => jsonResponse(200, account('verificationSuccess')) });
    await session.init();
    renderNote();
    await new Promise((r) => setTimeout(r, 500));
    expect(screen.queryByTestId('payout-setup-note')).toBeNull();
  });
});
