import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { session } from '../../../shared/api-client/index.ts';
import { renderWithProviders } from '../../../test-utils.tsx';
import { bodiesOf, cart, CART_ID, currentUser, json, line, LINE_ID, OTHER_CART_ID, serve } from '../testing/fake-carts-server.ts';
import { setMiniCartOpen } from '../mini-cart-store.ts';
import { CartMenu } from './cart-menu.tsx';

function renderMenu(language: 'en' | 'fi' = 'en') {
  const router = createMemoryRouter([{ path: '*', element: <CartMenu /> }], { initialEntries: ['/'] });
  return renderWithProviders(<RouterProvider router={router} />, { language });
}

afterEach(async () => {
  cleanup();
  setMiniCartOpen(false);
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('cart menu', () => {
  it('shows nothing to anonymous visitors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.endsWith('/logout') ? json(200, { ok: true }) : json(401, { apiErrors: [{ code: 'unauthorized', status: 401 }] }))),
    );
    await session.init();
    const { container } = renderMenu();
    expect(container.textContent).toBe('');
    expect(fetch).not.toHaveBeenCalledWith('/v1/marketplace/carts', expect.anything());
  });

  it("shows nothing to users of a seller-only organization (carts are a buyer's)", async () => {
    const fetch = await serve({ 'GET /api/users/me': () => json(200, currentUser(2)), 'GET /v1/marketplace/carts': () => json(200, { data: [cart()] }) });
    const { container } = renderMenu();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/users/me', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
    expect(bodiesOf(fetch, 'GET /v1/marketplace/carts')).toEqual([]);
  });

  it('names the active cart and its lines; the dropdown chooses another cart as active', async () => {
    let active = CART_ID;
    const carts = () => ({
      data: [cart({ active: active === CART_ID }), cart({ id: OTHER_CART_ID, name: 'Voyage 43', active: active === OTHER_CART_ID, products: [] })],
      meta: { page: 1, perPage: 100, totalItems: 2, totalPages: 1 },
    });
    const fetch = await serve({
      'GET /v1/marketplace/carts': () => json(200, carts()),
      [`PATCH /v1/marketplace/cart/${OTHER_CART_ID}`]: () => {
        active = OTHER_CART_ID;
        return json(200, carts().data[1]);
      },
    });
    renderMenu();
    const button = await screen.findByRole('button', { name: 'Shopping cart Voyage 42, 1 line' });
    fireEvent.click(button);
    const menu = await screen.findByRole('menu', { name: 'Shopping cart' });
    const current = within(menu).getByRole('menuitem', { name: /^Voyage 42/ });
    expect(current.classList.contains('Mui-selected')).toBe(true);
    expect(within(menu).getByRole('menuitem', { name: /^Voyage 43/ }).textContent).toContain('FINNSEA · Vuosaari (Helsinki) · 0 lines');
    fireEvent.click(within(menu).getByRole('menuitem', { name: /^Voyage 43/ }));
    await screen.findByRole('button', { name: 'Shopping cart Voyage 43, 0 lines' });
    expect(bodiesOf(fetch, `PATCH /v1/marketplace/cart/${OTHER_CART_ID}`)).toEqual([{ active: true }]);
  });

  it("keeps the dropdown open with the server's refusal when a cart cannot be chosen", async () => {
    await serve({
      'GET /v1/marketplace/carts': () => json(200, { data: [cart(), cart({ id: OTHER_CART_ID, name: 'Voyage 43', active: false })], meta: { page: 1, perPage: 100, totalItems: 2, totalPages: 1 } }),
      [`PATCH /v1/marketplace/cart/${OTHER_CART_ID}`]: () =>
        json(409, { apiErrors: [{ code: 'validation-invalid-value', status: 409, meta: { reason: 'carts:errors.cartClosed' } }] }),
    });
    renderMenu();
    fireEvent.click(await screen.findByRole('button', { name: 'Shopping cart Voyage 42, 1 line' }));
    const menu = await screen.findByRole('menu', { name: 'Shopping cart' });
    fireEvent.click(within(menu).getByRole('menuitem', { name: /^Voyage 43/ }));
    await within(menu).findByText('This cart has been ordered and can no longer change.');
    expect(screen.getByRole('menu', { name: 'Shopping cart' })).toBe(menu);
  });

  it('says when the carts cannot be loaded, and offers a new cart when there is none', async () => {
    await serve({ 'GET /v1/marketplace/carts': () => json(500, { apiErrors: [{ code: 'internal-error', status: 500 }] }) });
    renderMenu();
    fireEvent.click(await screen.findByRole('button', { name: 'Shopping cart' }));
    await screen.findByText(/^The carts could not be loaded\./, {}, { timeout: 5000 });
    expect(screen.getByRole('menuitem', { name: "Show the cart's contents" }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'New cart' }).getAttribute('href')).toBe('/create-new-cart');
  });
});

