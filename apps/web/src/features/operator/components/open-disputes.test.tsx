import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Transaction } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { apiError, makeTransaction, stubServer } from '../../transactions/test-fixtures.ts';
import { OpenDisputes } from './open-disputes.tsx';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

function disputed(reason: string): Transaction {
  const base = makeTransaction({ state: 'disputed', lastTransition: 'dispute', role: 'operator' });
  return { ...base, protectedData: { ...base.protectedData, reason } };
}

/** The disputed list and the transition endpoint; a resolution takes the order out of the list like the server does. */
function serve(initial: Transaction[], opts: { fail?: boolean } = {}) {
  let rows = initial;
  const posts: { url: string; body: unknown }[] = [];
  const fetch = stubServer({
    'GET /api/operator/transactions': () => jsonResponse(200, { data: rows, meta: { page: 1, perPage: 50, totalItems: rows.length, totalPages: 1 } }),
  });
  const base = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (url: string, init: RequestInit = {}) => {
    const m = /^\/api\/transactions\/([^/]+)\/transition$/.exec(url);
    if (!m || init.method !== 'POST') return base(url, init);
    const body = JSON.parse(String(init.body)) as { transition: string };
    posts.push({ url, body });
    if (opts.fail) return apiError(409, 'transaction-invalid-transition');
    const tx = rows.find((r) => r.id === m[1])!;
    rows = rows.filter((r) => r.id !== m[1]);
    return jsonResponse(200, { data: { ...tx, state: body.transition === 'resolve-dispute-cancel' ? 'cancelled' : 'completed', lastTransition: body.transition } });
  });
  const queries = () =>
    fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/operator/transactions?')).map((u) => Object.fromEntries(new URLSearchParams(u.split('?')[1])));
  return { posts, queries };
}

async function renderDisputes(language: 'en' | 'fi' = 'en') {
  await session.init();
  const router = createMemoryRouter([{ path: '/operator', element: <OpenDisputes /> }], { initialEntries: ['/operator?tab=disputes'] });
  renderWithProviders(<RouterProvider router={router} />, { language });
}

describe('operator: open disputes', { timeout: 20_000 }, () => {
  it('lists disputed orders with the buyer’s reason and a link to the order; completes one with a comment', async () => {
    const a = disputed('One tug never came');
    const b = disputed('Invoice doubled');
    const { posts, queries } = serve([a, b]);
    await renderDisputes();
    const table = await screen.findByRole('table', { name: 'Open disputes' }, { timeout: 10_000 });
    expect(queries()[0]).toEqual({ page: '1', state: 'disputed' });
    const rows = within(table).getAllByTestId('dispute-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('One tug never came')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: `Open order ${a.id.slice(0, 8)}` }).getAttribute('href')).toBe(`/orders/${a.id}`);

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete the order' });
    // The comment is required: nothing is sent without it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete order' }));
    expect(await within(dialog).findByText('Write a comment for both parties.')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Comment to both parties/), { target: { value: '  Port log shows both tugs  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete order' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: `/api/transactions/${a.id}/transition`,
      body: { transition: 'resolve-dispute-complete', params: { protectedData: { comment: 'Port log shows both tugs' } } },
    });
    expect(await screen.findByText(`Order ${a.id.slice(0, 8)} completed.`)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('dispute-row')).toHaveLength(1));
  });

  it('cancels with the cancel transition and shows the server’s refusal in the dialog', async () => {
    const a = disputed('Wrong berth');
    const { posts } = serve([a], { fail: true });
    await renderDisputes();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the order' });
    fireEvent.change(within(dialog).getByLabelText(/Comment to both parties/), { target: { value: 'Refund agreed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(posts.map((p) => (p.body as { transition: string }).transition)).toEqual(['resolve-dispute-cancel']));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(screen.getAllByTestId('dispute-row')).toHaveLength(1);
  });

  it('says when there are none, in Finnish', async () => {
    serve([]);
    await renderDisputes('fi');
    expect(await screen.findByText('Ei avoimia riitoja.', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
