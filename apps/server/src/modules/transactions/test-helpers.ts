import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Transaction } from '@harbor/contracts';
import { json } from '../../test/harness.ts';

export { tokens, publishedListing, completeBody, errorCodes, invalidMessages } from '../listings/test-helpers.ts';

const HOUR = 3_600_000;
export const iso = (ms: number) => new Date(ms).toISOString();

/** An order line the test listing (hourly, seller delivers in 2 h, min 1) accepts. */
export function orderLine(over: Record<string, unknown> = {}) {
  const start = Math.ceil((Date.now() + 3 * HOUR) / HOUR) * HOUR;
  return {
    quantity: 2,
    startTime: iso(start),
    endTime: iso(start + 4 * HOUR),
    deliveryMethod: 'basic',
    deliveryAddress: { street: 'Satamatie 1', postalCode: '00980', city: 'Helsinki' },
    ...over,
  };
}

export function initiateBody(listingId: string, over: { transition?: string; processAlias?: string; params?: Record<string, unknown> } = {}) {
  return {
    processAlias: over.processAlias ?? 'harbor-order-simple',
    transition: over.transition ?? 'order',
    params: { listingId, ...orderLine(), protectedData: { cartName: 'Spring call', portCallId: 'PC-1', shipName: 'Finnmaid' }, ...over.params },
  };
}

export function place(app: FastifyInstance, headers: Record<string, string>, body: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/transactions/initiate', headers, payload: body as Record<string, unknown> });
}

export function transition(app: FastifyInstance, headers: Record<string, string>, id: string, name: string, params: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: `/api/transactions/${id}/transition`, headers, payload: { transition: name, params } });
}

export const txOf = (res: LightMyRequestResponse) => json<{ data: Transaction }>(res).data;

export async function stockOfListing(app: FastifyInstance, headers: Record<string, string>, id: string): Promise<number | null> {
  const res = await app.inject({ method: 'GET', url: `/api/listings/${id}`, headers });
  return json<{ currentStock: number | null }>(res).currentStock;
}
