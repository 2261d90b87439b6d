import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { TEST_PORT, completeBody, invalidMessages, publishedListing, tokens } from './test-helpers.ts';

type Card = { id: string; title: string; price: { amount: number }; images: { variants: Record<string, { url: string }> }[]; author: { displayName: string }; organization: { name: string } };
type Page = { data: Card[]; meta: { page: number; perPage: number; totalItems: number; totalPages: number } };

describe('listings: search and show', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  const ids: Record<string, string> = {};
  const pd = completeBody().publicData;

  beforeAll(async () => {
    t = await createTestApp({}, { marketplace: true });
    auth = await tokens(t.app);
    ids.tug = await publishedListing(t.app, auth, { title: 'Harbour tug assistance', price: { amount: 25000, currency: 'EUR' } });
    ids.water = await publishedListing(t.app, auth, {
      title: 'Makea vesi laivoille',
      description: 'Juomaveden toimitus laituriin letkulla.',
      price: { amount: 650, currency: 'EUR' },
      publicData: { ...pd, categories: ['supplies'], availability: { from: '2026-06-01', to: '2026-08-31' } },
    });
    ids.waste = await publishedListing(t.app, auth, {
      title: 'Garbage collection',
      description: 'Sorted waste collected at the berth.',
      price: { amount: 5800, currency: 'EUR' },
      publicData: { ...pd, categories: ['waste', 'supplies'] },
    });
    ids.hidden = await publishedListing(t.app, auth, { title: 'Hidden tug', publicData: { ...pd, isVisible: false } });
  });
  afterAll(() => t.close());
  const search = async (qs: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/listings?pub_port=${TEST_PORT}&${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<Page>(res);
  };

  it('answers a page of published, visible listings with author, organization and one card image', async () => {
    const page = await search('');
    expect(page.meta).toEqual({ page: 1, perPage: 24, totalItems: 3, totalPages: 1 });
    expect(page.data.map((l) => l.id).sort()).toEqual([ids.tug, ids.water, ids.waste].sort());
    const card = page.data[0]!;
    expect(card.author.displayName).toBe('Selma Seller');
    expect(card.organization.name).toBe('Vuosaari Port Services');
    expect(card.images).toHaveLength(1);
    expect(card.images[0]!.variants['listing-card']!.url).toMatch(/^\/uploads\/listing\/.+\.(jpg|png)\?v=\d+$/);
  });

  it('finds keywords in English and Finnish', async () => {
    expect((await search('keywords=tugs')).data.map((l) => l.id)).toEqual([ids.tug]);
    expect((await search('keywords=laitureille')).data.map((l) => l.id)).toEqual([ids.water]);
    expect((await search('keywords=laivoille')).data.map((l) => l.id)).toEqual([ids.water]);
    expect((await search('keywords=submarine')).data).toEqual([]);
  });

  it('filters by categories (has any), price and dates', async () => {
    expect((await search('pub_categories=supplies')).data.map((l) => l.id).sort()).toEqual([ids.water, ids.waste].sort());
    expect((await search('pub_categories=all')).meta.totalItems).toBe(3);
    expect((await search('price=0,60')).data.map((l) => l.id).sort()).toEqual([ids.water, ids.waste].sort());
    expect((await search('price=100,300')).data.map((l) => l.id)).toEqual([ids.tug]);
    expect((await search('dates=2026-09-01,2026-09-05')).data.map((l) => l.id).sort()).toEqual([ids.tug, ids.waste].sort());
  });

  it('sorts and paginates', async () => {
    expect((await search('sort=price-asc')).data.map((l) => l.id)).toEqual([ids.water, ids.waste, ids.tug]);
    expect((await search('sort=price-desc')).data.map((l) => l.id)).toEqual([ids.tug, ids.waste, ids.water]);
    expect((await search('sort=newest')).data.map((l) => l.id)).toEqual([ids.waste, ids.water, ids.tug]);
    expect((await search('sort=oldest')).data.map((l) => l.id)).toEqual([ids.tug, ids.water, ids.waste]);
    const p2 = await search('sort=oldest&perPage=2&page=2');
    expect(p2.meta).toEqual({ page: 2, perPage: 2, totalItems: 3, totalPages: 2 });
    expect(p2.data.map((l) => l.id)).toEqual([ids.waste]);
  });

  it('gives the total of every match, on a page past the end and on a filter that matches nothing', async () => {
    // The page's rows carry the total; past the end there is no row, so it is counted apart.
    expect((await search('sort=oldest&perPage=2&page=3')).meta).toEqual({ page: 3, perPage: 2, totalItems: 3, totalPages: 2 });
    expect((await search('sort=oldest&perPage=2&page=3')).data).toEqual([]);
    expect((await search('keywords=zeppelin&page=2')).meta).toEqual({ page: 2, perPage: 24, totalItems: 0, totalPages: 0 });
    expect((await search('keywords=zeppelin')).meta).toEqual({ page: 1, perPage: 24, totalItems: 0, totalPages: 0 });
  });

  it('sorts by relevance (a title match above a description match) and pages that order', async () => {
    const kw = `keywords=${encodeURIComponent('waste or tug')}&sort=relevance`;
    expect((await search(kw)).data.map((l) => l.id)).toEqual([ids.tug, ids.waste]);
    const p2 = await search(`${kw}&perPage=1&page=2`);
    expect(p2.meta).toEqual({ page: 2, perPage: 1, totalItems: 2, totalPages: 2 });
    expect(p2.data.map((l) => l.id)).toEqual([ids.waste]);
  });

  it('rejects malformed filters', async () => {
    for (const qs of ['price=50', 'price=60,10', 'price=0,20000', 'dates=2026-09-05,2026-09-01', 'sort=random', 'pub_categories=unicorns', 'perPage=1000']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/listings?${qs}` });
      expect(res.statusCode, qs).toBe(400);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/listings?price=60,10' });
    expect(invalidMessages(res)[0]?.message).toBe('listings:validation.priceRange');
  });

  it('shows the demo marketplace to everyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/listings?pub_port=FIVSS' });
    expect(json<Page>(res).meta.totalItems).toBeGreaterThan(5);
    const all = json<Page>(await t.app.inject({ method: 'GET', url: '/api/listings' }));
    expect(all.meta.totalItems).toBeGreaterThanOrEqual(60);
  });

  it('shows a listing with author, images and organization; hidden ones only to the author', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/listings/${ids.tug}` });
    expect(json(res)).toMatchObject({ id: ids.tug, author: { displayName: 'Selma Seller' }, organization: { name: 'Vuosaari Port Services' } });
    expect((await t.app.inject({ method: 'GET', url: `/api/listings/${ids.hidden}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/listings/${ids.hidden}`, headers: auth.seller })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/listings/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('suggests at most 6 alternatives of the same port and category', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/listings/${ids.water}/alternatives` });
    expect(json<{ data: Card[] }>(res).data.map((l) => l.id)).toEqual([ids.waste]);
    const demo = json<Page>(await t.app.inject({ method: 'GET', url: '/api/listings?pub_port=FIVSS&pub_categories=waste' })).data[0]!;
    const alt = json<{ data: Card[] }>(await t.app.inject({ method: 'GET', url: `/api/listings/${demo.id}/alternatives` })).data;
    expect(alt.length).toBeLessThanOrEqual(6);
    expect(alt.map((l) => l.id)).not.toContain(demo.id);
  });

  it('lists the search endpoints in the OpenAPI document', async () => {
    const doc = json<{ paths: Record<string, unknown> }>(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    for (const p of ['/api/listings', '/api/listings/{id}', '/api/own-listings', '/api/listings/{id}/stock', '/api/listings/{id}/order-line/validate', '/v1/marketplace/organizations/{id}/profile', '/api/operator/listings/{id}/approve'])
      expect(Object.keys(doc.paths), p).toContain(p);
  });
});
