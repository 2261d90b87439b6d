import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { HOUR, MISSING, client, completeBody, errorCodes, invalidMessages, iso, people, publishedListing, type People } from './test-helpers.ts';

const pd = completeBody().publicData;

describe('cart lines: order-line rules and server prices', () => {
  let t: TestApp;
  let p: People;
  let c: ReturnType<typeof client>;
  let hourly: string;
  let boxes: string;
  let cart: Cart;

  beforeAll(async () => {
    t = await createTestApp();
    p = await people(t);
    c = client(t.app);
    // 250.00 EUR an hour, at least 2 hours, 10 % off from 5 hours, 30.00 EUR setup fee,
    // the seller delivers in 2 h for 50.00 EUR or in 1 h for 90.00 EUR.
    hourly = await publishedListing(t.app, p, {
      publicData: {
        ...pd,
        minOrderAmount: 2,
        setupFee: { amount: 3000, currency: 'EUR' },
        discount: { type: 'PERCENT', tiers: [{ orderMin: 5, amount: 10 }, { orderMin: 2, amount: 0 }] },
        rfqRequired: false,
        allowOnlinePayment: true,
        comment: 'Tugs from Vuosaari',
      },
    });
    // 100.00 EUR a box, 15.00 EUR off each box from 10 boxes and 20.00 EUR from 20, the buyer collects (no delivery cost).
    boxes = await publishedListing(t.app, p, {
      title: 'Provision boxes',
      price: { amount: 10000, currency: 'EUR' },
      publicData: {
        ...pd,
        unit: 'box',
        categories: ['supplies'],
        minOrderAmount: 1,
        discount: { type: 'FIXED_AMOUNT', tiers: [{ orderMin: 20, amount: 2000 }, { orderMin: 10, amount: 1500 }] },
        delivery: { arrangedBy: 'buyer' },
      },
    });
    cart = await c.newCart(p.buyer);
  });
  afterAll(() => t.close());

  it('adds a line with every cart-product field and the price the server computes (percent tier, setup fee, basic delivery)', async () => {
    const res = await c.addLine(p.buyer, cart.id, hourly, { price: 1, subtotal: 1, priceNet: 1, discount: { type: 'PERCENT', value: 99 } });
    expect(res.statusCode, res.body).toBe(201);
    const body = json<Cart>(res);
    expect(body.products).toHaveLength(1);
    const line = body.products[0]!;
    expect(line).toMatchObject({
      productId: hourly,
      cartId: cart.id,
      name: 'Harbour tug assistance',
      quantity: 5,
      rfqRequired: false,
      productType: 'physical_service',
      visibility: 'public',
      minOrderAmount: 2,
      port: pd.port,
      categories: ['arrival-and-departure'],
      comment: 'Tugs from Vuosaari',
      availability: { from: '2026-01-01', to: '2027-12-31' },
      allowSubscription: false,
      allowOnlinePayment: true,
      unit: 'hour',
      sellerName: 'Vuosaari Port Services',
      orderable: true,
      placed: null,
      delivery: {
        address: { street: 'Satamatie 1', postalCode: '00980', city: 'Helsinki', country: 'fi' },
        arrangedBy: 'seller',
        time: 2,
        expeditedTime: 1,
        cost: { basic: 5000, expedited: 9000, currency: 'EUR' },
        method: 'basic',
        notes: 'Call the bridge on channel 12',
        units: 'hours',
      },
      // 5 h × 250.00 = 1250.00, 10 % off = 125.00, + 30.00 setup + 50.00 delivery; the client's prices are ignored.
      price: { currency: 'EUR', unit: 25000, quantity: 5, base: 125000, discountType: 'PERCENT', discountPercent: 10, discountAmount: 12500, subtotal: 112500, setupFee: 3000, deliveryCost: 5000, taxType: 'VAT', taxPercent: 0, taxAmount: 0, net: 120500, total: 120500 },
    });
    expect(line.imageUrls).toHaveLength(1);
    expect(line.imageUrls[0]).toMatch(/^\/uploads\/.+\?v=\d+$/);
    expect(body.total).toEqual({ amount: 120500, currency: 'EUR' });
  });

  it('recomputes on change: a smaller quantity falls to the 0 % tier, expedited delivery costs its own price', async () => {
    const lineId = json<Cart>(await c.call('GET', `/cart/${cart.id}`, p.buyer)).products[0]!.id;
    const fewer = await c.call('PATCH', `/cart/product/${lineId}`, p.buyer, { quantity: 3 });
    expect(fewer.statusCode, fewer.body).toBe(200);
    // 3 × 250.00 = 750.00, no discount, + 30.00 + 50.00.
    expect(json<Cart>(fewer).products[0]!.price).toMatchObject({ base: 75000, discountPercent: 0, discountAmount: 0, subtotal: 75000, net: 83000, total: 83000 });

    const start = Date.now() + 90 * 60_000;
    const expedited = await c.addLine(p.buyer, cart.id, hourly, { deliveryMethod: 'expedited', quantity: 2, startTime: iso(start), endTime: iso(start + 4 * HOUR) });
    expect(expedited.statusCode, expedited.body).toBe(201);
    const lines = json<Cart>(expedited).products;
    // 2 × 250.00 + 30.00 + 90.00 expedited, delivered within the hour.
    expect(lines[1]!.price).toMatchObject({ base: 50000, discountAmount: 0, deliveryCost: 9000, net: 62000 });
    expect(lines[1]!.delivery).toMatchObject({ method: 'expedited', units: 'hours' });
    expect(json<Cart>(expedited).total).toEqual({ amount: 83000 + 62000, currency: 'EUR' });

    // A new time window is checked as the order panel checks it.
    const moved = await c.call('PATCH', `/cart/product/${lineId}`, p.buyer, { quantity: 3, startTime: iso(Date.now() + 5 * HOUR), endTime: iso(Date.now() + 11 * HOUR) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(Date.parse(json<Cart>(moved).products[0]!.delivery.startTime)).toBeGreaterThan(Date.now() + 4 * HOUR);
    const reversed = await c.call('PATCH', `/cart/product/${lineId}`, p.buyer, { quantity: 3, endTime: iso(Date.now()) });
    expect(reversed.statusCode).toBe(400);
    expect(invalidMessages(reversed).map((i) => i.message)).toEqual(['listings:order.endBeforeStart']);
  });

  it('prices fixed-amount tiers per unit, with no delivery cost when the buyer collects', async () => {
    const own = await c.newCart(p.buyer, { name: 'Provisions', active: false });
    const ten = json<Cart>(await c.addLine(p.buyer, own.id, boxes, { quantity: 10, deliveryAddress: undefined }));
    // 10 × 100.00 = 1000.00, 15.00 off each box.
    expect(ten.products[0]!.price).toMatchObject({ unit: 10000, base: 100000, discountType: 'FIXED_AMOUNT', discountPercent: null, discountAmount: 15000, subtotal: 85000, setupFee: 0, deliveryCost: 0, net: 85000 });
    const twenty = json<Cart>(await c.call('PATCH', `/cart/product/${ten.products[0]!.id}`, p.buyer, { quantity: 25 }));
    expect(twenty.products[0]!.price).toMatchObject({ base: 250000, discountAmount: 50000, subtotal: 200000, net: 200000 });
    const nine = json<Cart>(await c.call('PATCH', `/cart/product/${ten.products[0]!.id}`, p.buyer, { quantity: 9.5 }));
    expect(nine.products[0]!.price).toMatchObject({ base: 95000, discountType: null, discountAmount: 0, net: 95000 });
  });

  it('prices every read from the listing as it is now: a new price shows at once', async () => {
    const own = await c.newCart(p.buyer, { name: 'Price watch', active: false });
    const added = json<Cart>(await c.addLine(p.buyer, own.id, boxes, { quantity: 2, deliveryAddress: undefined }));
    expect(added.products[0]!.price).toMatchObject({ unit: 10000, net: 20000 });
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/own-listings/${boxes}`, headers: p.seller, payload: { price: { amount: 12000, currency: 'EUR' } } });
    expect(patch.statusCode, patch.body).toBe(200);
    const read = json<Cart>(await c.call('GET', `/cart/${own.id}`, p.buyer));
    expect(read.products[0]!.price).toMatchObject({ unit: 12000, base: 24000, net: 24000 });
    expect(read.total).toEqual({ amount: 24000, currency: 'EUR' });
    await t.app.inject({ method: 'PATCH', url: `/api/own-listings/${boxes}`, headers: p.seller, payload: { price: { amount: 10000, currency: 'EUR' } } });
  });

  it('refuses a bad line with validation-invalid-params and the order panel\'s messages', async () => {
    const few = await c.addLine(p.buyer, cart.id, hourly, { quantity: 1 });
    expect(few.statusCode).toBe(400);
    expect(errorCodes(few)).toEqual(['validation-invalid-params']);
    expect(invalidMessages(few)).toContainEqual({ path: 'body.quantity', message: 'listings:order.quantityMin', values: { min: '2' } });
    const early = await c.addLine(p.buyer, cart.id, hourly, { startTime: iso(Date.now() + HOUR) });
    expect(invalidMessages(early).map((i) => i.message)).toContain('listings:order.startTooEarly');
    const nowhere = await c.addLine(p.buyer, cart.id, hourly, { deliveryAddress: { city: 'Helsinki' } });
    expect(invalidMessages(nowhere).map((i) => i.message)).toEqual(['listings:order.locationRequired']);
    const missing = await c.call('POST', '/cart/product', p.buyer, { cartId: cart.id, listingId: hourly, quantity: 5 });
    expect(invalidMessages(missing).map((i) => i.message)).toEqual(expect.arrayContaining(['listings:order.startRequired', 'listings:order.deliveryMethodRequired']));
    const someLine = json<Cart>(await c.call('GET', `/cart/${cart.id}`, p.buyer)).products[0]!.id;
    const zero = await c.call('PATCH', `/cart/product/${someLine}`, p.buyer, { quantity: 0 });
    expect(invalidMessages(zero)).toEqual([{ path: 'body.quantity', message: 'listings:order.quantityMin' }]);
    const lots = await c.addLine(p.buyer, cart.id, boxes, { quantity: 101, deliveryAddress: undefined });
    expect(errorCodes(lots)).toEqual(['transaction-listing-insufficient-stock']);
    // 90 000 000 000 000.00 EUR a box: two boxes are beyond the safe integers, refused rather than priced wrong.
    const dear = await publishedListing(t.app, p, { title: 'Gold boxes', price: { amount: 9e15, currency: 'EUR' }, publicData: { ...pd, unit: 'box', delivery: { arrangedBy: 'buyer' } } });
    const tooDear = await c.addLine(p.buyer, cart.id, dear, { quantity: 2 });
    expect(tooDear.statusCode).toBe(400);
    expect(invalidMessages(tooDear)).toEqual([{ path: 'body.quantity', message: 'validation.tooBig' }]);
    // Nothing of the refused lines reached the cart.
    expect(json<Cart>(await c.call('GET', `/cart/${cart.id}`, p.buyer)).products).toHaveLength(2);
  });

  it('refuses closed, deleted, missing and not yet orderable listings with transaction-listing-not-found, and one\'s own listing', async () => {
    const closing = await publishedListing(t.app, p, { title: 'Closing soon' });
    const kept = json<Cart>(await c.addLine(p.buyer, cart.id, closing));
    const keptLine = kept.products.find((l) => l.productId === closing)!;
    expect(keptLine.orderable).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: `/api/own-listings/${closing}/close`, headers: p.seller })).statusCode).toBe(200);

    const closed = await c.addLine(p.buyer, cart.id, closing);
    expect(closed.statusCode).toBe(404);
    expect(errorCodes(closed)).toEqual(['transaction-listing-not-found']);
    // The line added before the listing closed stays, marked as no longer orderable, and cannot be changed.
    const after = json<Cart>(await c.call('GET', `/cart/${cart.id}`, p.buyer)).products.find((l) => l.id === keptLine.id)!;
    expect(after.orderable).toBe(false);
    expect(errorCodes(await c.call('PATCH', `/cart/product/${keptLine.id}`, p.buyer, { quantity: 6 }))).toEqual(['transaction-listing-not-found']);
    expect((await c.call('DELETE', `/cart/product/${keptLine.id}`, p.buyer)).statusCode).toBe(200);

    const deleting = await publishedListing(t.app, p, { title: 'Going away' });
    await t.app.inject({ method: 'POST', url: '/api/listings/delete', headers: p.seller, payload: { id: deleting, title: 'Going away' } });
    expect(errorCodes(await c.addLine(p.buyer, cart.id, deleting))).toEqual(['transaction-listing-not-found']);
    expect(errorCodes(await c.addLine(p.buyer, cart.id, MISSING))).toEqual(['transaction-listing-not-found']);

    const later = await publishedListing(t.app, p, { title: 'Next season', publicData: { ...pd, availabilityDate: iso(Date.now() + 48 * HOUR) } });
    const notYet = await c.addLine(p.buyer, cart.id, later);
    expect(notYet.statusCode).toBe(404);
    expect(json(notYet)).toMatchObject({ apiErrors: [{ code: 'transaction-listing-not-found', meta: { reason: 'listings:order.orderingDisabled' } }] });

    // A company that both buys and sells cannot put its own listing in its cart.
    const traderCart = await c.newCart(p.trader);
    const ownPublished = await publishedListingOf(p.trader);
    const refused = await c.addLine(p.trader, traderCart.id, ownPublished);
    expect(refused.statusCode).toBe(403);
    expect(errorCodes(refused)).toEqual(['transaction-own-listing']);
  });

  it('keeps lines to their owner: another buyer\'s cart and lines are not found', async () => {
    const lineId = json<Cart>(await c.call('GET', `/cart/${cart.id}`, p.buyer)).products[0]!.id;
    expect(errorCodes(await c.addLine(p.buyer2, cart.id, hourly))).toEqual(['not-found']);
    expect(errorCodes(await c.call('PATCH', `/cart/product/${lineId}`, p.buyer2, { quantity: 4 }))).toEqual(['not-found']);
    expect(errorCodes(await c.call('DELETE', `/cart/product/${lineId}`, p.buyer2))).toEqual(['not-found']);
    // The spec's remove call names the line in a body; the path decides which line goes.
    const removed = await c.call('DELETE', `/cart/product/${lineId}`, p.buyer, { productId: hourly, name: 'Harbour tug assistance' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(json<Cart>(removed).products.map((l) => l.id)).not.toContain(lineId);
    expect((await c.call('DELETE', `/cart/product/${lineId}`, p.buyer)).statusCode).toBe(404);
  });

  /** A listing of the given seller account, taken through approval. */
  async function publishedListingOf(headers: { authorization: string }) {
    return publishedListing(t.app, { ...p, seller: headers });
  }
});
