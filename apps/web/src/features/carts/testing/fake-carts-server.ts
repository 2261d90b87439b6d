import { vi } from 'vitest';
import type { Cart, CartProduct } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';

/** Test data and a fetch stand-in for the carts feature's component tests (the real api client, fetch mocked). */
export const CART_ID = '0b8f5c1e-1111-4a8e-9a53-1c0f0e6f0001';
export const OTHER_CART_ID = '0b8f5c1e-2222-4a8e-9a53-1c0f0e6f0002';
export const LINE_ID = '0b8f5c1e-3333-4a8e-9a53-1c0f0e6f0003';
const LISTING_ID = '0b8f5c1e-4444-4a8e-9a53-1c0f0e6f0004';
const AUTHOR_ID = '0b8f5c1e-5555-4a8e-9a53-1c0f0e6f0005';

export function line(quantity: number, overrides: Partial<CartProduct> = {}): CartProduct {
  const unit = 24000;
  return {
    id: LINE_ID,
    productId: LISTING_ID,
    cartId: CART_ID,
    name: 'Forklift rental',
    quantity,
    rfqRequired: false,
    productType: 'physical_service',
    visibility: 'public',
    minOrderAmount: 1,
    port: 'FIVSS',
    categories: ['land-equipment-maintenance'],
    description: 'Forklifts up to 16 tonnes with operator.',
    comment: null,
    imageUrls: [],
    availability: null,
    allowSubscription: true,
    allowOnlinePayment: true,
    unit: 'day',
    sellerName: 'Helsinki Harbour Works Oy',
    authorId: AUTHOR_ID,
    orderable: true,
    delivery: {
      address: null,
      arrangedBy: 'buyer',
      info: null,
      time: null,
      expeditedTime: null,
      cost: null,
      method: 'basic',
      notes: null,
      startTime: '2026-11-26T08:00:00.000Z',
      endTime: '2026-11-26T16:00:00.000Z',
      units: 'hours',
    },
    price: {
      currency: 'EUR',
      unit,
      quantity,
      base: unit * quantity,
      discountType: null,
      discountPercent: null,
      discountAmount: 0,
      subtotal: unit * quantity,
      setupFee: 0,
      deliveryCost: 0,
      taxType: 'VAT',
      taxPercent: 0,
      taxAmount: 0,
      net: unit * quantity,
      total: unit * quantity,
    },
    placed: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

export function cart(overrides: Partial<Cart> = {}): Cart {
  const products = overrides.products ?? [line(3)];
  const total = products.every((p) => p.price) ? { amount: products.reduce((sum, p) => sum + (p.price?.total ?? 0), 0), currency: 'EUR' as const } : null;
  return {
    id: CART_ID,
    name: 'Voyage 42',
    created: '2026-11-25T09:00:00.000Z',
    cartStatus: 'open',
    active: true,
    ship: { name: 'FINNSEA', imo: 9300001 },
    portCall: { callId: '10d68910-8bbf-4ca6-87ab-506918053fbc', portName: 'Vuosaari (Helsinki)' },
    sessionId: null,
    products,
    total,
    ...overrides,
  };
}

/** GET /api/users/me: a buyer (organization roles 1) unless `roles` says otherwise. */
export const currentUser = (roles = 1) => ({
  id: AUTHOR_ID,
  displayName: 'Bea B',
  abbreviatedName: 'BB',
  bio: null,
  banned: false,
  deleted: false,
  profileImage: null,
  metadata: { logoUrl: null },
  roles: [],
  email: 'buyer@harbor.test',
  emailVerified: true,
  firstName: 'Bea',
  lastName: 'Buyer',
  phoneNumber: null,
  stripeConnected: false,
  status: 'approved',
  defaultPort: 'FIVSS',
  organization: { id: LISTING_ID, name: 'Buyer Shipping Oy', roles },
  scopes: ['user'],
  language: 'en',
  messageEmails: true,
});

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * A signed-in session and a fetch that answers `METHOD path` from `routes`
 * (404 otherwise); returns the mock, whose calls the tests inspect.
 */
export async function serve(routes: Record<string, Route>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    if (key === 'GET /api/auth/harbor/token') return json(200, { access_token: 'a.e30.s', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 });
    if (key === 'POST /api/auth/harbor/logout') return json(200, { ok: true });
    const route = routes[key] ?? (key === 'GET /api/users/me' ? () => json(200, currentUser()) : undefined);
    return route ? route(init) : json(404, { apiErrors: [{ code: 'not-found', status: 404 }] });
  });
  vi.stubGlobal('fetch', fetch);
  await session.init();
  return fetch;
}

/** The JSON bodies sent as `METHOD path`. */
export const bodiesOf = (fetch: ReturnType<typeof vi.fn>, key: string) =>
  fetch.mock.calls
    .filter(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url).split('?')[0]}` === key)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body ?? 'null')) as unknown);
