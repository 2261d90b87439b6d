import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { InitiateBodyInput } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { PlacedOrderPage } from '../pages/placed-order-page.tsx';
import { apiError, makeCart, makeLine, makeTransaction, stubServer } from '../test-fixtures.ts';
import { externalNavigation } from '../../payments/index.ts';
import { PlaceCartPanel } from './place-cart-panel.tsx';

const order = makeLine({ name: 'Mooring', quantity: 2 });
const rfq = makeLine({ name: 'Diving inspection', rfqRequired: true });
const cart = makeCart([order, rfq, makeLine({ name: 'Closed service', orderable: false })]);

interface Call {
  body: InitiateBodyInput;
  key: string | undefined;
}

/** The initiate endpoint: answers per line from a queue of outcomes, recording each call with its Idempotency-Key. */
function initiateServer(outcomes: Record<string, (() => Response)[]>) {
  const calls: Call[] = [];
  const fetch = stubServer({
    'POST /api/transactions/initiate': (body, init) => {
      const b = body as InitiateBodyInput;
      calls.push({ body: b, key: (init.headers as Record<string, string>)['idempotency-key'] });
      const next = outcomes[b.params.protectedData!.cartProductId!]!.shift()!;
      return next();
    },
  });
  return { calls, fetch };
}

const placed = (line: typeof order) => () =>
  jsonResponse(200, {
    data: makeTransaction({
      processAlias: line.rfqRequired ? 'harbor-rfq-simple' : 'harbor-order-simple',
      processName: line.rfqRequired ? 'rfq-simple' : 'order-simple',
      state: line.rfqRequired ? 'quote-requested' : 'ordered',
    }),
  });

function renderPanel(language: 'en' | 'fi' = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/single-cart/:id', element: <PlaceCartPanel cart={cart} /> },
      { path: '/placed-order', element: <PlacedOrderPage /> },
    ],
    { initialEntries: [`/single-cart/${cart.id}`] },
  );
  renderWithProviders(<RouterProvider router={router} />, { language });
  return router;
}

beforeEach(() => window.sessionStorage.clear());
afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

// The first render compiles the panel and its texts: a busy 2-core machine needs more than the default 5 s.
describe('placing a cart', { timeout: 20_000 }, () => {
  it('places each line once with its process and key, shows the failed line, retries only it, then shows the summary', async () => {
    const { calls } = initiateServer({
      [order.id]: [placed(order)],
      [rfq.id]: [() => apiError(409, 'transaction-listing-insufficient-stock'), placed(rfq)],
    });
    await session.init();
    const router = renderPanel();

    screen.getByText('Ready to place');
    // The closed line is left out and said so.
    screen.getByText('1 line can no longer be ordered and is left out.');
    fireEvent.click(screen.getByRole('button', { name: 'Place order (2 lines)' }));

    await screen.findByText('Failed: Not enough stock.');
    // The cart is initiated once both calls have settled, in whichever order they answer.
    await waitFor(() => expect(screen.getByTestId('cart-order-state').dataset.state).toBe('initiated'));
    expect(calls.map((c) => [c.body.params.protectedData!.cartProductId, c.body.processAlias, c.body.transition])).toEqual([
      [order.id, 'harbor-order-simple', 'order'],
      [rfq.id, 'harbor-rfq-simple', 'request-for-quote'],
    ]);
    expect(calls[0]!.body.params).toMatchObject({ listingId: order.productId, quantity: 2, deliveryMethod: 'basic' });
    expect(calls[0]!.body.params.protectedData).toMatchObject({ cartId: cart.id, shipName: 'Finnmaid', portCallId: 'PC-1001' });
    const [k1, k2] = calls.map((c) => c.key);
    expect(k1).toBeTruthy();
    expect(k2).toBeTruthy();
    expect(k1).not.toBe(k2);
    const lines = screen.getAllByTestId('placing-line');
    expect(lines.map((l) => l.dataset.status)).toEqual(['placed', 'failed']);
    within(lines[0]!).getByText('Ordered');

    fireEvent.click(screen.getByRole('button', { name: 'Retry failed lines (1)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/placed-order'));
    // Only the failed line went again; a definite refusal made no transaction, so the retry is a new attempt with a new key.
    expect(calls).toHaveLength(3);
    expect(calls[2]!.body.params.protectedData!.cartProductId).toBe(rfq.id);
    expect(calls[2]!.key).not.toBe(k2);

    await screen.findByRole('heading', { name: 'Order placed' });
    expect(screen.getAllByTestId('placed-line').map((l) => l.textContent)).toEqual([
      expect.stringContaining('Mooring × 2'),
      expect.stringContaining('Diving inspection × 1'),
    ]);
    screen.getByText('RFQ requested');
  });

  it('keeps the key when the answer was lost, so the server can answer the first transaction', async () => {
    let lost = true;
    const calls: (string | undefined)[] = [];
    stubServer({
      'POST /api/transactions/initiate': (_body, init) => {
        calls.push((init.headers as Record<string, string>)['idempotency-key']);
        if (lost) {
          lost = false;
          throw new TypeError('Failed to fetch');
        }
        return placed(order)();
      },
    });
    await session.init();
    const single = makeCart([order]);
    const router = createMemoryRouter(
      [
        { path: '/c', element: <PlaceCartPanel cart={single} /> },
        { path: '/placed-order', element: <p>summary</p> },
      ],
      { initialEntries: ['/c'] },
    );
    renderWithProviders(<RouterProvider router={router} />, { language: 'fi' });
    fireEvent.click(screen.getByRole('button', { name: 'Tilaa (1 rivi)' }));
    await screen.findByText(/^Epäonnistui:/);
    fireEvent.click(screen.getByRole('button', { name: 'Yritä epäonnistuneita rivejä uudelleen (1)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/placed-order'));
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBe(calls[0]);
  });

  it('offers online payment for a single line that allows it, requests payment and goes to the payment page', async () => {
    const online = makeLine({ name: 'Fresh water', allowOnlinePayment: true });
    const pending = makeTransaction({ state: 'pending-payment', protectedData: { ...makeTransaction().protectedData, paymentStatus: 'ONLINE_PENDING' } });
    const calls: InitiateBodyInput[] = [];
    const checkouts: unknown[] = [];
    let sessionAnswer = () => apiError(503, 'internal-error');
    stubServer({
      'POST /api/transactions/initiate': (body) => {
        calls.push(body as InitiateBodyInput);
        return jsonResponse(200, { data: pending });
      },
      'POST /api/payment-accounts/create-checkout-session': (body) => {
        checkouts.push(body);
        return sessionAnswer();
      },
    });
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
    await session.init();
    const router = createMemoryRouter(
      [
        { path: '/c', element: <PlaceCartPanel cart={makeCart([online])} /> },
        { path: '/placed-order', element: <p>summary</p> },
      ],
      { initialEntries: ['/c'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    fireEvent.click(screen.getByLabelText('Card payment online'));
    fireEvent.click(screen.getByRole('button', { name: 'Place order (1 line)' }));
    // The payment page did not open: the order waits, and the buyer can try again.
    await screen.findByText(/The payment page could not be opened/);
    expect(calls[0]).toMatchObject({ processAlias: 'harbor-order-simple', transition: 'request-payment' });
    expect(checkouts).toEqual([{ transactionId: pending.id }]);
    expect(assign).not.toHaveBeenCalled();
    sessionAnswer = () => jsonResponse(200, { sessionUrl: 'http://localhost/pay/cs_1' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/pay/cs_1'));
    expect(checkouts).toHaveLength(2);
    expect(calls).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/c');
    assign.mockRestore();
  });
});
