import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { MISSING, client, errorCodes, invalidMessages, people, portCall, ship, type People } from './test-helpers.ts';

describe('carts: create, read, change, delete, and the one active cart', () => {
  let t: TestApp;
  let p: People;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp();
    p = await people(t);
    c = client(t.app);
  });
  afterAll(() => t.close());
  const activeIds = async (headers: Record<string, string>) => (await c.carts(headers)).data.filter((x) => x.active).map((x) => x.id);

  it('creates a cart tied to a ship and a port call, readable only by its owner', async () => {
    const res = await c.call('POST', '/cart', p.buyer, { sessionId: 'tab-1', name: '  Arrival supplies ', ship, portCall });
    expect(res.statusCode, res.body).toBe(201);
    const cart = json<Cart & { skipped: unknown[] }>(res);
    expect(cart).toMatchObject({
      name: 'Arrival supplies',
      cartStatus: 'open',
      active: true,
      ship,
      portCall,
      sessionId: 'tab-1',
      products: [],
      total: { amount: 0, currency: 'EUR' },
      skipped: [],
    });
    expect(Date.parse(cart.created)).toBeGreaterThan(Date.now() - 60_000);

    const read = await c.call('GET', `/cart/${cart.id}`, p.buyer);
    expect(read.statusCode).toBe(200);
    expect(json<Cart>(read)).toMatchObject({ id: cart.id, name: 'Arrival supplies', active: true });

    // Another buyer, even one allowed to buy, neither sees nor changes it: 404, as for a cart that does not exist.
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'Mine now' }], ['DELETE']] as const) {
      const other = await c.call(method, `/cart/${cart.id}`, p.buyer2, payload);
      expect(other.statusCode, `${method} ${other.body}`).toBe(404);
      expect(errorCodes(other)).toEqual(['not-found']);
    }
    expect((await c.carts(p.buyer2)).data).toEqual([]);
    expect(errorCodes(await c.call('GET', `/cart/${MISSING}`, p.buyer))).toEqual(['not-found']);
  });

  it('asks for a name and a ship, a 7-digit IMO and a whole port call', async () => {
    const res = await c.call('POST', '/cart', p.buyer, { ship: { name: 'x', imo: 123 }, portCall: { callId: '', portName: 'Helsinki' } });
    expect(res.statusCode).toBe(400);
    expect(invalidMessages(res)).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: 'validation.required' },
        { path: 'body.ship.imo', message: 'carts:validation.imo' },
        { path: 'body.portCall.callId', message: 'validation.required' },
      ]),
    );
    // Small craft have no IMO number; a cart may wait for its port call.
    const noImo = await c.call('POST', '/cart', p.buyer, { name: 'Pilot boat', ship: { name: 'Pilot 7', imo: null }, active: false });
    expect(noImo.statusCode, noImo.body).toBe(201);
    expect(json<Cart>(noImo)).toMatchObject({ ship: { imo: null }, portCall: null, active: false });
  });

  it('refuses anonymous callers in the apiErrors shape, and those who may not buy', async () => {
    for (const [method, url] of [
      ['GET', '/carts'],
      ['GET', `/cart/${MISSING}`],
      ['POST', '/cart'],
      ['GET', '/cart/templates'],
      ['POST', '/cart/product'],
      ['DELETE', `/cart/template/${MISSING}`],
    ] as const) {
      const res = await c.call(method, url, {}, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(401);
      expect(json(res)).toMatchObject({ apiErrors: [{ code: 'unauthorized', status: 401 }] });
    }
    // A seller-only organization has no Buyer role; a limited-rights user changes nothing.
    const seller = await c.call('POST', '/cart', p.seller, { name: 'x', ship });
    expect(seller.statusCode).toBe(403);
    expect(json(seller)).toMatchObject({ apiErrors: [{ code: 'forbidden', meta: { reason: 'not-buyer' } }] });
    const limited = await c.call('POST', '/cart', p.limited, { name: 'x', ship });
    expect(limited.statusCode).toBe(403);
    expect(json(limited)).toMatchObject({ apiErrors: [{ code: 'forbidden', meta: { reason: 'limited-user' } }] });
  });

  it('keeps one active cart: a new cart takes over, PATCH chooses or clears, DELETE of the active one leaves none', async () => {
    const first = await c.newCart(p.buyer2, { name: 'First' });
    const second = await c.newCart(p.buyer2, { name: 'Second' });
    expect(await activeIds(p.buyer2)).toEqual([second.id]);

    const chosen = await c.call('PATCH', `/cart/${first.id}`, p.buyer2, { active: true });
    expect(json<Cart>(chosen).active).toBe(true);
    expect(await activeIds(p.buyer2)).toEqual([first.id]);

    // A cart made with active: false leaves the active one alone.
    await c.newCart(p.buyer2, { name: 'Later', active: false });
    expect(await activeIds(p.buyer2)).toEqual([first.id]);

    const cleared = await c.call('PATCH', `/cart/${first.id}`, p.buyer2, { active: false });
    expect(json<Cart>(cleared).active).toBe(false);
    expect(await activeIds(p.buyer2)).toEqual([]);

    await c.call('PATCH', `/cart/${second.id}`, p.buyer2, { active: true });
    const del = await c.call('DELETE', `/cart/${second.id}`, p.buyer2);
    expect(del.statusCode).toBe(200);
    expect(json(del)).toEqual({ ok: true });
    expect(await activeIds(p.buyer2)).toEqual([]);
    expect((await c.call('GET', `/cart/${second.id}`, p.buyer2)).statusCode).toBe(404);
    expect((await c.call('DELETE', `/cart/${second.id}`, p.buyer2)).statusCode).toBe(404);
    // Other users' active carts are theirs: the buyer's stays active throughout.
    expect(await activeIds(p.buyer)).toHaveLength(1);
  });

  it('parallel new carts of one user still end with exactly one active', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => c.call('POST', '/cart', p.trader, { name: `Race ${i}`, ship })));
    expect(made.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(await activeIds(p.trader)).toHaveLength(1);
  });

  it('changes name, ship and port call, and clears the port call with null', async () => {
    const cart = await c.newCart(p.buyer);
    const res = await c.call('PATCH', `/cart/${cart.id}`, p.buyer, {
      name: 'Departure',
      ship: { name: 'Finnlady', imo: 9336268 },
      portCall: { callId: 'FIVSS-2026-0007', portName: 'Vuosaari' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Cart>(res)).toMatchObject({ name: 'Departure', ship: { name: 'Finnlady', imo: 9336268 }, portCall: { callId: 'FIVSS-2026-0007', portName: 'Vuosaari' } });
    const none = await c.call('PATCH', `/cart/${cart.id}`, p.buyer, { portCall: null });
    expect(json<Cart>(none)).toMatchObject({ name: 'Departure', portCall: null });
    expect(invalidMessages(await c.call('PATCH', `/cart/${cart.id}`, p.buyer, { name: ' ' }))).toEqual([{ path: 'body.name', message: 'validation.required' }]);
  });

  it('lists carts open first and newest first, paged with the spec\'s pagination', async () => {
    const all = await c.carts(p.buyer2);
    expect(all.meta).toEqual({ page: 1, perPage: 100, totalItems: all.data.length, totalPages: 1 });
    const created = all.data.map((x) => x.created);
    expect(created).toEqual([...created].sort().reverse());
    const page2 = await c.carts(p.buyer2, '?page=2&perPage=1');
    expect(page2.meta).toEqual({ page: 2, perPage: 1, totalItems: all.data.length, totalPages: all.data.length });
    expect(page2.data.map((x) => x.id)).toEqual([all.data[1]!.id]);
    expect((await c.call('GET', '/carts?perPage=101', p.buyer2)).statusCode).toBe(400);
  });

  it('lists the cart routes in the OpenAPI document', async () => {
    const doc = json<{ paths: Record<string, Record<string, unknown>> }>(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    for (const path of ['/v1/marketplace/cart', '/v1/marketplace/carts', '/v1/marketplace/cart/{id}', '/v1/marketplace/cart/product', '/v1/marketplace/cart/product/{id}', '/v1/marketplace/cart/template', '/v1/marketplace/cart/templates', '/v1/marketplace/cart/template/{id}'])
      expect(doc.paths[path], path).toBeDefined();
    expect(Object.keys(doc.paths['/v1/marketplace/cart/{id}']!).sort()).toEqual(['delete', 'get', 'patch']);
  });
});
