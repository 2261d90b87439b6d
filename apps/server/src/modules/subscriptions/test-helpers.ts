import type { FastifyInstance } from 'fastify';
import { json } from '../../test/harness.ts';
import { completeBody, publishedListing, tokens } from '../listings/test-helpers.ts';
import type { Subscription } from '@harbor/contracts';

export { tokens };
export const HOUR = 3_600_000;

/** A published listing in Vuosaari (Europe/Helsinki) that allows subscriptions, unless told otherwise. */
export function subscribableListing(app: FastifyInstance, auth: Awaited<ReturnType<typeof tokens>>, over: { allowSubscription?: boolean; stock?: number } = {}) {
  return publishedListing(app, auth, {
    stock: over.stock ?? 100,
    publicData: { ...completeBody().publicData, port: 'FIVSS', allowSubscription: over.allowSubscription ?? true },
  });
}

/** A cart of the buyer with one line per listing given (the line starts in 3 h and lasts 4 h). */
export async function cartWith(app: FastifyInstance, headers: Record<string, string>, listingIds: string[], now = Date.now()) {
  const cart = await app.inject({
    method: 'POST',
    url: '/v1/marketplace/cart',
    headers,
    payload: { name: 'Weekly supplies', ship: { name: 'Finnmaid', imo: 9319454 }, portCall: { callId: 'FIVSS-2026-1', portName: 'Vuosaari' } },
  });
  if (cart.statusCode !== 201) throw new Error(`cart: ${cart.body}`);
  const cartId = json<{ id: string }>(cart).id;
  const start = Math.ceil((now + 3 * HOUR) / HOUR) * HOUR;
  for (const listingId of listingIds) {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/marketplace/cart/product',
      headers,
      payload: {
        cartId,
        listingId,
        quantity: 2,
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + 4 * HOUR).toISOString(),
        deliveryMethod: 'basic',
        deliveryAddress: { street: 'Satamatie 1', postalCode: '00980', city: 'Helsinki' },
      },
    });
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`cart line: ${res.statusCode} ${res.body}`);
  }
  return cartId;
}

export const weekly = (over: Record<string, unknown> = {}) => ({
  type: 'weekly',
  interval: 1,
  weekdays: [3],
  startTime: '09:00',
  startDate: '2026-03-16',
  endDate: '2026-12-31',
  ...over,
});

export function createSubscription(app: FastifyInstance, headers: Record<string, string>, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/v1/marketplace/subscriptions', headers, payload: body });
}

export function patchSubscription(app: FastifyInstance, headers: Record<string, string>, id: string, body: Record<string, unknown>) {
  return app.inject({ method: 'PATCH', url: `/v1/marketplace/subscriptions/${id}`, headers, payload: body });
}

export const subOf = (res: { json(): unknown }) => (res.json() as { data: Subscription }).data;
