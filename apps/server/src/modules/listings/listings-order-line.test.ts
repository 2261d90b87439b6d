import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { completeBody, errorCodes, invalidMessages, publishedListing, tokens } from './test-helpers.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('listings: order-panel line validation', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let id: string;
  const pd = completeBody().publicData;

  beforeAll(async () => {
    t = await createTestApp();
    auth = await tokens(t.app);
    // 250.00 EUR an hour, min 2 hours, 10 % off from 5 hours, 30 EUR setup fee, seller delivers in 2 h (expedited 1 h).
    id = await publishedListing(t.app, auth, {
      publicData: {
        ...pd,
        minOrderAmount: 2,
        setupFee: { amount: 3000, currency: 'EUR' },
        discount: { type: 'PERCENT', tiers: [{ orderMin: 5, amount: 10 }, { orderMin: 2, amount: 0 }] },
      },
    });
  });
  afterAll(() => t.close());

  const validate = (body: Record<string, unknown>, headers: Record<string, string> = auth.buyer, listingId = id) =>
    t.app.inject({ method: 'POST', url: `/api/listings/${listingId}/order-line/validate`, headers, payload: body });
  const line = (over: Record<string, unknown> = {}) => {
    const start = Date.now() + 3 * HOUR;
    return {
      quantity: 5,
      startTime: iso(start),
      endTime: iso(start + 6 * HOUR),
      deliveryMethod: 'basic',
      deliveryAddress: { street: 'Satamatie 1', postalCode: '00980', city: 'Helsinki' },
      price: 1, // ignored: the server recomputes
      ...over,
    };
  };

  it('recomputes the price and ignores the client price', async () => {
    const res = await validate(line());
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      listingId: id,
      rfqRequired: false,
      line: { quantity: 5, deliveryMethod: 'basic', deliveryAddress: { country: 'fi' } },
      price: { currency: 'EUR', unit: 25000, base: 125000, discountPercent: 10, discountAmount: 12500, subtotal: 112500, setupFee: 3000, deliveryCost: 5000, taxPercent: 0, taxAmount: 0, net: 120500, total: 120500 },
    });
    const expedited = json<{ price: { deliveryCost: number } }>(await validate(line({ deliveryMethod: 'expedited' })));
    expect(expedited.price.deliveryCost).toBe(9000);
  });

  it('enforces the order-panel rules with their messages', async () => {
    const now = Date.now();
    const early = await validate(line({ startTime: iso(now + HOUR), endTime: iso(now + 9 * HOUR) }));
    expect(early.statusCode).toBe(400);
    expect(invalidMessages(early).map((i) => i.message)).toEqual(['listings:order.startTooEarly']);
    // Expedited delivery takes 1 h, so the same start is fine.
    expect((await validate(line({ startTime: iso(now + 90 * 60_000), endTime: iso(now + 9 * HOUR), deliveryMethod: 'expedited' }))).statusCode).toBe(200);

    const short = await validate(line({ endTime: iso(now + 4 * HOUR) }));
    expect(invalidMessages(short).map((i) => i.message)).toEqual(['listings:order.endTooEarly']);
    const reversed = await validate(line({ endTime: iso(now) }));
    expect(invalidMessages(reversed).map((i) => i.message)).toEqual(['listings:order.endBeforeStart']);
    const few = await validate(line({ quantity: 1 }));
    expect(invalidMessages(few)).toContainEqual({ path: 'body.quantity', message: 'listings:order.quantityMin', values: { min: '2' } });
    const nowhere = await validate(line({ deliveryAddress: { city: 'Helsinki' } }));
    expect(invalidMessages(nowhere).map((i) => i.message)).toEqual(['listings:order.locationRequired']);
    expect((await validate(line({ deliveryAddress: { coordinates: { lat: 60.2, lng: 25.19 } } }))).statusCode).toBe(200);
    const missing = await validate({ quantity: 5 });
    expect(invalidMessages(missing).map((i) => i.message)).toEqual(
      expect.arrayContaining(['listings:order.startRequired', 'listings:order.endRequired', 'listings:order.deliveryMethodRequired']),
    );
    const invalid = await validate(line({ startTime: 'tomorrow' }));
    expect(invalidMessages(invalid).map((i) => i.message)).toContain('listings:order.startInvalid');
  });

  it('refuses anonymous callers, the author, missing listings and too little stock', async () => {
    expect((await validate(line(), {})).statusCode).toBe(401);
    const own = await validate(line(), auth.seller);
    expect(own.statusCode).toBe(403);
    const gone = await validate(line(), auth.buyer, '00000000-0000-4000-8000-000000000000');
    expect(errorCodes(gone)).toEqual(['transaction-listing-not-found']);
    const lots = await validate(line({ quantity: 101, endTime: iso(Date.now() + 200 * HOUR) }));
    expect(lots.statusCode).toBe(409);
    expect(errorCodes(lots)).toEqual(['transaction-listing-insufficient-stock']);
  });

  it('refuses ordering before the scheduled availability date', async () => {
    const later = await publishedListing(t.app, auth, { publicData: { ...pd, availabilityDate: iso(Date.now() + 48 * HOUR) } });
    const res = await validate(line(), auth.buyer, later);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-value', meta: { reason: 'listings:order.orderingDisabled' } }] });
  });
});