describe('mini cart', () => {
  async function openMiniCart(routes: Parameters<typeof serve>[0], language: 'en' | 'fi' = 'en') {
    const fetch = await serve(routes);
    renderMenu(language);
    fireEvent.click(await screen.findByRole('button', { name: /, \d+ (line|rivi)/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: language === 'en' ? "Show the cart's contents" : 'Näytä ostoskorin sisältö' }));
    const drawer = await screen.findByRole('dialog', { name: 'Voyage 42' });
    return { fetch, drawer };
  }

  it('changes a quantity: the server recomputes the line and the total', async () => {
    let quantity = 3;
    const { fetch, drawer } = await openMiniCart({
      'GET /v1/marketplace/carts': () => json(200, { data: [cart({ products: [line(quantity)] })], meta: { page: 1, perPage: 100, totalItems: 1, totalPages: 1 } }),
      [`PATCH /v1/marketplace/cart/product/${LINE_ID}`]: (init) => {
        quantity = (JSON.parse(String(init?.body)) as { quantity: number }).quantity;
        return json(200, cart({ products: [line(quantity)] }));
      },
    });
    expect(within(drawer).getByTestId('cart-total').textContent).toBe('720.00 EUR');
    expect(within(drawer).getByText('Total (VAT 0 %)')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'More of Forklift rental' }));
    await waitFor(() => expect(within(drawer).getByTestId('cart-total').textContent).toBe('960.00 EUR'));
    const field = within(drawer).getByRole('spinbutton', { name: 'Quantity of Forklift rental' });
    fireEvent.change(field, { target: { value: '2' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(within(drawer).getByTestId('cart-line-total').textContent).toBe('480.00 EUR'));
    expect(bodiesOf(fetch, `PATCH /v1/marketplace/cart/product/${LINE_ID}`)).toEqual([{ quantity: 4 }, { quantity: 2 }]);
    // Not sent: under the minimum, with the reason at the field.
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.blur(field);
    expect(within(drawer).getByRole('alert').textContent).toBe('The quantity must be more than 0.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(bodiesOf(fetch, `PATCH /v1/marketplace/cart/product/${LINE_ID}`)).toHaveLength(2);
  });

  it("shows the server's refusal with the order panel's text, and removes a line naming it", async () => {
    let products = [line(3, { minOrderAmount: 1 })];
    const { fetch, drawer } = await openMiniCart({
      'GET /v1/marketplace/carts': () => json(200, { data: [cart({ products })], meta: { page: 1, perPage: 100, totalItems: 1, totalPages: 1 } }),
      [`PATCH /v1/marketplace/cart/product/${LINE_ID}`]: () =>
        json(400, {
          apiErrors: [{ code: 'validation-invalid-params', status: 400, meta: { invalidParams: [{ path: 'quantity', message: 'listings:order.quantityMin', values: { min: '5' } }] } }],
        }),
      [`DELETE /v1/marketplace/cart/product/${LINE_ID}`]: () => {
        products = [];
        return json(200, cart({ products }));
      },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'More of Forklift rental' }));
    await within(drawer).findByText('The minimum order amount is 5.');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove Forklift rental from the cart' }));
    await within(drawer).findByText('This cart is empty. Add services from their listing pages.');
    expect(bodiesOf(fetch, `DELETE /v1/marketplace/cart/product/${LINE_ID}`)).toEqual([{ productId: line(1).productId, name: 'Forklift rental' }]);
    expect(within(drawer).getByTestId('cart-total').textContent).toBe('0.00 EUR');
  });

  it('speaks Finnish and leaves the total empty when a line has no price', async () => {
    const { drawer } = await openMiniCart(
      { 'GET /v1/marketplace/carts': () => json(200, { data: [cart({ products: [line(2, { price: null })] })], meta: { page: 1, perPage: 100, totalItems: 1, totalPages: 1 } }) },
      'fi',
    );
    expect(within(drawer).getByText('Yhteensä (ALV 0 %)')).toBeTruthy();
    expect(within(drawer).getByTestId('cart-total').textContent).toBe('');
    expect(within(drawer).getByRole('link', { name: 'Avaa ostoskori' }).getAttribute('href')).toBe(`/single-cart/${CART_ID}`);
  });
});
