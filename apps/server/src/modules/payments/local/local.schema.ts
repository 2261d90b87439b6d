import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { BankAccountSummary } from '../payment-provider.ts';

/**
 * The local payment provider's own books (PAYMENTS=local): what a card
 * provider would keep on its side. Ids are the provider's strings
 * (cs_local_…, pi_local_…). No card number is ever stored: a saved card is
 * its brand, last four digits, expiry and the test outcome its number stood for.
 */

export const localPaySessions = pgTable('local_pay_sessions', {
  id: text('id').primaryKey(),
  mode: text('mode').$type<'payment' | 'setup'>().notNull(),
  idempotencyKey: text('idempotency_key').unique(),
  customerId: text('customer_id'),
  customerEmail: text('customer_email'),
  transactionId: text('transaction_id'),
  description: text('description').notNull().default(''),
  amount: bigint('amount', { mode: 'number' }),
  currency: text('currency'),
  destinationAccountId: text('destination_account_id'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  language: text('language').$type<'en' | 'fi'>().notNull().default('en'),
  status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
  paymentIntentId: text('payment_intent_id'),
  paymentMethodId: text('payment_method_id'),
  failureCode: text('failure_code'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A successful charge (payment intent). */
export const localPayPayments = pgTable('local_pay_payments', {
  id: text('id').primaryKey(),
  sessionId: text('session_id').notNull().unique(),
  transactionId: text('transaction_id'),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull().default(0),
  amountTransferred: bigint('amount_transferred', { mode: 'number' }).notNull().default(0),
  currency: text('currency').notNull(),
  destinationAccountId: text('destination_account_id'),
  cardBrand: text('card_brand').notNull(),
  cardLast4: text('card_last4').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Refunds and payouts, keyed by the caller's idempotency key so a retry answers the first result. */
export const localPayMovements = pgTable('local_pay_movements', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<'refund' | 'payout'>().notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentIntentId: text('payment_intent_id').notNull(),
  accountId: text('account_id'),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const localPayAccounts = pgTable('local_pay_accounts', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').unique(),
  userId: text('user_id').notNull(),
  email: text('email').notNull(),
  accountType: text('account_type').$type<'individual' | 'company'>().notNull(),
  country: text('country').notNull(),
  defaultCurrency: text('default_currency').notNull(),
  businessProfileURL: text('business_profile_url'),
  businessProfileMCC: text('business_profile_mcc').notNull(),
  bankAccount: jsonb('bank_account').$type<BankAccountSummary | null>(),
  /** Onboarding answers (name, date of birth); null until given. */
  verifiedAs: jsonb('verified_as').$type<Record<string, string> | null>(),
  status: text('status').$type<'verificationNeeded' | 'verificationSuccess' | 'verificationError'>().notNull(),
  currentlyDue: jsonb('currently_due').$type<string[]>().notNull().default([]),
  errors: jsonb('errors').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A bank account token: the masked account, usable once. */
export const localPayBankTokens = pgTable('local_pay_bank_tokens', {
  id: text('id').primaryKey(),
  bankAccount: jsonb('bank_account').$type<BankAccountSummary>().notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const localPayAccountLinks = pgTable('local_pay_account_links', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  returnUrl: text('return_url').notNull(),
  refreshUrl: text('refresh_url').notNull(),
  language: text('language').$type<'en' | 'fi'>().notNull().default('en'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const localPayCustomers = pgTable('local_pay_customers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').unique(),
  userId: text('user_id').notNull(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  defaultPaymentMethodId: text('default_payment_method_id'),
});

export const localPayPaymentMethods = pgTable(
  'local_pay_payment_methods',
  {
    id: text('id').primaryKey(),
    /** Null until attached (a card entered on a setup page is attached to its customer at once). */
    customerId: text('customer_id'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** What the test number stood for: a saved declining card keeps declining. */
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_pay_pm_customer_idx').on(t.customerId)],
);

/**
 * Double-entry ledger: each movement is one entry of two or more lines that
 * sum to zero. Accounts: `external:cards` (money from and back to cards),
 * `platform:held` (paid, not yet the seller's), `seller:<acct>` (the seller's
 * balance), `external:bank:<acct>` (paid out to the seller's bank).
 */
export const localPayLedger = pgTable(
  'local_pay_ledger',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    entryId: text('entry_id').notNull(),
    kind: text('kind').$type<'charge' | 'refund' | 'transfer' | 'payout'>().notNull(),
    account: text('account').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    paymentIntentId: text('payment_intent_id'),
    transactionId: text('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_pay_ledger_account_idx').on(t.account), index('local_pay_ledger_pi_idx').on(t.paymentIntentId)],
);

/** Signed webhook deliveries to Harbor's endpoint: kept until delivered, retried with back-off. */
export const localPayWebhooks = pgTable(
  'local_pay_webhooks',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Claimed by a relay until then, or the next retry after a failed delivery. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_pay_webhooks_pending_idx').on(t.createdAt).where(sql`delivered_at is null`)],
);
