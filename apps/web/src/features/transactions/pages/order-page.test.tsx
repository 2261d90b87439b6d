import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Transaction, TransitionBodyInput } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { apiError, makeTransaction, stubServer } from '../test-fixtures.ts';
import { OrderPage } from './order-page.tsx';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

/** Serves one transaction; a transition moves it to `next(body)` (or answers the error given). */
function serve(tx: Transaction, next: (body: TransitionBodyInput) => Transaction | Response) {
  const sent: TransitionBodyInput[] = [];
  let current = tx;
  stubServer({
    [`GET /api/transactions/${tx.id}`]: () => jsonResponse(200, { data: current }),
    [`POST /api/transactions/${tx.id}/transition`]: (body) => {
      sent.push(body as TransitionBodyInput);
      const answer = next(body as TransitionBodyInput);
      if (answer instanceof Response) return answer;
      current = answer;
      return jsonResponse(200, { data: current });
    },
  });
  return sent;
}

async function renderOrder(tx: Transaction, language: 'en' | 'fi' = 'en') {
  await session.init();
  const router = createMemoryRouter([{ path: '/orders/:id', element: <OrderPage /> }], { initialEntries: [`/orders/${tx.id}`] });
  renderWithProviders(<RouterProvider router={router} />, { language });
  await screen.findByRole('region', { name: /Actions|Toiminnot/ }, { timeout: 5000 });
}

const actions = () => within(screen.getByRole('region', { name: /Actions|Toiminnot/ }));

