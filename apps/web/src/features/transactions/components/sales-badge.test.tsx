import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CurrentUser } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { runCurrentUserLoaders } from '../../users/current-user-loaders.ts';
import { hasOrdersKey } from '../current-user-loader.ts';
import { stubServer } from '../test-fixtures.ts';
import { SalesBadge } from '../top-bar.ts';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

const user = (emailVerified: boolean) => ({ id: 'u1', emailVerified }) as unknown as CurrentUser;

function serve(totalSales: number, totalOrders: number) {
  return stubServer({
    'GET /api/transactions/sales-notifications': () =>
      jsonResponse(200, { data: [], meta: { page: 1, perPage: 100, totalItems: totalSales, totalPages: 1 } }),
    'GET /api/transactions': () => jsonResponse(200, { data: [], meta: { page: 1, perPage: 1, totalItems: totalOrders, totalPages: 1 } }),
  });
}

function renderBadge(language: 'en' | 'fi' = 'en') {
  const router = createMemoryRouter([{ path: '/', element: <SalesBadge /> }], { initialEntries: ['/'] });
  return renderWithProviders(<RouterProvider router={router} />, { language });
}

describe('sales notifications badge', () => {
  it('shows what the current-user load fetched (page 1, 100 per page) and links to the inbox', async () => {
    const fetch = serve(3, 0);
    await session.init();
    const { queryClient } = renderBadge();
    expect(screen.queryByTestId('sales-badge')).toBeNull();
    await act(() => runCurrentUserLoaders(user(true), { queryClient }));
    const badge = await screen.findByTestId('sales-badge');
    expect(badge.getAttribute('aria-label')).toBe('Sales notifications: 3 waiting');
    expect(badge.getAttribute('href')).toBe('/inbox');
    expect(screen.getByTestId('sales-badge-count').textContent).toBe('3');
    const urls = fetch.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/transactions/sales-notifications?page=1&perPage=100');
    // A verified user is not asked whether they have orders.
    expect(urls.some((u) => u.startsWith('/api/transactions?'))).toBe(false);
  });

  it('shows nothing without sales, and checks for orders only while the e-mail is unverified', async () => {
    serve(0, 2);
    await session.init();
    const { queryClient } = renderBadge('fi');
    await act(() => runCurrentUserLoaders(user(false), { queryClient }));
    expect(queryClient.getQueryData(hasOrdersKey)).toBe(true);
    expect(screen.queryByTestId('sales-badge')).toBeNull();
  });

  it('hides the figure once signed out', async () => {
    serve(5, 0);
    await session.init();
    const { queryClient } = renderBadge('fi');
    await act(() => runCurrentUserLoaders(user(true), { queryClient }));
    expect((await screen.findByTestId('sales-badge')).getAttribute('aria-label')).toBe('Myynti-ilmoitukset: 5 odottaa');
    await act(() => session.logout());
    expect(screen.queryByTestId('sales-badge')).toBeNull();
  });
});
