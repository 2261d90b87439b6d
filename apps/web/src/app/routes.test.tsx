import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/index.ts';
import { routes } from './routes.tsx';

/** Every route of tracking.md, marketplace-buyer.md and marketplace-seller.md, with its access rule. */
const SPEC_ROUTES: [url: string, auth: boolean][] = [
  ['/', false],
  ['/map', true],
  ['/portcalls', true],
  ['/s', false],
  ['/l/some-slug/123', false],
  ['/l/some-slug/123/draft', true],
  ['/l/123', false],
  ['/l/new', true],
  ['/l/some-slug/123/edit/details', true],
  ['/l/some-slug/123/edit/pricing/return', true],
  ['/listings', true],
  ['/profile-settings', true],
  ['/u/123', false],
  ['/account/contact-details', true],
  ['/account/change-password', true],
  ['/account/payments', true],
  ['/account/payments/success', true],
  ['/account/payment-methods', true],
  ['/organization/9', false],
  ['/organization/9/settings/profile', true],
  ['/signup', false],
  ['/confirm', false],
  ['/login', false],
  ['/recover-password', false],
  ['/reset-password', false],
  ['/verify-email', true],
  ['/port-services', false],
  ['/port-companies', true],
  ['/carts', true],
  ['/single-cart/1', true],
  ['/create-new-cart', true],
  ['/placed-order', false],
  ['/orders', true],
  ['/orders/1', true],
  ['/inbox', true],
  ['/sale/1', true],
  ['/subscriptions', true],
  ['/reporting', true],
  ['/weather', false],
  ['/online-payment-successful', true],
  ['/online-payment-cancel', true],
  ['/about', false],
  ['/terms-of-service', false],
  ['/privacy-policy', false],
  ['/notfound', false],
  ['/operator', true],
];

function match(url: string) {
  const matches = matchRoutes(routes, url) ?? [];
  const leaf = matches.at(-1)?.route as RouteObject | undefined;
  const guarded = matches.some((m) => (m.route.element as { type?: unknown } | undefined)?.type === RequireAuth);
  return { leaf, guarded };
}

describe('route table', () => {
  it.each(SPEC_ROUTES)('%s is routed (auth required: %s)', (url, auth) => {
    const { leaf, guarded } = match(url);
    expect(leaf, url).toBeDefined();
    expect(leaf?.path === '*', `${url} fell through to the catch-all`).toBe(false);
    expect(guarded).toBe(auth);
  });

  it('sends unknown paths to the not-found page', () => {
    expect(match('/no/such/page').leaf?.path).toBe('*');
  });

  it('redirects /account and /l', () => {
    for (const url of ['/account', '/l']) expect(match(url).leaf?.element, url).toBeTruthy();
  });
});
