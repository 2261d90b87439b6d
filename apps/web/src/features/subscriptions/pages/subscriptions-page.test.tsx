import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Subscription } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { stubServer } from '../../transactions/test-fixtures.ts';
import { SubscriptionsPage } from './subscriptions-page.tsx';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

const pending: Subscription = {
  id: '8b0a6f8e-7d1c-4a53-9c55-2f4f0b7c1a01',
  status: 'pending',
  role: 'seller',
  listing: { id: 'l1', title: 'Fresh water delivery' },
  buyer: { organizationId: 'o1', name: 'Baltic Agency Oy' },
  seller: { organizationId: 'o2', name: 'Harbour Services Oy' },
  schedule: { type: 'weekly', interval: 1, weekdays: [3], startTime: '09:00', startDate: '2026-03-16', endDate: '2026-12-31' },
  timeZone: 'Europe/Helsinki',
  port: 'FIVSS',
  quantity: 2,
  cyclePrice: { amount: 50_000, currency: 'EUR' },
  ship: { name: 'Finnmaid', imo: 9319454 },
  createdAt: '2026-03-10T10:00:00.000Z',
  history: [{ status: 'pending', message: 'Every Wednesday', by: 'buyer', byName: 'Bea Buyer', at: '2026-03-10T10:00:00.000Z' }],
  nextCycles: ['2026-03-25T07:00:00.000Z', '2026-04-01T06:00:00.000Z'],
  cycles: [{ cycleDate: '2026-03-18', startsAt: '2026-03-18T07:00:00.000Z', state: 'failed', transactionId: null, failure: 'out-of-stock', ranAt: '2026-03-18T07:00:01.000Z' }],
};

async function renderPage(language: 'en' | 'fi' = 'en') {
  await session.init();
  const router = createMemoryRouter([{ path: '/subscriptions', element: <SubscriptionsPage /> }], { initialEntries: ['/subscriptions'] });
  renderWithProviders(<RouterProvider router={router} />, { language });
}

describe('subscriptions page', { timeout: 30_000 }, () => {
  it('shows the next cycles in the port’s local time (09:00 on both sides of the DST change) and a failed cycle; the seller accepts with a message', async () => {
    let current = pending;
    const fetch = stubServer({
      'GET /v1/marketplace/subscriptions': () => jsonResponse(200, { data: [current] }),
      [`PATCH /v1/marketplace/subscriptions/${pending.id}`]: () => {
        current = { ...pending, status: 'accepted' };
        return jsonResponse(200, { data: current });
      },
    });
    await renderPage();
    const card = await screen.findByTestId('subscription-card', {}, { timeout: 10_000 });
    expect(within(card).getByText('Every 1 week(s) on Wed at 09:00')).toBeTruthy();
    expect(within(card).getByTestId('next-cycles').textContent).toBe('25.03.2026 09.0001.04.2026 09.00');
    expect(within(card).getByText(/Failed cycle: Out of stock/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('subscription-message'), { target: { value: 'Glad to serve' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Accepted', {}, { timeout: 10_000 })).toBeTruthy();
    const patch = fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH');
    expect(JSON.parse(String((patch![1] as RequestInit).body))).toEqual({ status: 'accepted', message: 'Glad to serve' });
  });

  it('speaks Finnish', async () => {
    stubServer({ 'GET /v1/marketplace/subscriptions': () => jsonResponse(200, { data: [{ ...pending, role: 'buyer' }] }) });
    await renderPage('fi');
    expect(await screen.findByRole('heading', { name: 'Kestotilaukset' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Odottaa myyjää', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Peru kestotilaus' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hyväksy' })).toBeNull();
  });
});
