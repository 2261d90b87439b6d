import { sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@harbor/contracts';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.schema.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull().unique(),
    /** Null for people who sign in only through an external identity provider. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    bio: text('bio'),
    defaultPort: text('default_port').notNull().default('FIVSS'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    scopes: text('scopes').array().notNull().default(sql`ARRAY['user']::text[]`),
    emailVerified: boolean('email_verified').notNull().default(false),
    banned: boolean('banned').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    idpId: text('idp_id'),
    idpSubject: text('idp_subject'),
    /** The language of the user's e-mails: the web app's language, saved when they change it. */
    language: text('language', { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    /** Message e-mails (new message on an order); order e-mails always go. Turned off on the contact-details page. */
    messageEmails: boolean('message_emails').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('users_status_idx').on(t.status)],
);

export const serviceRequests = pgTable('service_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  content: text('content').notNull(),
  tag: text('tag'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time e-mail tokens: verification and password reset. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['verify', 'reset'] }).notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_user_kind_idx').on(t.userId, t.kind, t.createdAt)],
);
