import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CartStatus, OrderLineBody } from '@harbor/contracts';
import { listings } from '../listings/listings.schema.ts';
import { users } from '../users/users.schema.ts';

type DeliveryAddress = NonNullable<OrderLineBody['deliveryAddress']>;

/**
 * A buyer's cart: tied to a ship and a port call, at most one active per user
 * (the partial unique index). Closed once every line became a transaction.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<CartStatus>().notNull().default('open'),
    active: boolean('active').notNull().default(false),
    shipName: text('ship_name').notNull(),
    shipImo: integer('ship_imo'),
    portCallId: text('port_call_id'),
    portName: text('port_name'),
    sessionId: text('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carts_owner_idx').on(t.ownerId, t.createdAt), uniqueIndex('carts_one_active_idx').on(t.ownerId).where(sql`active`)],
);

/** An order-panel line in a cart. Prices are not stored: they are recomputed from the listing on every read. */
export const cartProducts = pgTable(
  'cart_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    quantity: doublePrecision('quantity').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    deliveryMethod: text('delivery_method').$type<OrderLineBody['deliveryMethod']>().notNull(),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    deliveryNotes: text('delivery_notes'),
    /** The transaction the line became; placed lines stay as the cart's record. */
    transactionId: text('transaction_id'),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_products_cart_idx').on(t.cartId, t.createdAt), index('cart_products_listing_idx').on(t.listingId)],
);

/** A reusable set of lines with a name and a ship (section 3 "Template"). */
export const cartTemplates = pgTable(
  'cart_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shipName: text('ship_name').notNull(),
    shipImo: integer('ship_imo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_templates_owner_idx').on(t.ownerId, t.createdAt)],
);

/** A template line: the order line without its times; the window's length is kept for the next cart. */
export const cartTemplateProducts = pgTable(
  'cart_template_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => cartTemplates.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    quantity: doublePrecision('quantity').notNull(),
    deliveryMethod: text('delivery_method').$type<OrderLineBody['deliveryMethod']>().notNull(),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    deliveryNotes: text('delivery_notes'),
    durationMinutes: integer('duration_minutes').notNull(),
  },
  (t) => [index('cart_template_products_template_idx').on(t.templateId, t.position), index('cart_template_products_listing_idx').on(t.listingId)],
);

export type CartRow = typeof carts.$inferSelect;
export type CartProductRow = typeof cartProducts.$inferSelect;
export type CartTemplateRow = typeof cartTemplates.$inferSelect;
export type CartTemplateProductRow = typeof cartTemplateProducts.$inferSelect;
