import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CartTemplate } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { renderWithProviders } from '../../../test-utils.tsx';
import { bodiesOf, cart, CART_ID, json, LINE_ID, OTHER_CART_ID, serve } from '../testing/fake-carts-server.ts';
import { CartsPage } from './carts-page.tsx';
import { CreateNewCartPage } from './create-new-cart-page.tsx';
import { SingleCartPage } from './single-cart-page.tsx';

/** Waits of the long flows: lazily loaded dialogs and pages take longer than 1 s on a busy machine. */
const SLOW = { timeout: 5000 };
const TEMPLATE_ID = '0b8f5c1e-6666-4a8e-9a53-1c0f0e6f0006';
const template: CartTemplate = {
  id: TEMPLATE_ID,
  name: 'Forklift week',
  created: '2026-11-25T11:00:00.000Z',
  ship: { name: 'FINNSEA', imo: 9300001 },
  products: [],
};
const list = (...carts: ReturnType<typeof cart>[]) => ({ data: carts, meta: { page: 1, perPage: 100, totalItems: carts.length, totalPages: 1 } });

function renderAt(path: string, language: 'en' | 'fi' = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/carts', element: <CartsPage /> },
      { path: '/single-cart/:id', element: <SingleCartPage /> },
      { path: '/create-new-cart', element: <CreateNewCartPage /> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />, { language }) };
}

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('carts page', () => {
  it('lists carts and templates, and says when there are none', async () => {
    await serve({
      'GET /v1/marketplace/carts': () => json(200, list(cart(), cart({ id: OTHER_CART_ID, name: 'Voyage 41', active: false, cartStatus: 'closed' }))),
      'GET /v1/marketplace/cart/templates': () => json(200, { data: [] }),
    });
    renderAt('/carts');
    const table = await screen.findByRole('table', { name: 'Your carts' }, { timeout: 5000 });
    const rows = within(table).getAllByTestId('carts-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Voyage 42FINNSEA (IMO 9300001)Vuosaari (Helsinki) · 10d68910…1720.00 EUR25.11.2026Active',
      'Voyage 41FINNSEA (IMO 9300001)Vuosaari (Helsinki) · 10d68910…1720.00 EUR25.11.2026Ordered',
    ]);
    await screen.findByText('No templates yet. Save a cart as a template to start new carts from it.');
  });

  it('speaks Finnish and shows a failed load', async () => {
    await serve({
      'GET /v1/marketplace/carts': () => json(200, list()),
      'GET /v1/marketplace/cart/templates': () => json(403, { apiErrors: [{ code: 'forbidden', status: 403 }] }),
    });
    renderAt('/carts', 'fi');
    await screen.findByRole('heading', { name: 'Ostoskorit', level: 1 }, { timeout: 5000 });
    await screen.findByText('Sinulla ei ole vielä ostoskoreja. Luo uusi tai aloita pohjasta.');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).not.toBe('');
    expect(screen.getByRole('link', { name: 'Uusi ostoskori' }).getAttribute('href')).toBe('/create-new-cart');
    expect(screen.getByText('Pohjat')).toBeTruthy();
  });
});

