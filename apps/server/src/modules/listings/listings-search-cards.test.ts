import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing, ListingPage } from '@harbor/contracts';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { images } from '../images/images.schema.ts';
import { organizations } from '../organizations/organizations.schema.ts';
import { users } from '../users/users.schema.ts';
import { listingImages, listings } from './listings.schema.ts';
import { TEST_PORT, completeBody, publishedListing, tokens } from './test-helpers.ts';

/*
 * The search's cards are written by the database (listings.page.ts), one listing's answer by
 * toListing: every card of every kind of search must equal the listing's own answer with its
 * first image only.
 */
describe('listings: a search card is the listing’s own answer', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  const ids: Record<string, string> = {};
  const pd = completeBody().publicData;

  const search = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/listings?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<ListingPage>(res);
  };
  const own = async (id: string): Promise<Listing> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/listings/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    const listing = json<Listing>(res);
    return { ...listing, images: listing.images.slice(0, 1) };
  };
  const expectCardsAreOwn = async (query: string) => {
    const page = await search(query);
    expect(page.data.length, query).toBeGreaterThan(0);
    for (const card of page.data) expect(card, `${query} ${card.id}`).toEqual(await own(card.id));
    return page;
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MIN: '100000' }, { marketplace: true });
    auth = await tokens(t.app);
    ids.plain = await publishedListing(t.app, auth, { title: 'Harbour tug assistance' });
    ids.rfq = await publishedListing(t.app, auth, { title: 'Crane by quote', publicData: { ...pd, pricingType: 'RFQ', rfqRequired: true } });
    ids.soon = await publishedListing(t.app, auth, { title: 'Pilot boat, opening soon' });
    ids.opened = await publishedListing(t.app, auth, { title: 'Mooring gang, opened' });
    ids.bare = await publishedListing(t.app, auth, { title: 'Fresh water, no photo', publicData: { ...pd, comment: 'Kaikki "lainausmerkit" \\ ja rivit\nkelpaavat' } });
    const { db } = t.database;
    // What the editor cannot write but the columns can hold: a scheduled date on an active listing
    // (before its timer runs), a past one, no price, no image, a position, no availability window.
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    await db.update(listings).set({ extra: sql`${listings.extra} || ${JSON.stringify({ availabilityDate: at(3_600_000) })}::jsonb` }).where(eq(listings.id, ids.soon));
    await db.update(listings).set({ extra: sql`${listings.extra} || ${JSON.stringify({ availabilityDate: at(-3_600_000) })}::jsonb` }).where(eq(listings.id, ids.opened));
    await db.update(listings).set({ priceAmount: null, priceCurrency: null }).where(eq(listings.id, ids.rfq));
    await db.update(listings).set({ availableFrom: null, availableTo: null }).where(eq(listings.id, ids.bare));
    await db.delete(listingImages).where(eq(listingImages.listingId, ids.bare));
    await db.update(listings).set({ lat: 60.208_611_1, lng: 25.190_833_3, currentStock: null }).where(eq(listings.id, ids.plain));
    // Text the database must escape as JSON does, in the card's own columns (quotes, a backslash, a tab, a control character).
    await db.update(listings).set({ description: 'Tow "Aava" \\ 2\tnight \u0001 shift' }).where(eq(listings.id, ids.plain));
    // A Finnish initial (upper-cased by the database as by JavaScript) and an organization logo.
    await db.update(users).set({ firstName: 'ärjä', lastName: 'Östman' }).where(sql`${users.email} = 'seller@harbor.test'`);
    const [logo] = await db.select({ id: images.id }).from(images).limit(1);
    const [listing] = await db.select({ org: listings.organizationId }).from(listings).where(eq(listings.id, ids.plain));
    await db.update(organizations).set({ logoImageId: logo!.id }).where(eq(organizations.id, listing!.org));
  });
  afterAll(() => t.close());

  it('in every search: filtered, sorted, paged, by keyword, by organization, and over the demo catalogue', async () => {
    const mine = await expectCardsAreOwn(`pub_port=${TEST_PORT}`);
    expect(mine.data.map((l) => l.id).sort()).toEqual(Object.values(ids).sort());
    await expectCardsAreOwn(`pub_port=${TEST_PORT}&sort=price-asc&perPage=2&page=2`);
    await expectCardsAreOwn(`pub_port=${TEST_PORT}&keywords=tug&sort=relevance`);
    await expectCardsAreOwn(`organization_id=${mine.data[0]!.organization.id}&sort=oldest`);
    await expectCardsAreOwn('perPage=100');

    const card = (id: string) => mine.data.find((l) => l.id === id)!;
    expect(card(ids.soon!).orderable).toBe(false);
    expect(card(ids.opened!).orderable).toBe(true);
    expect(card(ids.bare!).images).toEqual([]);
    expect(card(ids.bare!).publicData.availability).toBeNull();
    expect(card(ids.rfq!).price).toBeNull();
    expect(card(ids.plain!).geolocation).toEqual({ lat: 60.208_611_1, lng: 25.190_833_3 });
    expect(card(ids.plain!).author).toMatchObject({ displayName: 'ärjä Östman', abbreviatedName: 'ÄÖ' });
    expect(card(ids.plain!).organization.logo?.variants).not.toEqual({});
    expect(card(ids.plain!).images[0]!.variants['listing-card']!.url).toMatch(/^\/uploads\/listing\/.+\?v=\d+$/);
  });

  it('a banned author shows as Banned user', async () => {
    await t.database.db.update(users).set({ banned: true }).where(sql`${users.email} = 'seller@harbor.test'`);
    try {
      const page = await expectCardsAreOwn(`pub_port=${TEST_PORT}`);
      for (const card of page.data) expect(card.author).toMatchObject({ displayName: 'Banned user', abbreviatedName: '' });
    } finally {
      await t.database.db.update(users).set({ banned: false }).where(sql`${users.email} = 'seller@harbor.test'`);
    }
  });

  it('sends the database’s text as it is where answers are not checked (production), the same page', async () => {
    const url = `/api/listings?pub_port=${TEST_PORT}`;
    const checked = await t.app.inject({ method: 'GET', url });
    t.ctx.config.RESPONSE_CHECK = 'off';
    try {
      const sent = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(sent.statusCode).toBe(200);
      expect(sent.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(sent.body)).toEqual(JSON.parse(checked.body));
    } finally {
      t.ctx.config.RESPONSE_CHECK = 'strict';
    }
  });
});
