import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { OrdersPage } from '../../transactions/pages/orders-page.tsx';
import { makeTransaction } from '../../transactions/test-fixtures.ts';
import { makeAttachment, stubServer, uuid } from '../test-fixtures.ts';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

/** The orders list with the messages feature's parts: unread counts per row and a row's attachments. */
describe('orders list: unread messages and attachments', { timeout: 20_000 }, () => {
  it.each([
    ['en', '3 unread messages', '1 unread message'],
    ['fi', '3 lukematonta viestiä', '1 lukematon viesti'],
  ] as const)('shows each row’s unread count (%s)', async (language, three, one) => {
    const withFile = makeTransaction({ attachments: [makeAttachment('Invoice.pdf', { id: uuid(), displayName: 'Sam Seller' })] });
    const rows = [makeTransaction(), makeTransaction({ role: 'provider' }), withFile];
    stubServer({
      'GET /api/transactions': () => jsonResponse(200, { data: rows, meta: { page: 1, perPage: 100, totalItems: 3, totalPages: 1 } }),
      'GET /api/transactions/unread-messages': () => jsonResponse(200, { data: { [rows[0]!.id]: 3, [rows[1]!.id]: 1 }, total: 4 }),
    });
    await session.init();
    const router = createMemoryRouter([{ path: '/orders', element: <OrdersPage /> }], { initialEntries: ['/orders'] });
    renderWithProviders(<RouterProvider router={router} />, { language });
    await screen.findByRole('table', {}, { timeout: 10_000 });
    const row = (id: string) => within(document.querySelector(`[data-testid="order-row"][data-id="${id}"]`) as HTMLElement);
    await waitFor(() => expect(row(rows[0]!.id).getByTestId('unread-count').getAttribute('aria-label')).toBe(three));
    expect(row(rows[0]!.id).getByTestId('unread-count').textContent).toBe('3');
    expect(row(rows[1]!.id).getByTestId('unread-count').getAttribute('aria-label')).toBe(one);
    expect(row(withFile.id).queryByTestId('unread-count')).toBeNull();
    expect(row(withFile.id).getByRole('button', { name: language === 'en' ? 'Download Invoice.pdf' : 'Lataa Invoice.pdf' })).toBeTruthy();
  });
});
