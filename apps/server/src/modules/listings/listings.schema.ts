import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AvailabilityPlan, ListingState, PublicData } from '@harbor/contracts';
import { images } from '../images/images.schema.ts';
import { organizations } from '../organizations/organizations.schema.ts';
import { users } from '../users/users.schema.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * English and Finnish stems of title (weight A) and description (weight B) in
 * one generated column, so a query in either language finds the listing.
 */
const searchVector: SQL = sql`
  setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
  setweight(to_tsvector('finnish'::regconfig, coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') ||
  setweight(to_tsvector('finnish'::regconfig, coalesce(description, '')), 'B')`;

/** Listings a buyer may find: the predicate of the partial search indexes. */
const searchable = sql`state = 'published' and is_visible and delete_requested_at is null`;

/**
 * What search filters on is a column; the rest of publicData stays in jsonb
 * (`extra`). The mapper joins both back into the contract's publicData.
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    state: text('state').$type<ListingState>().notNull().default('draft'),
    priceAmount: bigint('price_amount', { mode: 'number' }),
    priceCurrency: text('price_currency'),
    port: text('port'),
    categories: text('categories').array().notNull().default(sql`ARRAY[]::text[]`),
    isVisible: boolean('is_visible').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    availableFrom: date('available_from', { mode: 'string' }),
    availableTo: date('available_to', { mode: 'string' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    extra: jsonb('extra').$type<Omit<PublicData, 'port' | 'categories' | 'isVisible' | 'isActive' | 'availability'>>().notNull().default({}),
    availabilityPlan: jsonb('availability_plan').$type<AvailabilityPlan>(),
    currentStock: integer('current_stock'),
    deleteRequestedAt: timestamp('delete_requested_at', { withTimezone: true }),
    deleteRequestTitle: text('delete_request_title'),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(searchVector),
  },
  (t) => [
    index('listings_author_idx').on(t.authorId, t.createdAt),
    index('listings_org_idx').on(t.organizationId),
    index('listings_state_idx').on(t.state),
    index('listings_search_idx').using('gin', t.search).where(searchable),
    index('listings_categories_idx').using('gin', t.categories).where(searchable),
    // Port first for the page's order; the filter columns and id after it let the count and the id page run as index-only scans.
    index('listings_port_created_idx')
      .on(t.port, t.createdAt, t.availableFrom, t.availableTo, t.priceAmount, t.categories, t.id)
      .where(searchable),
    index('listings_created_idx').on(t.createdAt).where(searchable),
    index('listings_price_idx').on(t.priceAmount).where(searchable),
  ],
);

/** Listing images in display order; position 0 is the main image. */
export const listingImages = pgTable(
  'listing_images',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.imageId] }), index('listing_images_pos_idx').on(t.listingId, t.position)],
);

export const availabilityExceptions = pgTable(
  'listing_availability_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    seats: integer('seats').notNull(),
  },
  (t) => [index('listing_exceptions_range_idx').on(t.listingId, t.start)],
);
