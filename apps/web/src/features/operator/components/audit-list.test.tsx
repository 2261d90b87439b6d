import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AuditEntry } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { apiError, stubServer } from '../../transactions/test-fixtures.ts';
import { AuditList } from './audit-list.tsx';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

const actor = { id: '00000000-0000-4000-8000-00000000000f', displayName: 'Olli Operator', email: 'operator@harbor.test' };
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: crypto.randomUUID(),
  createdAt: '2026-05-04T08:00:00.000Z',
  action: 'user.ban',
  actor,
  targetType: 'user',
  targetId: crypto.randomUUID(),
  targetLabel: 'Aino Pagination <aino@haku.fi>',
  reason: 'Spam orders',
  details: {},
  ...over,
});

const ORDER = 'abcdef12-0000-4000-8000-000000000001';
const rows: AuditEntry[] = [
  entry({}),
  entry({ action: 'user.delete', targetLabel: null, reason: 'Asked to be forgotten' }),
  entry({ action: 'transaction.cancel', targetType: 'transaction', targetId: ORDER, targetLabel: null, reason: 'Port closed' }),
  entry({ action: 'listing.approve', targetType: 'listing', targetLabel: 'Mooring at Vuosaari', reason: null }),
];

async function renderAudit(language: 'en' | 'fi' = 'en', answer = () => jsonResponse(200, { data: rows, meta: { page: 1, perPage: 50, totalItems: 120, totalPages: 3 } })) {
  const fetch = stubServer({ 'GET /api/operator/audit': answer });
  await session.init();
  const router = createMemoryRouter([{ path: '/operator', element: <AuditList /> }], { initialEntries: ['/operator?tab=audit'] });
  renderWithProviders(<RouterProvider router={router} />, { language });
  const queries = () =>
    fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/operator/audit?')).map((u) => Object.fromEntries(new URLSearchParams(u.split('?')[1])));
  return { router, queries };
}

describe('operator audit list', { timeout: 20_000 }, () => {
  it('shows who, when, what, the target and the reason; a deleted user as Deleted user; orders link to their page', async () => {
    const { router, queries } = await renderAudit();
    const table = await screen.findByRole('table', { name: 'Audit' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['When', 'Operator', 'Action', 'Target', 'Reason']);
    const cells = (i: number) => within(screen.getAllByTestId('audit-row')[i]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(0).slice(1)).toEqual(['operator@harbor.test', 'Banned a user', 'Aino Pagination <aino@haku.fi>', 'Spam orders']);
    expect(cells(1).slice(2)).toEqual(['Deleted a user', 'Deleted user', 'Asked to be forgotten']);
    expect(cells(3).slice(2)).toEqual(['Approved a listing', 'Mooring at Vuosaari', '—']);
    expect(within(table).getByRole('link', { name: 'Order abcdef12' }).getAttribute('href')).toBe(`/orders/${ORDER}`);
    // 120 entries: page links keep the tab.
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/operator?tab=audit&page=2');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cancelled a transaction' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: '1', action: 'transaction.cancel' }));
    expect(router.state.location.search).toBe('?tab=audit&action=transaction.cancel');
  });

  it('says so when empty, in Finnish, and shows a failed load', async () => {
    await renderAudit('fi', () => jsonResponse(200, { data: [], meta: { page: 1, perPage: 50, totalItems: 0, totalPages: 0 } }));
    expect(await screen.findByText('Ylläpidon toimenpiteitä ei vielä ole.', {}, { timeout: 10_000 })).toBeTruthy();
    cleanup();
    await renderAudit('en', () => apiError(403, 'forbidden'));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
