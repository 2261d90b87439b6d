import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

  it('sends a shared answer compressed once for all who take brotli or gzip, and plain to the rest (answers unchecked, as in production)', async () => {
    const prod = await createTestApp({ SEARCH_CACHE_MS: '60000', RESPONSE_CHECK: 'off' }, { marketplace: true });
    try {
      const search = (encoding?: string) =>
        prod.app.inject({ method: 'GET', url: '/api/listings?perPage=100', headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });
      const plain = await search();
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      expect(plain.rawPayload.length).toBeGreaterThan(1024); // the demo catalogue: worth compressing
      const [br1, br2] = [await search('gzip, deflate, br'), await search('br')];
      expect([br1.headers['content-encoding'], br2.headers['content-encoding'], br1.headers.vary]).toEqual(['br', 'br', 'accept-encoding']);
      expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true);
      // Kept with the answer: one asked for often enough gets the better level, made once in the background.
      let later = br2;
      for (let i = 0; i < 40 && later.rawPayload.length >= br1.rawPayload.length; i++) {
        await new Promise((r) => setTimeout(r, 20));
        later = await search('br');
      }
      expect(later.rawPayload.length).toBeLessThan(br1.rawPayload.length);
      expect(brotliDecompressSync(later.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(brotliDecompressSync(br1.rawPayload).equals(plain.rawPayload)).toBe(true);
      const gz = await search('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect((await search('br;q=0, identity')).headers['content-encoding']).toBeUndefined();
    } finally {
      await prod.close();
    }
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
