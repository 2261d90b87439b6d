import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { images } from '../images/images.schema.ts';

/** Seller spec section 3 Organization; every user belongs to one. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type'),
    businessId: text('business_id'),
    websiteUrl: text('website_url'),
    /** Bitmask of OrgRole. */
    roles: integer('roles').notNull().default(0),
    shortDescription: text('short_description'),
    longDescription: text('long_description'),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country'),
    email: text('email'),
    phone: text('phone'),
    operatingPorts: text('operating_ports').array().notNull().default(sql`ARRAY[]::text[]`),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    logoImageId: uuid('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
    mainImageId: uuid('main_image_id').references(() => images.id, { onDelete: 'set null' }),
    iconImageId: uuid('icon_image_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organizations_operating_ports_idx').using('gin', t.operatingPorts)],
);

/** Organization port info: an office per port. */
export const organizationPorts = pgTable(
  'organization_ports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    port: text('port').notNull(),
    city: text('city'),
    street: text('street'),
    zip: text('zip'),
    email: text('email'),
    phone: text('phone'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    hideMap: boolean('hide_map').notNull().default(false),
    officeAddress: text('office_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organization_ports_org_idx').on(t.organizationId), index('organization_ports_port_idx').on(t.port)],
);
