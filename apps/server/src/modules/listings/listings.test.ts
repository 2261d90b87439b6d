import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { runDueTimers, timers } from '../timers/index.ts';
import { TEST_PORT, completeBody, errorCodes, invalidMessages, multipart, png, publishedListing, tokens } from './test-helpers.ts';

type Listing = { id: string; state: string; title: string; publicData: Record<string, unknown>; images: unknown[]; currentStock: number | null };

describe('listings: seller side', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  beforeAll(async () => {
    t = await createTestApp();
    auth = await tokens(t.app);
  });
  afterAll(() => t.close());
  const inject = (opts: InjectOptions) => t.app.inject(opts);

  it('takes a listing from draft through approval to published, closed and open again', async () => {
    const draft = await inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: { title: 'Draft only' } });
    expect(draft.statusCode).toBe(201);
    const { data, warnings } = json<{ data: Listing; warnings: unknown[] }>(draft);
    expect(data).toMatchObject({ state: 'draft', title: 'Draft only', images: [], currentStock: null });
    expect(warnings).toEqual([]);

    const incomplete = await inject({ method: 'POST', url: `/api/own-listings/${data.id}/publish`, headers: auth.seller });
    expect(incomplete.statusCode).toBe(400);
    expect(invalidMessages(incomplete).map((i) => i.message)).toEqual(
      expect.arrayContaining([
        'listings:validation.categoryRequired',
        'listings:validation.portRequired',
        'listings:validation.priceRequired',
        'listings:validation.imageRequired',
        'listings:validation.stockRequired',
      ]),
    );

    const id = await publishedListing(t.app, auth);
    const shown = json<Listing>(await inject({ method: 'GET', url: `/api/listings/${id}` }));
    expect(shown.state).toBe('published');
    const close = await inject({ method: 'POST', url: `/api/own-listings/${id}/close`, headers: auth.seller });
    expect(json<{ data: Listing }>(close).data.state).toBe('closed');
    const again = await inject({ method: 'POST', url: `/api/own-listings/${id}/close`, headers: auth.seller });
    expect(again.statusCode).toBe(409);
    expect(errorCodes(again)).toEqual(['conflict']);
    const open = await inject({ method: 'POST', url: `/api/own-listings/${id}/open`, headers: auth.seller });
    expect(json<{ data: Listing }>(open).data.state).toBe('published');
  });

  it('lists pending listings for the operator and refuses approval to others', async () => {
    const created = await inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: completeBody({ title: 'Pending one' }) });
    const id = json<{ data: Listing }>(created).data.id;
    const up = multipart([{ field: 'image', data: await png() }]);
    await inject({ method: 'POST', url: `/api/listings/${id}/images`, headers: { ...auth.seller, ...up.headers }, payload: up.payload });
    expect((await inject({ method: 'POST', url: `/api/own-listings/${id}/publish`, headers: auth.seller })).statusCode).toBe(200);
    const pending = await inject({ method: 'GET', url: '/api/operator/listings?state=pendingApproval', headers: auth.operator });
    expect(json<{ data: Listing[] }>(pending).data.map((l) => l.id)).toContain(id);
    expect((await inject({ method: 'GET', url: `/api/listings/${id}` })).statusCode).toBe(404);
    expect((await inject({ method: 'POST', url: `/api/operator/listings/${id}/approve`, headers: auth.seller })).statusCode).toBe(403);
    const rejected = await inject({ method: 'POST', url: `/api/operator/listings/${id}/reject`, headers: auth.operator });
    expect(json<Listing>(rejected).state).toBe('draft');
  });

  it('lets only the author manage a listing, and nobody with limited rights', async () => {
    const id = await publishedListing(t.app, auth);
    const patch = { title: 'Hijacked' };
    expect((await inject({ method: 'PATCH', url: `/api/own-listings/${id}`, headers: auth.buyer, payload: patch })).statusCode).toBe(403);
    expect((await inject({ method: 'PATCH', url: `/api/own-listings/${id}`, headers: auth.limited, payload: patch })).statusCode).toBe(403);
    expect((await inject({ method: 'PATCH', url: `/api/own-listings/${id}`, payload: patch })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/api/own-listings', headers: auth.buyer, payload: patch })).statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: `/api/own-listings/${id}`, headers: auth.buyer })).statusCode).toBe(403);
    const mine = await inject({ method: 'GET', url: '/api/own-listings', headers: auth.seller });
    expect(json<{ data: Listing[]; meta: { perPage: number } }>(mine).meta.perPage).toBe(42);
    expect(json<{ data: Listing[] }>(mine).data.map((l) => l.id)).toContain(id);
  });

  it('validates prices, discounts, shipping fees and currencies with the spec messages', async () => {
    const bad = await inject({
      method: 'POST',
      url: '/api/own-listings',
      headers: auth.seller,
      payload: { title: 'x', price: { amount: -1, currency: 'EUR' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(invalidMessages(bad)).toContainEqual({ path: 'body.price.amount', message: 'listings:validation.priceMin' });

    const fraction = await inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: { price: { amount: 10.5, currency: 'EUR' } } });
    expect(invalidMessages(fraction).map((i) => i.message)).toContain('listings:validation.money');

    const exceeds = await inject({
      method: 'POST',
      url: '/api/own-listings',
      headers: auth.seller,
      payload: completeBody({ publicData: { ...completeBody().publicData, discount: { type: 'FIXED_AMOUNT', tiers: [{ orderMin: 1, amount: 30000 }] } } }),
    });
    expect(exceeds.statusCode).toBe(400);
    expect(invalidMessages(exceeds)).toContainEqual({ path: 'body.publicData.discount.tiers.0.amount', message: 'listings:validation.discountExceedsPrice' });

    const warned = await inject({
      method: 'POST',
      url: '/api/own-listings',
      headers: auth.seller,
      payload: completeBody({ publicData: { ...completeBody().publicData, discount: { type: 'PERCENT', tiers: [{ orderMin: 5, amount: 97 }] } } }),
    });
    expect(warned.statusCode).toBe(201);
    expect(json<{ warnings: { message: string }[] }>(warned).warnings.map((w) => w.message)).toEqual([
      'listings:warnings.discountHighPercent',
      'listings:warnings.discountedPriceLow',
    ]);

    const shipping = await inject({
      method: 'POST',
      url: '/api/own-listings',
      headers: auth.seller,
      payload: { title: 'Ship it', publicData: { delivery: { arrangedBy: 'seller', shipping: true } } },
    });
    expect(invalidMessages(shipping)).toContainEqual({ path: 'body.publicData.delivery.cost.basic', message: 'listings:validation.shippingFeeRequired' });

    const usd = await inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: { price: { amount: 100, currency: 'USD' } } });
    expect(invalidMessages(usd).map((i) => i.message)).toContain('listings:validation.currencyUnsupported');

    const unit = await inject({ method: 'POST', url: '/api/own-listings', headers: auth.seller, payload: { publicData: { unit: 'parsec' } } });
    expect(unit.statusCode).toBe(400);
    const time = await inject({
      method: 'POST',
      url: '/api/own-listings',
      headers: auth.seller,
      payload: { availabilityPlan: { type: 'availability-plan/time', timezone: 'Europe/Helsinki', entries: [{ dayOfWeek: 'mon', seats: 1, startTime: '25:00' }] } },
    });
    expect(invalidMessages(time).map((i) => i.message)).toContain('validation.time');
    const tz = await inject({
      method: 'POST',
      url: '/api/own-listings',
      headers: auth.seller,
      payload: { availabilityPlan: { type: 'availability-plan/day', timezone: 'Mars/Olympus', entries: [] } },
    });
    expect(invalidMessages(tz).map((i) => i.message)).toContain('listings:validation.timeZone');
  });

  it('keeps a published listing complete on update', async () => {
    const id = await publishedListing(t.app, auth);
    const res = await inject({ method: 'PATCH', url: `/api/own-listings/${id}`, headers: auth.seller, payload: { publicData: { categories: [] } } });
    expect(res.statusCode).toBe(400);
    expect(invalidMessages(res).map((i) => i.message)).toContain('listings:validation.categoryRequired');
    const ok = await inject({ method: 'PATCH', url: `/api/own-listings/${id}`, headers: auth.seller, payload: { title: 'Renamed tug' } });
    expect(json<{ data: Listing }>(ok).data).toMatchObject({ title: 'Renamed tug', state: 'published' });
  });

  it('sets stock only with the right oldTotal', async () => {
    const id = await publishedListing(t.app, auth);
    const url = `/api/listings/${id}/stock`;
    const ok = await inject({ method: 'POST', url, headers: auth.seller, payload: { oldTotal: 100, newTotal: 90 } });
    expect(json(ok)).toEqual({ currentStock: 90 });
    const stale = await inject({ method: 'POST', url, headers: auth.seller, payload: { oldTotal: 100, newTotal: 80 } });
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toEqual({ apiErrors: [{ code: 'old-total-mismatch', status: 409, meta: { currentStock: 90 } }] });
    const negative = await inject({ method: 'POST', url, headers: auth.seller, payload: { oldTotal: 90, newTotal: -1 } });
    expect(negative.statusCode).toBe(400);
    const undefinedOld = await inject({ method: 'POST', url, headers: auth.seller, payload: { newTotal: 5 } });
    expect(undefinedOld.statusCode).toBe(400);
    expect((await inject({ method: 'POST', url, headers: auth.buyer, payload: { oldTotal: 90, newTotal: 1 } })).statusCode).toBe(403);
  });

  it('deletes by closing and hiding at once; the durable timer completes it within 24 h', async () => {
    const id = await publishedListing(t.app, auth, { title: 'To be deleted' });
    const del = await inject({ method: 'POST', url: '/api/listings/delete', headers: auth.seller, payload: { id, title: 'To be deleted' } });
    expect(json(del)).toEqual({ ok: true });
    expect((await inject({ method: 'GET', url: `/api/listings/${id}` })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: `/api/own-listings/${id}`, headers: auth.seller })).statusCode).toBe(404);
    const search = json<{ data: Listing[] }>(await inject({ method: 'GET', url: `/api/listings?pub_port=${TEST_PORT}&perPage=100` }));
    expect(search.data.map((l) => l.id)).not.toContain(id);
    const requested = await inject({ method: 'GET', url: '/api/operator/listings?deletion=requested', headers: auth.operator });
    const row = json<{ data: (Listing & { deletionRequested: boolean; deleted: boolean })[] }>(requested).data.find((l) => l.id === id);
    expect(row).toMatchObject({ state: 'closed', deletionRequested: true, deleted: false });

    expect(await runDueTimers(t.ctx, new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    expect(await runDueTimers(t.ctx, new Date(Date.now() + 24 * 3_600_000 + 1000))).toBeGreaterThanOrEqual(1);
    const done = await inject({ method: 'GET', url: '/api/operator/listings?deletion=completed', headers: auth.operator });
    expect(json<{ data: { id: string; deleted: boolean }[] }>(done).data.find((l) => l.id === id)).toMatchObject({ deleted: true });
  });

  it('lets the operator complete a deletion at once', async () => {
    const id = await publishedListing(t.app, auth);
    await inject({ method: 'POST', url: '/api/listings/delete', headers: auth.seller, payload: { id, title: 'x' } });
    const res = await inject({ method: 'POST', url: `/api/operator/listings/${id}/complete-deletion`, headers: auth.operator });
    expect(json(res)).toEqual({ ok: true });
    const shown = await inject({ method: 'GET', url: `/api/listings/${id}`, headers: auth.operator });
    expect(json<{ deleted: boolean }>(shown).deleted).toBe(true);
  });

  it('switches ordering on at the scheduled time through a durable timer', async () => {
    const at = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString();
    const id = await publishedListing(t.app, auth, { publicData: { ...completeBody().publicData, availabilityDate: at } });
    const before = json<{ publicData: { isActive: boolean }; orderable: boolean }>(await inject({ method: 'GET', url: `/api/listings/${id}` }));
    expect(before).toMatchObject({ publicData: { isActive: false }, orderable: false });
    await runDueTimers(t.ctx, new Date(Date.parse(at) + 1000));
    const after = json<{ publicData: { isActive: boolean } }>(await inject({ method: 'GET', url: `/api/listings/${id}` }));
    expect(after.publicData.isActive).toBe(true);

    const again = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const patch = (availabilityDate: string | null) =>
      inject({ method: 'PATCH', url: `/api/own-listings/${id}`, headers: auth.seller, payload: { publicData: { availabilityDate } } });
    expect(json<{ data: { publicData: { isActive: boolean } } }>(await patch(again)).data.publicData.isActive).toBe(false);
    expect(json<{ data: { publicData: { isActive: boolean } } }>(await patch(null)).data.publicData.isActive).toBe(true);
  });

  it('runs timers that fell due while the server was down when the next app starts', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const id = await publishedListing(t.app, auth, { publicData: { ...completeBody().publicData, availabilityDate: at } });
    // As if the hour had passed while no server ran: the row is due, nothing has run it yet.
    await t.ctx.db.update(timers).set({ dueAt: new Date(Date.now() - 1000) }).where(eq(timers.key, id));
    const next = await buildApp({ config: t.ctx.config, database: t.database, serveWeb: false });
    await next.ready();
    await vi.waitFor(async () => {
      const res = await next.inject({ method: 'GET', url: `/api/listings/${id}` });
      expect(json<{ publicData: { isActive: boolean } }>(res).publicData.isActive).toBe(true);
    });
    await next.close();
  });

  it('keeps availability exceptions, read in windows of at most 90 days', async () => {
    const id = await publishedListing(t.app, auth);
    const url = `/api/listings/${id}/availability-exceptions`;
    const created = await inject({ method: 'POST', url, headers: auth.seller, payload: { start: '2026-07-01T00:00:00Z', end: '2026-07-03T00:00:00Z', seats: 0 } });
    expect(created.statusCode).toBe(201);
    const reversed = await inject({ method: 'POST', url, headers: auth.seller, payload: { start: '2026-07-03T00:00:00Z', end: '2026-07-01T00:00:00Z', seats: 0 } });
    expect(invalidMessages(reversed).map((i) => i.message)).toContain('listings:validation.endBeforeStart');
    const list = await inject({ method: 'GET', url: `${url}?start=2026-06-15T00:00:00Z&end=2026-09-01T00:00:00Z` });
    expect(json<{ data: { seats: number }[] }>(list).data).toEqual([expect.objectContaining({ seats: 0, start: '2026-07-01T00:00:00.000Z' })]);
    const tooLong = await inject({ method: 'GET', url: `${url}?start=2026-06-01T00:00:00Z&end=2026-09-01T00:00:00Z` });
    expect(invalidMessages(tooLong).map((i) => i.message)).toEqual(['listings:validation.rangeTooLong']);
    const exId = json<{ id: string }>(created).id;
    expect((await inject({ method: 'DELETE', url: `${url}/${exId}`, headers: auth.buyer })).statusCode).toBe(403);
    expect(json(await inject({ method: 'DELETE', url: `${url}/${exId}`, headers: auth.seller }))).toEqual({ ok: true });
  });
});
