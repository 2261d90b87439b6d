import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { LoginPage } from '../pages/login-page.tsx';
import { RequireAuth } from './require-auth.tsx';

function Protected() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="protected">{pathname + search + hash}</p>;
}

/** A fake server: no session until the login call succeeds. */
function stubServer() {
  let signedIn = false;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (key === 'POST /api/auth/harbor/login') {
      signedIn = true;
      return jsonResponse(200, { ok: true });
    }
    if (key === 'GET /api/auth/harbor/token')
      return signedIn
        ? jsonResponse(200, { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 })
        : jsonResponse(401, { apiErrors: [{ code: 'unauthorized', status: 401 }] });
    if (key === 'POST /api/auth/harbor/logout') return jsonResponse(200, { ok: true });
    return jsonResponse(404, { apiErrors: [{ code: 'not-found', status: 404 }] });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('auth guard', () => {
  it('sends an anonymous visitor to /login and back to path, search and hash after sign-in', async () => {
    stubServer();
    await session.init();
    expect(session.getStatus()).toBe('anonymous');
    const router = createMemoryRouter(
      [
        { path: '/login', element: <LoginPage /> },
        { element: <RequireAuth />, children: [{ path: '/account/contact-details', element: <Protected /> }] },
      ],
      { initialEntries: ['/account/contact-details?tab=x#phone'] },
    );
    renderWithProviders(<RouterProvider router={router} />);

    await screen.findByRole('heading', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');

    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'buyer@harbor.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'harbor-demo-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByTestId('protected')).textContent).toBe('/account/contact-details?tab=x#phone');
  });

  it('waits for the start-up session check before deciding', () => {
    stubServer();
    const router = createMemoryRouter(
      [{ element: <RequireAuth />, children: [{ path: '/orders', element: <Protected /> }] }, { path: '/login', element: <p>login</p> }],
      { initialEntries: ['/orders'] },
    );
    // A fresh client state: nothing decided yet means a spinner, not a redirect.
    const unknown = vi.spyOn(session, 'getStatus').mockReturnValue('unknown');
    renderWithProviders(<RouterProvider router={router} />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/orders');
    unknown.mockRestore();
  });
});