// The first render compiles the page and the dialog's chunk: a busy 2-core machine needs more than the default 5 s.
describe('order page workflow', { timeout: 20_000 }, () => {
  it('gives the seller accept and decline; declining asks for an optional comment and sends it', async () => {
    const tx = makeTransaction({ role: 'provider' });
    const sent = serve(tx, () => ({
      ...tx,
      state: 'declined',
      lastTransition: 'decline',
      transitions: [...tx.transitions, { createdAt: '2026-05-04T09:00:00.000Z', by: 'provider', transition: 'decline', comment: 'Fully booked' }],
      protectedData: { ...tx.protectedData, comment: 'Fully booked' },
    }));
    await renderOrder(tx);
    await screen.findByText('Ordered (waiting acceptance)');
    expect(actions().getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Decline']);
    // The chip style of a new order: initiate (info).
    expect(document.querySelector('[data-state="ordered"]')?.getAttribute('data-chip')).toBe('initiate');

    fireEvent.click(actions().getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.change(within(dialog).getByLabelText('Comment (optional)'), { target: { value: 'Fully booked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));

    await screen.findByText('Declined');
    expect(sent).toEqual([{ transition: 'decline', params: { protectedData: { comment: 'Fully booked' } } }]);
    expect(document.querySelector('[data-state="declined"]')?.getAttribute('data-chip')).toBe('reject');
    expect(actions().queryAllByRole('button')).toEqual([]);
    // The comment shows as the seller's, and the history records the step.
    screen.getByText('Comment from the seller');
    expect(screen.getAllByTestId('history-entry').map((e) => e.dataset.transition)).toEqual(['order', 'decline']);
  });

  it('gives the buyer only a cancel that needs a comment, in Finnish', async () => {
    const tx = makeTransaction({ role: 'customer' });
    const sent = serve(tx, () => ({ ...tx, state: 'cancelled' }));
    await renderOrder(tx, 'fi');
    await screen.findByText('Tilattu (odottaa hyväksyntää)');
    expect(actions().getAllByRole('button').map((b) => b.textContent)).toEqual(['Peru tilaus']);
    fireEvent.click(actions().getByRole('button', { name: 'Peru tilaus' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    // Required by the graph: submitting empty shows the error and sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Peru tilaus' }));
    await within(dialog).findByText('Tämä kenttä on pakollinen.');
    expect(sent).toEqual([]);
  });

  it('runs a plain transition at once and reports a refused one with the spec text', async () => {
    const tx = makeTransaction({ role: 'provider', state: 'accepted', lastTransition: 'accept' });
    serve(tx, () => apiError(409, 'transaction-invalid-transition'));
    await renderOrder(tx);
    fireEvent.click(await actions().findByRole('button', { name: 'Start delivery' }));
    await screen.findByText('Transition failed. Please try again.');
  });

  it('lets the seller quote an RFQ with price, delivery charge, validity date and message', async () => {
    const tx = makeTransaction({ role: 'provider', processAlias: 'harbor-rfq-simple', processName: 'rfq-simple', state: 'quote-requested', lastTransition: 'request-for-quote' });
    const sent = serve(tx, () => ({ ...tx, state: 'provider-made-quote', lastTransition: 'provider-quote' }));
    await renderOrder(tx);
    await screen.findByText('RFQ requested');
    expect(actions().getAllByRole('button').map((b) => b.textContent)).toEqual(['Make a quote', 'Decline the request']);
    fireEvent.click(actions().getByRole('button', { name: 'Make a quote' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    within(dialog).getByText('Amounts in EUR');
    const year = new Date().getFullYear() + 1;
    fireEvent.change(within(dialog).getByLabelText(/^Price excluding VAT/), { target: { value: '120,50' } });
    fireEvent.change(within(dialog).getByLabelText(/^Delivery charge/), { target: { value: '15' } });
    fireEvent.change(within(dialog).getByLabelText(/^Valid until/), { target: { value: `31.01.${year}` } });
    fireEvent.blur(within(dialog).getByLabelText(/^Valid until/));
    fireEvent.change(within(dialog).getByLabelText(/^Message to the buyer/), { target: { value: 'Two divers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make a quote' }));
    await screen.findByText('RFQ offer made');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      transition: 'provider-quote',
      params: { negotiatedTotal: { amount: 12050, currency: 'EUR' }, protectedData: { negotiatedDeliveryCharge: { amount: 1500, currency: 'EUR' }, comment: 'Two divers' } },
    });
    const validUntil = new Date(sent[0]!.params!.protectedData!.validUntil!);
    expect([validUntil.getFullYear(), validUntil.getMonth(), validUntil.getDate()]).toEqual([year, 0, 31]);
  });

  it('shows the buyer the quote before accepting it', async () => {
    const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const base = makeTransaction();
    const tx = makeTransaction({
      role: 'customer',
      processAlias: 'harbor-rfq-simple',
      processName: 'rfq-simple',
      state: 'provider-made-quote',
      lastTransition: 'provider-quote',
      protectedData: { ...base.protectedData, validUntil, negotiatedDeliveryCharge: { amount: 1500, currency: 'EUR' } },
    });
    const sent = serve(tx, () => ({ ...tx, state: 'accepted', lastTransition: 'customer-accept' }));
    await renderOrder(tx);
    fireEvent.click(await actions().findByRole('button', { name: 'Accept the quote' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    within(dialog).getByTestId('quote-summary');
    within(dialog).getByText('15.00 EUR');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept the quote' }));
    await screen.findByText('RFQ accepted');
    await waitFor(() => expect(sent.map((b) => b.transition)).toEqual(['customer-accept']));
  });

  it('asks the buyer of a completed order for a rating and a review (a custom dialog from the graph)', async () => {
    const tx = makeTransaction({ role: 'customer', state: 'completed', lastTransition: 'mark-received' });
    const sent = serve(tx, () => ({ ...tx, state: 'reviewed-by-customer', lastTransition: 'review-1-by-customer' }));
    await renderOrder(tx);
    await screen.findByText('Completed (waiting reviews)');
    fireEvent.click(actions().getByRole('button', { name: 'Review the seller' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review the seller' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 Stars' }));
    fireEvent.change(within(dialog).getByLabelText(/^Review/), { target: { value: 'On time, tidy work.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review the seller' }));
    await screen.findByText('Reviewed by the buyer');
    expect(sent).toEqual([{ transition: 'review-1-by-customer', params: { reviewRating: 4, reviewContent: 'On time, tidy work.', protectedData: {} } }]);
  });
});
