import type { FastifyInstance, InjectOptions } from 'fastify';
import { OrgRole, Scope, type Cart } from '@harbor/contracts';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_PASSWORD, json, signIn, type TestApp } from '../../test/harness.ts';
import { insertOrganization, insertUser } from '../users/index.ts';
import { tokens } from '../listings/test-helpers.ts';

export { completeBody, errorCodes, invalidMessages, publishedListing } from '../listings/test-helpers.ts';

export const HOUR = 3_600_000;
export const iso = (ms: number) => new Date(ms).toISOString();
export const MISSING = '00000000-0000-4000-8000-000000000000';

/** An approved account of its own organization, signed in. */
async function account(t: TestApp, email: string, roles: number) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await t.ctx.db.transaction(async (tx) => {
    const org = await insertOrganization(tx, { name: `${email} Oy`, businessId: '3456789-0', roles });
    await insertUser(tx, {
      organizationId: org.id,
      email,
      passwordHash,
      firstName: 'Test',
      lastName: email.split('@')[0]!,
      status: 'approved',
      emailVerified: true,
      scopes: [Scope.user],
      reviewedAt: new Date(),
    });
  });
  return { authorization: `Bearer ${(await signIn(t.app, email)).access_token}` };
}

/** The demo accounts plus a second buyer and a trader who both buys and sells. */
export async function people(t: TestApp) {
  return {
    ...(await tokens(t.app)),
    buyer2: await account(t, 'buyer2@harbor.test', OrgRole.Buyer),
    trader: await account(t, 'trader@harbor.test', OrgRole.Buyer | OrgRole.Seller),
  };
}
export type People = Awaited<ReturnType<typeof people>>;

/** An order-panel line starting in 3 hours and lasting 8 (enough for the hourly test listing's minimum end). */
export function line(over: Record<string, unknown> = {}) {
  const start = Date.now() + 3 * HOUR;
  return {
    quantity: 5,
    startTime: iso(start),
    endTime: iso(start + 8 * HOUR),
    deliveryMethod: 'basic',
    deliveryAddress: { street: 'Satamatie 1', postalCode: '00980', city: 'Helsinki' },
    deliveryNotes: 'Call the bridge on channel 12',
    ...over,
  };
}

export const ship = { name: 'Finnmaid', imo: 9319454 };
export const portCall = { callId: 'FIHEL-2026-0042', portName: 'Helsinki' };

/** Small HTTP helpers over one app. */
export function client(app: FastifyInstance) {
  const call = (method: InjectOptions['method'], url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method, url: `/v1/marketplace${url}`, headers, ...(payload && { payload }) });
  return {
    call,
    async newCart(headers: Record<string, string>, body: Record<string, unknown> = {}) {
      const res = await call('POST', '/cart', headers, { name: 'Arrival supplies', ship, portCall, ...body });
      if (res.statusCode !== 201) throw new Error(`cart create failed: ${res.body}`);
      return json<Cart & { skipped: unknown[] }>(res);
    },
    async addLine(headers: Record<string, string>, cartId: string, listingId: string, over: Record<string, unknown> = {}) {
      return call('POST', '/cart/product', headers, { cartId, listingId, ...line(over) });
    },
    async carts(headers: Record<string, string>, query = '') {
      return json<{ data: Cart[]; meta: { page: number; perPage: number; totalItems: number; totalPages: number } }>(
        await call('GET', `/carts${query}`, headers),
      );
    },
  };
}
