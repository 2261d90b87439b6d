import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, CartTemplate } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { cartForPlacement, lockCartLine, markCartLinePlaced, removeCartLine } from './index.ts';
import { HOUR, client, completeBody, errorCodes, iso, people, portCall, publishedListing, ship, type People } from './test-helpers.ts';

const pd = completeBody().publicData;
type Saved = CartTemplate & { activeCart: Cart | null };

describe('cart templates and placement hooks', () => {
  let t: TestApp;
  let p: People;
  let c: ReturnType<typeof client>;
  let hourly: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    p = await people(t);
    c = client(t.app);
    hourly = await publishedListing(t.app, p, { publicData: { ...pd, minOrderAmount: 2 } });
    other = await publishedListing(t.app, p, { title: 'Fresh water', publicData: { ...pd, unit: 'cubic-meter', categories: ['supplies'] } });
  });
  afterAll(() => t.close());

  it('saves a cart as a template, after which a new empty cart for the same ship and port call is active', async () => {
    const cart = await c.newCart(p.buyer, { name: 'Weekly call' });
    await c.addLine(p.buyer, cart.id, hourly, { quantity: 4, startTime: iso(Date.now() + 3 * HOUR), endTime: iso(Date.now() + 10 * HOUR) });
    await c.addLine(p.buyer, cart.id, other, { quantity: 2, deliveryMethod: 'expedited', deliveryNotes: undefined });

    const res = await c.call('POST', '/cart/template', p.buyer, { cartId: cart.id, name: 'Helsinki weekly', newCartName: 'Next call' });
    expect(res.statusCode, res.body).toBe(201);
    const saved = json<Saved>(res);
    expect(saved).toMatchObject({ name: 'Helsinki weekly', ship });
    expect(saved.products).toMatchObject([
      { productId: hourly, name: 'Harbour tug assistance', quantity: 4, unit: 'hour', sellerName: 'Vuosaari Port Services', deliveryMethod: 'basic', durationMinutes: 7 * 60, deliveryNotes: 'Call the bridge on channel 12', orderable: true },
      { productId: other, name: 'Fresh water', quantity: 2, deliveryMethod: 'expedited', durationMinutes: 8 * 60, deliveryNotes: null },
    ]);
    expect(saved.activeCart).toMatchObject({ name: 'Next call', active: true, ship, portCall, products: [], cartStatus: 'open' });

    const carts = (await c.carts(p.buyer)).data;
    expect(carts.filter((x) => x.active).map((x) => x.id)).toEqual([saved.activeCart!.id]);
    // The saved cart stays as it was, lines and all.
    expect(carts.find((x) => x.id === cart.id)).toMatchObject({ active: false, products: [{ productId: hourly }, { productId: other }] });

    const list = json<{ data: CartTemplate[] }>(await c.call('GET', '/cart/templates', p.buyer)).data;
    expect(list.map((x) => x.id)).toEqual([saved.id]);
    expect(json<{ data: unknown[] }>(await c.call('GET', '/cart/templates', p.buyer2)).data).toEqual([]);
  });

  it('starts a cart from a template with fresh time windows, skipping lines that can no longer be ordered', async () => {
    const source = await c.newCart(p.buyer2, { name: 'Source', ship: { name: 'Finnstar', imo: 9319442 } });
    await c.addLine(p.buyer2, source.id, hourly, { quantity: 3 });
    const closing = await publishedListing(t.app, p, { title: 'Seasonal' });
    await c.addLine(p.buyer2, source.id, closing);
    const saved = json<Saved>(await c.call('POST', '/cart/template', p.buyer2, { cartId: source.id, name: 'Routine', startNewCart: false }));
    expect(saved.activeCart).toBeNull();
    expect((await c.carts(p.buyer2)).data.filter((x) => x.active).map((x) => x.id)).toEqual([source.id]);
    await t.app.inject({ method: 'POST', url: `/api/own-listings/${closing}/close`, headers: p.seller });

    const before = Date.now();
    const res = await c.call('POST', '/cart', p.buyer2, { templateId: saved.id, portCall });
    expect(res.statusCode, res.body).toBe(201);
    const cart = json<Cart & { skipped: { productId: string; code: string }[] }>(res);
    expect(cart).toMatchObject({ name: 'Routine', ship: { name: 'Finnstar', imo: 9319442 }, portCall, active: true });
    expect(cart.skipped).toEqual([{ productId: closing, name: 'Seasonal', code: 'transaction-listing-not-found', reason: null }]);
    expect(cart.products).toHaveLength(1);
    const line = cart.products[0]!;
    // Earliest start is now + 2 h (seller delivery), on the next quarter hour; hourly lines end no earlier than earliest + quantity hours.
    const start = Date.parse(line.delivery.startTime);
    expect(start).toBeGreaterThanOrEqual(before + 2 * HOUR - 60_000);
    expect(start).toBeLessThanOrEqual(Date.now() + 2 * HOUR + 15 * 60_000);
    expect(start % (15 * 60_000)).toBe(0);
    expect(Date.parse(line.delivery.endTime) - start).toBe(8 * HOUR);
    expect(line).toMatchObject({ quantity: 3, delivery: { method: 'basic', notes: 'Call the bridge on channel 12', address: { street: 'Satamatie 1' } } });
    expect(line.price).toMatchObject({ base: 75000, net: 80000 });

    // Templates of another user cannot be started from, renamed or deleted.
    expect(errorCodes(await c.call('POST', '/cart', p.buyer, { templateId: saved.id }))).toEqual(['not-found']);
    expect(errorCodes(await c.call('PATCH', `/cart/template/${saved.id}`, p.buyer, { name: 'Stolen' }))).toEqual(['not-found']);
    expect(errorCodes(await c.call('DELETE', `/cart/template/${saved.id}`, p.buyer))).toEqual(['not-found']);
  });

  it('renames a template, changes its ship and deletes it; an empty cart makes no template', async () => {
    const cart = await c.newCart(p.trader, { name: 'Empty' });
    const empty = await c.call('POST', '/cart/template', p.trader, { cartId: cart.id, name: 'Nothing' });
    expect(empty.statusCode).toBe(409);
    expect(json(empty)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-value', meta: { reason: 'carts:errors.emptyCart' } }] });

    await c.addLine(p.trader, cart.id, hourly);
    const saved = json<Saved>(await c.call('POST', '/cart/template', p.trader, { cartId: cart.id, name: 'Tugs', ship: { name: 'Other ship', imo: null } }));
    expect(saved.ship).toEqual({ name: 'Other ship', imo: null });
    const renamed = await c.call('PATCH', `/cart/template/${saved.id}`, p.trader, { name: 'Tugs twice', ship: { name: 'Finnmaid', imo: 9319454 } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json<CartTemplate>(renamed)).toMatchObject({ name: 'Tugs twice', ship: { name: 'Finnmaid', imo: 9319454 }, products: [{ productId: hourly }] });
    expect(json((await c.call('DELETE', `/cart/template/${saved.id}`, p.trader)))).toEqual({ ok: true });
    expect(json<{ data: unknown[] }>(await c.call('GET', '/cart/templates', p.trader)).data).toEqual([]);
    expect((await c.call('DELETE', `/cart/template/${saved.id}`, p.trader)).statusCode).toBe(404);
  });

  it('lets the transaction engine read, lock and mark lines; a fully placed cart closes and stops being active', async () => {
    const cart = await c.newCart(p.buyer, { name: 'To place' });
    await c.addLine(p.buyer, cart.id, hourly);
    const withTwo = json<Cart>(await c.addLine(p.buyer, cart.id, other, { quantity: 3 }));
    const [first, second] = withTwo.products.map((l) => l.id);
    const buyerId = await userIdOf(p.buyer);

    const read = await cartForPlacement(t.ctx.db, buyerId, cart.id);
    expect(read).toMatchObject({ id: cart.id, name: 'To place', status: 'open', ship, portCall });
    expect(read.lines.map((l) => l.listingId)).toEqual([hourly, other]);
    expect(read.lines[0]!.line).toMatchObject({ quantity: 5, deliveryMethod: 'basic', deliveryNotes: 'Call the bridge on channel 12', deliveryAddress: { country: 'fi' } });
    await expect(cartForPlacement(t.ctx.db, await userIdOf(p.buyer2), cart.id)).rejects.toMatchObject({ code: 'not-found' });

    // Placing the first line: locked, then marked in the same transaction.
    await t.ctx.db.transaction(async (tx) => {
      const { line } = await lockCartLine(tx, buyerId, first!);
      expect(line.placed).toBeNull();
      expect(await markCartLinePlaced(tx, buyerId, first!, 'tx-1')).toEqual({ placed: true, cartClosed: false });
    });
    // A second placement of the same line keeps the first transaction.
    expect(await markCartLinePlaced(t.ctx.db, buyerId, first!, 'tx-2')).toEqual({ placed: false, cartClosed: false });
    const half = json<Cart>(await c.call('GET', `/cart/${cart.id}`, p.buyer));
    expect(half.products[0]!.placed).toMatchObject({ transactionId: 'tx-1' });
    // The total counts only what is still to be placed; placed lines are the record and do not change.
    expect(half.total).toEqual({ amount: half.products[1]!.price!.total, currency: 'EUR' });
    expect(json(await c.call('PATCH', `/cart/product/${first}`, p.buyer, { quantity: 6 }))).toMatchObject({ apiErrors: [{ meta: { reason: 'carts:errors.linePlaced' } }] });
    expect((await c.call('DELETE', `/cart/product/${first}`, p.buyer)).statusCode).toBe(409);

    expect(await markCartLinePlaced(t.ctx.db, buyerId, second!, 'tx-3')).toEqual({ placed: true, cartClosed: true });
    const done = json<Cart>(await c.call('GET', `/cart/${cart.id}`, p.buyer));
    expect(done).toMatchObject({ cartStatus: 'closed', active: false, total: { amount: 0, currency: 'EUR' } });
    expect((await c.addLine(p.buyer, cart.id, hourly)).statusCode).toBe(409);
    expect(json(await c.call('PATCH', `/cart/${cart.id}`, p.buyer, { active: true }))).toMatchObject({ apiErrors: [{ meta: { reason: 'carts:errors.cartClosed' } }] });
    // A placed cart is the usual template, and can be deleted.
    expect((await c.call('POST', '/cart/template', p.buyer, { cartId: cart.id, name: 'Again', startNewCart: false })).statusCode).toBe(201);
    expect(await removeCartLine(t.ctx.db, buyerId, first!)).toBe(false);
    expect((await c.call('DELETE', `/cart/${cart.id}`, p.buyer)).statusCode).toBe(200);
  });

  it('removing the last unplaced line of a partly placed cart closes it', async () => {
    const cart = await c.newCart(p.buyer, { name: 'Partly' });
    await c.addLine(p.buyer, cart.id, hourly);
    const lines = json<Cart>(await c.addLine(p.buyer, cart.id, other)).products.map((l) => l.id);
    const buyerId = await userIdOf(p.buyer);
    await markCartLinePlaced(t.ctx.db, buyerId, lines[0]!, 'tx-9');
    expect(await removeCartLine(t.ctx.db, buyerId, lines[1]!)).toBe(true);
    expect(json<Cart>(await c.call('GET', `/cart/${cart.id}`, p.buyer))).toMatchObject({ cartStatus: 'closed', products: [{ id: lines[0] }] });
  });

  async function userIdOf(headers: Record<string, string>) {
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
    return json<{ id: string }>(me).id;
  }
});
