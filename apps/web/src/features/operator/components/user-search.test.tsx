import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { OperatorUserRow } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { apiError, stubServer } from '../../transactions/test-fixtures.ts';
import { UserSearch } from './user-search.tsx';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

const SELF = '00000000-0000-4000-8000-00000000000f';

function user(over: Partial<OperatorUserRow>): OperatorUserRow {
  return {
    id: crypto.randomUUID(),
    email: 'x@example.fi',
    firstName: 'X',
    lastName: 'Person',
    companyName: 'X Oy',
    businessId: '1234567-8',
    webAddress: null,
    phone: null,
    defaultPort: 'FIHEL',
    roles: 1,
    status: 'approved',
    displayName: 'X Person',
    banned: false,
    deleted: false,
    createdAt: '2026-05-04T08:00:00.000Z',
    ...over,
  };
}

/** A small server: GET answers the current rows (filtered by q), ban/unban/delete change them. */
function serve(initial: OperatorUserRow[], opts: { failBan?: boolean } = {}) {
  let rows = initial;
  const posts: { url: string; body: unknown }[] = [];
  const change = (id: string, patch: Partial<OperatorUserRow>) => {
    rows = rows.map((r) => (r.id === id ? { ...r, ...patch } : r));
    return jsonResponse(200, rows.find((r) => r.id === id));
  };
  const fetch = stubServer({
    'GET /api/operator/users': () => {
      const url = String(fetch.mock.calls.at(-1)![0]);
      const q = new URLSearchParams(url.split('?')[1]).get('q')?.toLowerCase();
      const data = q ? rows.filter((r) => `${r.firstName} ${r.lastName} ${r.email} ${r.companyName}`.toLowerCase().includes(q)) : rows;
      return jsonResponse(200, { data, meta: { page: 1, perPage: 50, totalItems: data.length, totalPages: 1 } });
    },
  });
  // Moderation paths carry the id; route them by suffix.
  const base = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (url: string, init: RequestInit = {}) => {
    const m = /^\/api\/operator\/users\/([^/]+)\/(ban|unban|delete)$/.exec(url);
    if (!m || init.method !== 'POST') return base(url, init);
    const body = JSON.parse(String(init.body ?? '{}')) as { reason?: string };
    posts.push({ url, body });
    const [, id, action] = m;
    if (action === 'ban' && opts.failBan) return apiError(409, 'conflict');
    if (action === 'ban') return change(id!, { banned: true, displayName: 'Banned user' });
    if (action === 'unban') return change(id!, { banned: false });
    return change(id!, { deleted: true, firstName: '', lastName: '', email: `deleted-${id}@deleted.invalid`, displayName: 'Deleted user' });
  });
  const queries = () =>
    fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/operator/users?')).map((u) => Object.fromEntries(new URLSearchParams(u.split('?')[1])));
  return { posts, queries };
}

async function renderSearch(path = '/operator?tab=users', language: 'en' | 'fi' = 'en') {
  await session.init();
  const router = createMemoryRouter([{ path: '/operator', element: <UserSearch selfId={SELF} /> }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { language });
  return router;
}

const rowOf = (email: string) => screen.getAllByTestId('operator-user-row').find((r) => r.dataset.email === email)!;

describe('operator users: search, ban, unban, delete', { timeout: 20_000 }, () => {
  it('lists users with their account state and searches by typed text (debounced, into the URL)', async () => {
    const { queries } = serve([
      user({ email: 'aino@haku.fi', firstName: 'Aino', companyName: 'Haku Oy' }),
      user({ email: 'bertil@sok.se', firstName: 'Bertil', companyName: 'Sök Ab', banned: true }),
      user({ email: `deleted-1@deleted.invalid`, firstName: '', lastName: '', deleted: true }),
    ]);
    const router = await renderSearch();
    const table = await screen.findByRole('table', { name: 'Users' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Person', 'Company', 'Account', 'Registered', 'Actions']);
    expect(screen.getByText('3 users')).toBeTruthy();
    expect(rowOf('aino@haku.fi').querySelector('[data-account]')?.getAttribute('data-account')).toBe('active');
    expect(within(rowOf('bertil@sok.se')).getByRole('button', { name: 'Unban bertil@sok.se' })).toBeTruthy();
    // A deleted account shows as Deleted user, without its address, and offers no action.
    const deleted = rowOf('deleted-1@deleted.invalid');
    expect(within(deleted).getByText('Deleted user')).toBeTruthy();
    expect(within(deleted).queryByRole('button')).toBeNull();

    fireEvent.change(screen.getByLabelText('Search by name, email or organization'), { target: { value: 'haku' } });
    await waitFor(() => expect(queries().at(-1)).toEqual({ q: 'haku', page: '1' }));
    expect(router.state.location.search).toBe('?tab=users&q=haku');
    await waitFor(() => expect(screen.getAllByTestId('operator-user-row')).toHaveLength(1));
  });

  it('bans after a confirmation that needs a reason, then shows the ban', async () => {
    const { posts } = serve([user({ email: 'aino@haku.fi', firstName: 'Aino' })]);
    await renderSearch();
    await screen.findByRole('table', {}, { timeout: 10_000 });
    fireEvent.click(within(rowOf('aino@haku.fi')).getByRole('button', { name: 'Ban aino@haku.fi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban the user' }, { timeout: 10_000 });
    expect(within(dialog).getByText(/Ban Aino Person \(aino@haku.fi\)\?/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(await within(dialog).findByText('Write the reason.')).toBeTruthy();
    expect(posts).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: '  Spam orders  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ reason: 'Spam orders' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is asked again and shows the ban.
    await waitFor(() => expect(rowOf('aino@haku.fi').querySelector('[data-account]')?.getAttribute('data-account')).toBe('banned'));
    expect(within(rowOf('aino@haku.fi')).getByRole('button', { name: 'Unban aino@haku.fi' })).toBeTruthy();
  });

  it('shows a refused ban in the dialog and keeps it open', async () => {
    serve([user({ email: 'aino@haku.fi' })], { failBan: true });
    await renderSearch();
    await screen.findByRole('table', {}, { timeout: 10_000 });
    fireEvent.click(within(rowOf('aino@haku.fi')).getByRole('button', { name: 'Ban aino@haku.fi' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('deletes after a confirmation that says it cannot be undone, in Finnish; the own account has no actions', async () => {
    const { posts } = serve([user({ email: 'aino@haku.fi', firstName: 'Aino' }), user({ id: SELF, email: 'operator@harbor.test' })], {});
    await renderSearch('/operator?tab=users', 'fi');
    await screen.findByRole('table', { name: 'Käyttäjät' }, { timeout: 10_000 });
    expect(within(rowOf('operator@harbor.test')).queryByRole('button')).toBeNull();
    fireEvent.click(within(rowOf('aino@haku.fi')).getByRole('button', { name: 'Poista aino@haku.fi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Poista käyttäjä' }, { timeout: 10_000 });
    expect(within(dialog).getByText(/Tätä ei voi perua\./)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Syy/), { target: { value: 'Pyysi poistoa' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Poista käyttäjä' }));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual([expect.stringMatching(/\/delete$/)]));
    expect(posts[0]!.body).toEqual({ reason: 'Pyysi poistoa' });
    expect(await screen.findByText('Poistettu käyttäjä')).toBeTruthy();
  });
});
