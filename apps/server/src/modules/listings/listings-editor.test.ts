import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { listings } from './listings.schema.ts';
import { completeBody, invalidMessages, multipart, png, publishedListing, tokens } from './test-helpers.ts';

type Listing = { id: string; publicData: Record<string, unknown>; images: { id: string }[] };
type WriteAnswer = { data: Listing };

const closed = { open: false };
const weekdays = (hours: object) => ({ mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: closed, sun: closed });

/** Working hours, pricing type and image order: the editor's later additions. */
describe('listings: working hours, pricing type, image order', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  beforeAll(async () => {
    t = await createTestApp();
    auth = await tokens(t.app);
  });
  afterAll(() => t.close());
  const inject = (opts: InjectOptions) => t.app.inject(opts);
  const patch = (id: string, payload: object) => inject({ method: 'PATCH', url: `/api/own-listings/${id}`, headers: auth.seller, payload });

  it('stores working hours in publicData and shows them on the public listing', async () => {
    const workingHours = { days: weekdays({ open: true, from: '07:30', to: '16:00' }), note: 'Closed on public holidays' };
    const id = await publishedListing(t.app, auth, { publicData: { ...completeBody().publicData, workingHours } });
    const shown = json<Listing>(await inject({ method: 'GET', url: `/api/listings/${id}` }));
    expect(shown.publicData.workingHours).toEqual(workingHours);

    const cleared = await patch(id, { publicData: { workingHours: null } });
    expect(json<WriteAnswer>(cleared).data.publicData.workingHours).toBeNull();
  });

  it('rejects malformed working hours with the contract messages', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/own-listings',
      headers: auth.seller,
      payload: { title: 'Hours', publicData: { workingHours: { days: { ...weekdays(closed), mon: { open: true, from: '18:00', to: '08:00' }, tue: { open: true, from: '8:00', to: '12:00' } } } } },
    });
    expect(res.statusCode).toBe(400);
    expect(invalidMessages(res)).toEqual(
      expect.arrayContaining([
        { path: 'body.publicData.workingHours.days.mon.to', message: 'listings:validation.closingBeforeOpening' },
        { path: 'body.publicData.workingHours.days.tue.from', message: 'validation.time' },
      ]),
    );
    const sixDays = await inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: { publicData: { workingHours: { days: { mon: closed } } } } });
    expect(invalidMessages(sixDays).map((i) => i.path)).toContain('body.publicData.workingHours.days.sun');
  });

  it('keeps rfqRequired in step with the pricing type, and the order line reports it', async () => {
    const id = await publishedListing(t.app, auth);
    const rfq = json<WriteAnswer>(await patch(id, { publicData: { pricingType: 'RFQ' } }));
    expect(rfq.data.publicData).toMatchObject({ pricingType: 'RFQ', rfqRequired: true });

    const line = { quantity: 1, startTime: new Date(Date.now() + 86_400_000).toISOString(), endTime: new Date(Date.now() + 2 * 86_400_000).toISOString(), deliveryMethod: 'basic', deliveryAddress: { street: 'Satamakaari 1' } };
    const validated = await inject({ method: 'POST', url: `/api/listings/${id}/order-line/validate`, headers: auth.buyer, payload: line });
    expect(json<{ rfqRequired: boolean }>(validated).rfqRequired).toBe(true);

    // An older client that only knows the flag moves the pricing type too.
    expect(json<WriteAnswer>(await patch(id, { publicData: { rfqRequired: false } })).data.publicData).toMatchObject({ pricingType: 'FIXED', rfqRequired: false });
    const mismatch = await patch(id, { publicData: { pricingType: 'RFQ', rfqRequired: false } });
    expect(invalidMessages(mismatch)).toEqual([{ path: 'body.publicData.rfqRequired', message: 'listings:validation.pricingTypeMismatch' }]);
  });

  it('still needs a price to publish an RFQ listing (seller spec section 5)', async () => {
    const { price: _price, ...noPrice } = completeBody({ publicData: { ...completeBody().publicData, pricingType: 'RFQ' } });
    const created = await inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: noPrice });
    const id = json<WriteAnswer>(created).data.id;
    const res = await inject({ method: 'POST', url: `/api/own-listings/${id}/publish`, headers: auth.seller });
    expect(invalidMessages(res).map((i) => i.message)).toContain('listings:validation.priceRequired');
  });

  it('reorders images; the first one becomes the card image', async () => {
    const id = await publishedListing(t.app, auth, { title: 'Reorder me' });
    const up = multipart([{ field: 'image', data: await png(32, 32) }]);
    await inject({ method: 'POST', url: `/api/listings/${id}/images`, headers: { ...auth.seller, ...up.headers }, payload: up.payload });
    const before = json<Listing>(await inject({ method: 'GET', url: `/api/own-listings/${id}`, headers: auth.seller })).images.map((i) => i.id);
    expect(before).toHaveLength(2);
    const url = `/api/listings/${id}/images/order`;

    const res = await inject({ method: 'PUT', url, headers: auth.seller, payload: { imageIds: [...before].reverse() } });
    expect(res.statusCode).toBe(200);
    expect(json<WriteAnswer>(res).data.images.map((i) => i.id)).toEqual([...before].reverse());
    const shown = json<Listing>(await inject({ method: 'GET', url: `/api/listings/${id}` }));
    expect(shown.images.map((i) => i.id)).toEqual([before[1], before[0]]);
    const mine = json<{ data: Listing[] }>(await inject({ method: 'GET', url: '/api/own-listings?perPage=100', headers: auth.seller }));
    expect(mine.data.find((l) => l.id === id)?.images.map((i) => i.id)).toEqual([before[1]]);

    // Not exactly the listing's images: someone uploaded or removed one meanwhile.
    const partial = await inject({ method: 'PUT', url, headers: auth.seller, payload: { imageIds: [before[0]] } });
    expect(partial.statusCode).toBe(409);
    expect(json(partial)).toEqual({ apiErrors: [{ code: 'conflict', status: 409, meta: { reason: 'listings:errors.imagesChanged' } }] });
    const twice = await inject({ method: 'PUT', url, headers: auth.seller, payload: { imageIds: [before[0], before[0]] } });
    expect(invalidMessages(twice).map((i) => i.message)).toEqual(['listings:validation.imageOrder']);
    expect((await inject({ method: 'PUT', url, headers: auth.buyer, payload: { imageIds: before } })).statusCode).toBe(403);
    expect((await inject({ method: 'PUT', url, payload: { imageIds: before } })).statusCode).toBe(401);
  });

  it('migrates working hours and pricing types saved in the old shapes', async () => {
    const id = await publishedListing(t.app, auth);
    const legacy = {
      pricingType: 'FIXED',
      rfqRequired: true,
      workingHours: [
        { dayOfWeek: 'mon', start: '7:00', end: '12:00' },
        { dayOfWeek: 'mon', start: '13:00', end: '17:30:00' },
        { dayOfWeek: 'sat', start: '10:00', end: '14:00' },
      ],
    };
    await t.ctx.db.update(listings).set({ extra: sql`extra || ${JSON.stringify(legacy)}::jsonb` }).where(eq(listings.id, id));
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle/0005_listings_working_hours_week.sql');
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) await t.ctx.db.execute(sql.raw(statement));

    const shown = json<Listing>(await inject({ method: 'GET', url: `/api/listings/${id}` }));
    expect(shown.publicData).toMatchObject({
      pricingType: 'RFQ',
      rfqRequired: true,
      workingHours: {
        days: { mon: { open: true, from: '07:00', to: '17:30' }, tue: closed, wed: closed, thu: closed, fri: closed, sat: { open: true, from: '10:00', to: '14:00' }, sun: closed },
        note: null,
      },
    });
  });
});
