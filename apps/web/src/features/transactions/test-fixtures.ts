import type { Cart, CartProduct, Transaction } from '@harbor/contracts';
import { vi } from 'vitest';
import { jsonResponse } from '../../test-utils.tsx';

/** Test data shaped exactly as the contracts' schemas parse it (the API answers are checked against them). */
let seq = 0;
export const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

const party = (name: string, org: string) => ({ id: uuid(), displayName: name, abbreviatedName: name.slice(0, 2), organization: { id: uuid(), name: org } });

export function makeTransaction(over: Partial<Transaction> = {}): Transaction {
  const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
  return {
    id: uuid(),
    processAlias: 'harbor-order-simple',
    processName: 'order-simple',
    processVersion: 1,
    state: 'ordered',
    lastTransition: 'order',
    lastTransitionedAt: '2026-05-04T08:00:00.000Z',
    createdAt: '2026-05-04T08:00:00.000Z',
    quantity: 2,
    lineItems: [
      { code: 'line-item/units', includeFor: ['customer', 'provider'], quantity: 2, percentage: null, unitPrice: eur(5000), lineTotal: eur(10000), reversal: false },
      { code: 'line-item/delivery', includeFor: ['customer', 'provider'], quantity: 1, percentage: null, unitPrice: eur(1500), lineTotal: eur(1500), reversal: false },
    ],
    payinTotal: eur(11500),
    payoutTotal: eur(11500),
    transitions: [{ createdAt: '2026-05-04T08:00:00.000Z', by: 'customer', transition: 'order', comment: null }],
    metadata: {},
    protectedData: {
      comment: null,
      reason: null,
      negotiatedDeliveryCharge: null,
      validUntil: null,
      price: { subtotal: eur(10000) },
      deliveryMethod: 'basic',
      deliveryAddress: null,
      deliveryNotes: 'Gangway on port side',
      cartId: null,
      cartProductId: null,
      cartName: 'Call 42',
      createdBy: uuid(),
      portCallId: 'PC-1001',
      portName: 'Vuosaari',
      shipName: 'Finnmaid',
      shipImo: 9319466,
      paymentStatus: 'OFFLINE',
    },
    booking: {
      start: '2026-05-05T08:00:00.000Z',
      end: '2026-05-05T10:00:00.000Z',
      displayStart: '2026-05-05T08:00:00.000Z',
      displayEnd: '2026-05-05T10:00:00.000Z',
      state: 'pending',
    },
    listing: { id: uuid(), title: 'Mooring', unit: 'unit', rfqRequired: false, deleted: false },
    customer: party('Bea Buyer', 'Baltic Agency'),
    provider: party('Sam Seller', 'Port Services Oy'),
    role: 'customer',
    ...over,
  } as Transaction;
}

export function makeLine(over: Partial<CartProduct> = {}): CartProduct {
  return {
    id: uuid(),
    productId: uuid(),
    cartId: uuid(),
    name: 'Mooring',
    quantity: 1,
    rfqRequired: false,
    productType: 'physical_service',
    visibility: 'public',
    minOrderAmount: 0,
    port: 'FIVSS',
    categories: [],
    description: '',
    comment: null,
    imageUrls: [],
    availability: null,
    allowSubscription: false,
    allowOnlinePayment: false,
    unit: 'unit',
    sellerName: 'Port Services Oy',
    authorId: uuid(),
    orderable: true,
    delivery: {
      address: { street: 'Satamatie 1', postalCode: '00980', city: 'Helsinki', country: 'fi', coordinates: null },
      arrangedBy: 'seller',
      info: null,
      time: 2,
      expeditedTime: null,
      cost: null,
      method: 'basic',
      notes: null,
      startTime: '2026-05-05T08:00:00.000Z',
      endTime: '2026-05-05T10:00:00.000Z',
      units: 'hours',
    },
    price: null,
    placed: null,
    createdAt: '2026-05-04T08:00:00.000Z',
    ...over,
  } as CartProduct;
}

export function makeCart(products: CartProduct[]): Cart {
  return {
    id: uuid(),
    name: 'Call 42',
    created: '2026-05-04T08:00:00.000Z',
    cartStatus: 'open',
    active: true,
    ship: { name: 'Finnmaid', imo: 9319466 },
    portCall: { callId: 'PC-1001', portName: 'Vuosaari' },
    sessionId: null,
    products,
    total: null,
  } as Cart;
}

export type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;

/**
 * A fake server behind the real API client: the session cookie is there
 * (token endpoint answers), every other call goes to `routes` by
 * "METHOD /path" (query string left out; the full URL is in the call log).
 */
export function stubServer(routes: Record<string, Handler>) {
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = url.split('?')[0];
    const key = `${init.method ?? 'GET'} ${path}`;
    if (key === 'GET /api/auth/harbor/token') return jsonResponse(200, { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 });
    if (key === 'POST /api/auth/harbor/logout') return jsonResponse(200, { ok: true });
    const handler = routes[key];
    if (!handler) return jsonResponse(404, { apiErrors: [{ code: 'not-found', status: 404 }] });
    return handler(init.body ? JSON.parse(String(init.body)) : undefined, init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

export const apiError = (status: number, code: string) => jsonResponse(status, { apiErrors: [{ code, status }] });
