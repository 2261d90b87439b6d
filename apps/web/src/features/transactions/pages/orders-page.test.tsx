import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Transaction } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { makeTransaction, stubServer } from '../test-fixtures.ts';
import { OrdersPage } from './orders-page.tsx';
import { InboxRedirect } from './redirects.tsx';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

const rows: Transaction[] = [
  makeTransaction({ role: 'customer', state: 'ordered' }),
  makeTransaction({ role: 'provider', state: 'delivering', lastTransition: 'start-delivery' }),
  makeTransaction({ role: 'customer', state: 'declined', lastTransition: 'decline' }),
];

function serveOrders() {
  const fetch = stubServer({
    'GET /api/transactions': () => jsonResponse(200, { data: rows, meta: { page: 1, perPage: 100, totalItems: 3, totalPages: 1 } }),
  });
  const queries = () =>
    fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/transactions?')).map((u) => Object.fromEntries(new URLSearchParams(u.split('?')[1])));
  return queries;
}

async function renderOrders(path: string, language: 'en' | 'fi' = 'en') {
  await session.init();
  const router = createMemoryRouter(
    [
      { path: '/orders', element: <OrdersPage /> },
      { path: '/inbox', element: <InboxRedirect /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, { language });
  await screen.findByRole('table', {}, { timeout: 10_000 });
  return router;
}

describe('orders page', { timeout: 20_000 }, () => {
  it('lists every Order row field, purchase or sale by role, with graph chips', async () => {
    const queries = serveOrders();
    await renderOrders('/orders');
    expect(queries()[0]).toEqual({ page: '1', perPage: '100' });
    const table = screen.getByRole('table', { name: 'Orders' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Order', 'Type', 'Company', 'Item', 'Port call', 'Ship', 'Quantity', 'Price (VAT 0 %)', 'Status', 'Created', 'Payment', 'Buyer notes', 'Delivery cost', 'Attachments',
    ]);
    const [purchase, sale] = screen.getAllByTestId('order-row');
    const cells = within(purchase!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(1, 9)).toEqual(['Purchase', 'Port Services Oy', 'Mooring', 'PC-1001', 'Finnmaid', '2', '115.00 EUR', 'Ordered (waiting acceptance)']);
    expect(cells.slice(10, 13)).toEqual(['Offline', 'Gangway on port side', '15.00 EURbasic']);
    // A sale names the buyer's company.
    expect(within(sale!).getAllByRole('cell').slice(1, 3).map((c) => c.textContent)).toEqual(['Sale', 'Baltic Agency']);
    expect(screen.getAllByTestId('order-row').map((r) => r.querySelector('[data-chip]')?.getAttribute('data-chip'))).toEqual(['initiate', 'progress', 'reject']);
  });

  it('asks the server for a tab, and filters the rows (denied and cancelled) by the graph', async () => {
    const queries = serveOrders();
    const router = await renderOrders('/orders');
    fireEvent.click(screen.getByRole('tab', { name: 'Open delivery' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ tab: 'open-delivery', page: '1', perPage: '100' }));
    expect(router.state.location.search).toBe('?tab=open-delivery');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter orders' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Denied and cancelled' }));
    await waitFor(() => expect(screen.getAllByTestId('order-row').map((r) => r.dataset.state)).toEqual(['declined']));
  });

  it('opens sales from /inbox, in Finnish', async () => {
    const queries = serveOrders();
    const router = await renderOrders('/inbox', 'fi');
    expect(router.state.location.pathname + router.state.location.search).toBe('/orders?only=sale');
    expect(queries()[0]).toMatchObject({ only: 'sale' });
    expect(screen.getByRole('tab', { name: 'Myynnit' }).getAttribute('aria-current')).toBe('page');
    screen.getByRole('tab', { name: 'Odottaa hyväksyntää' });
    screen.getByText('Tilattu (odottaa hyväksyntää)');
  });
});