describe('templates', () => {
  it('starts a cart from a template (the lines it could not take listed on the new cart), renames and deletes one', async () => {
    const withLine = { ...template, products: [{ id: OTHER_CART_ID, productId: CART_ID, name: 'Forklift rental', quantity: 3, unit: 'day' as const, sellerName: 'Helsinki Harbour Works Oy', deliveryMethod: 'basic' as const, deliveryAddress: null, deliveryNotes: null, durationMinutes: 480, orderable: true }] };
    let templates = [withLine];
    const fetch = await serve({
      'GET /v1/marketplace/carts': () => json(200, list()),
      'GET /v1/marketplace/cart/templates': () => json(200, { data: templates }),
      'POST /v1/marketplace/cart': () =>
        json(201, { ...cart({ id: OTHER_CART_ID, name: 'Voyage 43' }), skipped: [{ productId: CART_ID, name: 'Hull cleaning', code: 'transaction-listing-not-found', reason: null }] }),
      [`GET /v1/marketplace/cart/${OTHER_CART_ID}`]: () => json(200, cart({ id: OTHER_CART_ID, name: 'Voyage 43' })),
      [`PATCH /v1/marketplace/cart/template/${TEMPLATE_ID}`]: (init) => {
        templates = [{ ...withLine, name: (JSON.parse(String(init?.body)) as { name: string }).name }];
        return json(200, templates[0]);
      },
      [`DELETE /v1/marketplace/cart/template/${TEMPLATE_ID}`]: () => {
        templates = [];
        return json(200, { ok: true });
      },
    });
    const { router } = renderAt('/carts');
    const row = await screen.findByTestId('template-row', {}, { timeout: 5000 });
    expect(row.textContent).toContain('FINNSEA (IMO 9300001) · 1 line · 25.11.2026');

    fireEvent.click(within(row).getByRole('button', { name: 'Rename Forklift week' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename the template' }, SLOW);
    fireEvent.change(within(rename).getByRole('textbox', { name: 'Template name' }), { target: { value: 'Forklift fortnight' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    await screen.findByText('Forklift fortnight', {}, SLOW);
    expect(bodiesOf(fetch, `PATCH /v1/marketplace/cart/template/${TEMPLATE_ID}`)).toEqual([{ name: 'Forklift fortnight' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Start a new cart from Forklift fortnight' }));
    const start = await screen.findByRole('dialog', { name: 'New cart from Forklift fortnight' }, SLOW);
    fireEvent.change(within(start).getByRole('textbox', { name: 'Cart name' }), { target: { value: 'Voyage 43' } });
    fireEvent.click(within(start).getByRole('button', { name: 'Start a new cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/single-cart/${OTHER_CART_ID}`), SLOW);
    await screen.findByText('1 line of the template could not be added:', {}, SLOW);
    screen.getByText('Hull cleaning: The listing is no longer available.');
    expect(bodiesOf(fetch, 'POST /v1/marketplace/cart')).toEqual([
      { sessionId: window.sessionStorage.getItem('harbor.cartSessionId'), templateId: TEMPLATE_ID, name: 'Voyage 43', portCall: null },
    ]);
    expect(window.sessionStorage.getItem('harbor.cartSessionId')).toMatch(/^[0-9a-f-]{36}$/);

    await router.navigate('/carts');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Forklift fortnight' }, SLOW));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Delete the template?' }, SLOW)).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No templates yet. Save a cart as a template to start new carts from it.', {}, SLOW);
    // A long flow through three dialogs and two pages: more than the default 5 s on a busy machine.
  }, 20_000);
});

describe('single cart page', () => {
  it('saves the cart as a template and names the new active cart', async () => {
    const fetch = await serve({
      [`GET /v1/marketplace/cart/${CART_ID}`]: () => json(200, cart()),
      'POST /v1/marketplace/cart/template': () =>
        json(201, { ...template, products: [], activeCart: cart({ id: OTHER_CART_ID, name: 'Voyage 42', products: [] }) }),
    });
    renderAt(`/single-cart/${CART_ID}`);
    await screen.findByRole('heading', { name: 'Voyage 42', level: 1 }, { timeout: 5000 });
    expect(screen.getByTestId('cart-port-call-summary').textContent).toBe('Vuosaari (Helsinki) · 10d68910…');
    fireEvent.click(screen.getByRole('button', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the cart as a template' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Template name' }), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as template' }));
    await within(dialog).findByText('This field is required.');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Template name' }), { target: { value: 'Forklift week' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as template' }));
    await screen.findByText(/Template Forklift week saved\. The new cart Voyage 42 is now active\./);
    expect(screen.getByRole('link', { name: 'Open the new cart' }).getAttribute('href')).toBe(`/single-cart/${OTHER_CART_ID}`);
    expect(bodiesOf(fetch, 'POST /v1/marketplace/cart/template')).toEqual([
      { cartId: CART_ID, name: 'Forklift week', ship: { name: 'FINNSEA', imo: 9300001 }, startNewCart: true },
    ]);
  });

  it("shows the server's refusal when saving, and deleting goes to /carts", async () => {
    const fetch = await serve({
      [`GET /v1/marketplace/cart/${CART_ID}`]: () => json(200, cart()),
      'POST /v1/marketplace/cart/template': () =>
        json(409, { apiErrors: [{ code: 'validation-invalid-value', status: 409, meta: { reason: 'carts:errors.tooManyTemplates', max: 100 } }] }),
      [`DELETE /v1/marketplace/cart/${CART_ID}`]: () => json(200, { ok: true }),
      'GET /v1/marketplace/carts': () => json(200, list()),
      'GET /v1/marketplace/cart/templates': () => json(200, { data: [] }),
    });
    const { router } = renderAt(`/single-cart/${CART_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Save as template' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the cart as a template' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as template' }));
    await within(dialog).findByText('You can have at most 100 templates. Delete a template first.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete the cart' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the cart?' });
    // Cancel has the focus: Enter alone does not delete.
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete the cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/carts'));
    await screen.findByText('The cart Voyage 42 was deleted.');
    expect(bodiesOf(fetch, `DELETE /v1/marketplace/cart/${CART_ID}`)).toHaveLength(1);
  });

  it("moves a line's time window; the server's earliest start shows with its time", async () => {
    let answers = 0;
    const fetch = await serve({
      [`GET /v1/marketplace/cart/${CART_ID}`]: () => json(200, cart()),
      [`PATCH /v1/marketplace/cart/product/${LINE_ID}`]: () =>
        ++answers === 1
          ? json(400, {
              apiErrors: [
                {
                  code: 'validation-invalid-params',
                  status: 400,
                  meta: { invalidParams: [{ path: 'startTime', message: 'listings:order.startTooEarly', values: { min: new Date(2026, 11, 1, 9, 30).toISOString() } }] },
                },
              ],
            })
          : json(200, cart()),
    });
    renderAt(`/single-cart/${CART_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Change the time of Forklift rental' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Time of Forklift rental' });
    const start = within(dialog).getByRole('textbox', { name: /^Start time/ });
    const end = within(dialog).getByRole('textbox', { name: /^End time/ });
    fireEvent.change(start, { target: { value: '01.12.2026 10:00' } });
    fireEvent.change(end, { target: { value: '01.12.2026 08:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    within(dialog).getByText('End date cannot be before start date');
    fireEvent.change(start, { target: { value: '01.12.2026 07:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('The earliest start is 01.12.2026 09:30.');
    fireEvent.change(start, { target: { value: '01.12.2026 09:30' } });
    fireEvent.change(end, { target: { value: '01.12.2026 17:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(fetch, `PATCH /v1/marketplace/cart/product/${LINE_ID}`)).toEqual([
      { quantity: 3, startTime: new Date(2026, 11, 1, 7, 0).toISOString(), endTime: new Date(2026, 11, 1, 8, 0).toISOString() },
      { quantity: 3, startTime: new Date(2026, 11, 1, 9, 30).toISOString(), endTime: new Date(2026, 11, 1, 17, 0).toISOString() },
    ]);
  });

  it('says when the cart is not there', async () => {
    await serve({});
    renderAt(`/single-cart/${CART_ID}`);
    await screen.findByText('This cart was not found. It may have been deleted.', {}, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Back to the carts' }).getAttribute('href')).toBe('/carts');
  });
});

describe('new cart page', () => {
  it('checks name, ship and IMO before sending', async () => {
    const fetch = await serve({});
    renderAt('/create-new-cart');
    fireEvent.click(await screen.findByRole('button', { name: 'Create the cart' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
    fireEvent.change(screen.getByRole('textbox', { name: 'IMO number' }), { target: { value: '12a34' } });
    expect(screen.getByRole('textbox', { name: 'IMO number' })).toHaveProperty('value', '1234');
    expect(screen.getByText('An IMO number has 7 digits')).toBeTruthy();
    expect(bodiesOf(fetch, 'POST /v1/marketplace/cart')).toEqual([]);
  });
});
