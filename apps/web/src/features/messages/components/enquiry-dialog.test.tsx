import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { OrderLineBody } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { makeTransaction } from '../../transactions/test-fixtures.ts';
import { stubServer, uuid } from '../test-fixtures.ts';
import { EnquiryDialog } from './enquiry-dialog.tsx';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

const line: OrderLineBody = {
  quantity: 1,
  startTime: '2026-05-05T08:00:00.000Z',
  endTime: '2026-05-05T10:00:00.000Z',
  deliveryMethod: 'basic',
  deliveryAddress: { street: 'Satamatie 1', postalCode: '00980', city: 'Helsinki', country: 'fi' },
};

async function renderDialog(answer: () => Response, language: 'en' | 'fi' = 'en') {
  const sent: { body: unknown; key: string | undefined }[] = [];
  stubServer({
    'POST /api/transactions/initiate': (body, init) => {
      sent.push({ body, key: (init.headers as Record<string, string>)['idempotency-key'] });
      return answer();
    },
  });
  await session.init();
  const listingId = uuid();
  const router = createMemoryRouter(
    [
      { path: '/l/:id', element: <EnquiryDialog open onClose={() => {}} listingId={listingId} line={line} /> },
      { path: '/orders/:id', element: <p>order page</p> },
    ],
    { initialEntries: [`/l/${listingId}`] },
  );
  renderWithProviders(<RouterProvider router={router} />, { language });
  return { sent, listingId, router };
}

describe('enquiry dialog', { timeout: 20_000 }, () => {
  it('needs a message, then opens an enquiry with it and goes to the new order page', async () => {
    const tx = makeTransaction({ state: 'enquiry', lastTransition: 'enquire' });
    const { sent, listingId, router } = await renderDialog(() => jsonResponse(201, { data: tx }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Enquiry needs a message.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: '  Can you come at night?  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${tx.id}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ processAlias: 'harbor-order-simple', transition: 'enquire', params: { ...line, listingId, protectedData: { comment: 'Can you come at night?' } } });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refusal in Finnish and keeps the message', async () => {
    await renderDialog(() => jsonResponse(409, { apiErrors: [{ code: 'transaction-own-listing', status: 409, meta: {} }] }), 'fi');
    const box = await screen.findByRole('textbox', { name: 'Viesti' });
    fireEvent.change(box, { target: { value: 'Onko tilaa?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lähetä tiedustelu' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Tiedustelua ei lähetetty: \S/);
    expect((box as HTMLTextAreaElement).value).toBe('Onko tilaa?');
  });
});
