import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingPage } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { listings } from './listings.schema.ts';
import { TEST_PORT, publishedListing, tokens } from './test-helpers.ts';

/*
 * Search answers are shared between requests for SEARCH_CACHE_MS (1 s in production, off in
 * other tests); a change made through the API starts them over. The database is changed here
 * behind the API's back, so only a shared answer can still show the old title.
 */
describe('listings: search answers shared for a moment', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let id: string;
  const titles = async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/listings?pub_port=${TEST_PORT}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<ListingPage>(res).data.map((l) => l.title);
  };
  const retitle = (title: string) => t.database.db.update(listings).set({ title }).where(eq(listings.id, id));

  beforeAll(async () => {
    t = await createTestApp({ SEARCH_CACHE_MS: '60000' });
    auth = await tokens(t.app);
    id = await publishedListing(t.app, auth, { title: 'Harbour tug assistance' });
  });
  afterAll(() => t.close());

  it('answers a repeated search from the shared answer', async () => {
    expect(await titles()).toEqual(['Harbour tug assistance']);
    await retitle('Renamed behind the API');
    expect(await titles()).toEqual(['Harbour tug assistance']);
  });

  it('starts over after a change made through the API, not after a refused one or a read', async () => {
    await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth.buyer });
    const refused = await t.app.inject({ method: 'PATCH', url: `/api/own-listings/${id}`, headers: auth.buyer, payload: { title: 'Not yours' } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await titles()).toEqual(['Harbour tug assistance']);
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/own-listings/${id}`, headers: auth.seller, payload: { description: 'Two tugs, now with a night crew.' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await titles()).toEqual(['Renamed behind the API']);
  });

  it('is off by default under tests, so a search always reads the database', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.ctx.config.SEARCH_CACHE_MS).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
