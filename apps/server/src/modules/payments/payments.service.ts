import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import {
  Scope,
  isCardExpired,
  type AccountLinkBody,
  type AddPaymentMethodBody,
  type BankAccount,
  type CreateCheckoutSessionBody,
  type CreatePayoutAccountBody,
  type Language,
  type PaymentMethodsResponse,
  type PayoutAccount,
  type SetupIntentBody,
  type UpdatePayoutAccountBody,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { AccessToken } from '../auth/index.ts';
import { lockTransaction, mergeTransactionMetadata, systemTransition, transactionForUser } from '../transactions/index.ts';
import { users } from '../users/users.schema.ts';
import { PaymentProviderError, WebhookSignatureError, type PayoutAccountData } from './payment-provider.ts';
import type { PaymentMetadata } from './payments.hooks.ts';
import type { Payments } from './payments.runtime.ts';
import { paymentActions, paymentCheckouts, paymentCustomers, paymentEvents, payoutAccounts } from './payments.schema.ts';

type Auth = Pick<AccessToken, 'sub' | 'scopes'>;

/** The provider's refusal, with its message for the page (meta.stripeMessage, as the spec names it). */
function providerError(err: unknown): never {
  if (err instanceof PaymentProviderError)
    throw new AppError('transaction-payment-failed', err.kind === 'invalid-request' || err.kind === 'card' ? 400 : 502, { stripeMessage: err.message, kind: err.kind, providerCode: err.providerCode });
  throw err;
}
const call = <T>(p: Promise<T>) => p.catch(providerError);

async function userOf(ctx: AppContext, id: string) {
  const [u] = await ctx.db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language }).from(users).where(eq(users.id, id));
  if (!u) throw notFound();
  return { ...u, language: (u.language ?? 'en') as Language };
}

const url = (ctx: AppContext, path: string) => `${ctx.config.PUBLIC_URL}${path}`;

/** Stripe keeps a checkout session open at least 30 minutes; Harbor ends it itself when its own window lapses. */
const PROVIDER_SESSION_MIN_MS = 30 * 60_000;

// ---------------------------------------------------------------------------
// Checkout

export async function createCheckoutSession(ctx: AppContext, pay: Payments, auth: Auth, body: CreateCheckoutSessionBody) {
  const t = await transactionForUser(ctx, auth, body.transactionId);
  if (t.role !== 'customer') throw new AppError('forbidden', 403);
  if (t.state !== 'pending-payment') throw new AppError('transaction-invalid-transition', 409, { state: t.state, reason: 'notPendingPayment' });
  if (body.cartId && body.cartId !== t.protectedData.cartId) throw new AppError('validation-invalid-value', 409, { reason: 'cartMismatch' });
  const [account] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, t.provider.id));
  if (!account) throw new AppError('transaction-missing-stripe-account', 409);
  if (body.accountId && body.accountId !== account.accountId) throw new AppError('validation-invalid-value', 409, { reason: 'accountMismatch' });

  const now = new Date();
  const [open] = await ctx.db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.transactionId, t.id), eq(paymentCheckouts.status, 'open'), gt(paymentCheckouts.expiresAt, now)))
    .orderBy(desc(paymentCheckouts.createdAt))
    .limit(1);
  if (open) return { sessionUrl: open.url };

  const buyer = await userOf(ctx, auth.sub);
  const customerId = await customerIdOf(ctx, pay, auth.sub, true);
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(paymentCheckouts).where(eq(paymentCheckouts.transactionId, t.id));
  const windowEnd = new Date(Date.parse(t.lastTransitionedAt) + ctx.config.PAYMENT_WINDOW_MS);
  const query = `?transactionId=${t.id}`;
  const session = await call(
    pay.provider.createCheckoutSession({
      transactionId: t.id,
      amount: t.payinTotal,
      description: t.listing.title,
      customerId,
      customerEmail: buyer.email,
      language: buyer.language,
      destinationAccountId: account.accountId,
      successUrl: url(ctx, `/online-payment-successful${query}`),
      cancelUrl: url(ctx, `/online-payment-cancel${query}`),
      expiresAt: new Date(Math.max(windowEnd.getTime(), now.getTime() + PROVIDER_SESSION_MIN_MS)),
      idempotencyKey: `checkout:${t.id}:${n}`,
    }),
  );
  await ctx.db
    .insert(paymentCheckouts)
    .values({ sessionId: session.id, transactionId: t.id, provider: pay.provider.name, url: session.url, amount: t.payinTotal.amount, currency: t.payinTotal.currency, expiresAt: session.expiresAt })
    .onConflictDoNothing();
  return { sessionUrl: session.url };
}

// ---------------------------------------------------------------------------
// Webhooks

export async function handleWebhook(ctx: AppContext, pay: Payments, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<{ duplicate: boolean }> {
  let event;
  try {
    event = pay.provider.verifyWebhook(rawBody, headers);
  } catch (err) {
    if (!(err instanceof WebhookSignatureError)) throw err;
    ctx.log.warn({ reason: err.reason, bytes: rawBody.length }, 'payment webhook refused');
    throw new AppError('validation-invalid-value', 400, { reason: 'webhookSignature', detail: err.reason });
  }
  // Provider reads happen before the database transaction (the local provider reads its own tables).
  const account = event.type === 'account.updated' ? await call(pay.provider.fetchPayoutAccount(event.accountId)) : null;
  return ctx.db.transaction(async (tx) => {
    const fresh = await tx.insert(paymentEvents).values({ provider: pay.provider.name, eventId: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh.length) return { duplicate: true };
    switch (event.type) {
      case 'checkout.completed': {
        const [checkout] = await tx.update(paymentCheckouts).set({ status: 'paid', paymentIntentId: event.paymentIntentId }).where(eq(paymentCheckouts.sessionId, event.sessionId)).returning();
        const row = await lockTransaction(tx, event.transactionId);
        if (!checkout || !row) {
          ctx.log.error({ event }, 'payment for an unknown checkout session');
          break;
        }
        const payment: PaymentMetadata = { provider: pay.provider.name, sessionId: event.sessionId, paymentIntentId: event.paymentIntentId, amount: event.amount, status: 'paid' };
        if (row.state === 'pending-payment') {
          await mergeTransactionMetadata(tx, row.id, { payment });
          await systemTransition(ctx, tx, row.id, 'confirm-payment');
        } else {
          // Paid after the window lapsed (or after a cancel): not confirmed, the money goes back.
          const late: PaymentMetadata = { ...payment, status: 'refund-pending', issue: 'paid-after-expiry' };
          await mergeTransactionMetadata(tx, row.id, { payment: late });
          await tx.insert(paymentActions).values({ kind: 'refund', transactionId: row.id, payload: { paymentIntentId: event.paymentIntentId, reason: 'paid-after-expiry', payment: late } }).onConflictDoNothing();
          ctx.log.warn({ transactionId: row.id, state: row.state }, 'payment confirmed after the payment window; refunding');
        }
        break;
      }
      case 'checkout.expired': {
        await tx.update(paymentCheckouts).set({ status: 'expired' }).where(eq(paymentCheckouts.sessionId, event.sessionId));
        const row = await lockTransaction(tx, event.transactionId);
        if (row?.state === 'pending-payment') {
          await mergeTransactionMetadata(tx, row.id, { paymentFailureCode: event.failureCode });
          await systemTransition(ctx, tx, row.id, 'cancel-payment');
        }
        break;
      }
      case 'account.updated':
        await tx.update(payoutAccounts).set({ data: account!, updatedAt: new Date() }).where(eq(payoutAccounts.accountId, event.accountId));
        break;
      default:
        break;
    }
    return { duplicate: false };
  });
}

// ---------------------------------------------------------------------------
// Payout account (sellers)

const toPayoutAccount = (provider: 'local' | 'stripe', d: PayoutAccountData): PayoutAccount => ({ ...d, provider, status: { type: d.status } });

export async function getPayoutAccount(ctx: AppContext, pay: Payments, auth: Auth): Promise<PayoutAccount | null> {
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, auth.sub));
  if (!row) return null;
  // The provider's word is fresh (verification moves on its side); the stored copy answers when it cannot be reached.
  const data = await pay.provider.fetchPayoutAccount(row.accountId).catch((err: unknown) => {
    ctx.log.warn({ err }, 'payout account fetch failed; answering the stored copy');
    return row.data;
  });
  // Only a real change is written: every read of an unchanged account used to rewrite the row (and its updatedAt).
  if (!isDeepStrictEqual(data, row.data)) await ctx.db.update(payoutAccounts).set({ data, updatedAt: new Date() }).where(eq(payoutAccounts.userId, auth.sub));
  return toPayoutAccount(row.provider, data);
}

/** The payout accounts of an organization's members, as stored (the spec's organization payment-accounts call); members and the operator only. */
export async function organizationPaymentAccounts(ctx: AppContext, auth: Auth & { org: string }, organizationId: string) {
  if (auth.org !== organizationId && !auth.scopes.includes(Scope.operator)) throw notFound();
  const rows = await ctx.db
    .select({ userId: payoutAccounts.userId, provider: payoutAccounts.provider, data: payoutAccounts.data })
    .from(payoutAccounts)
    .innerJoin(users, eq(users.id, payoutAccounts.userId))
    .where(eq(users.organizationId, organizationId));
  return rows.map((r) => ({ ...toPayoutAccount(r.provider, r.data), userId: r.userId }));
}

export async function createPayoutAccount(ctx: AppContext, pay: Payments, auth: Auth, body: CreatePayoutAccountBody): Promise<PayoutAccount> {
  const [existing] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, auth.sub));
  if (existing) throw new AppError('conflict', 409, { reason: 'payoutAccountExists' });
  const user = await userOf(ctx, auth.sub);
  const data = await call(
    pay.provider.createPayoutAccount({
      userId: auth.sub,
      email: user.email,
      accountType: body.accountType,
      country: body.country,
      bankAccountToken: body.bankAccountToken,
      businessProfileURL: body.businessProfileURL ?? null,
      businessProfileMCC: body.businessProfileMCC,
      idempotencyKey: `payout-account:${auth.sub}:${body.bankAccountToken}`,
    }),
  );
  await ctx.db.insert(payoutAccounts).values({ userId: auth.sub, provider: pay.provider.name, accountId: data.id, data }).onConflictDoNothing();
  return toPayoutAccount(pay.provider.name, data);
}

export async function updatePayoutAccount(ctx: AppContext, pay: Payments, auth: Auth, body: UpdatePayoutAccountBody): Promise<PayoutAccount> {
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, auth.sub));
  if (!row) throw notFound();
  const data = await call(pay.provider.updatePayoutAccount(row.accountId, { ...body, idempotencyKey: randomUUID() }));
  await ctx.db.update(payoutAccounts).set({ data, updatedAt: new Date() }).where(eq(payoutAccounts.userId, auth.sub));
  return toPayoutAccount(row.provider, data);
}

export async function createBankAccountToken(_ctx: AppContext, pay: Payments, body: BankAccount) {
  return call(pay.provider.createBankAccountToken({ country: body.country, currency: body.currency, fields: body.fields, accountHolderType: 'company' }));
}

export async function createAccountLink(ctx: AppContext, pay: Payments, auth: Auth, body: AccountLinkBody) {
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, auth.sub));
  if (!row) throw notFound();
  const user = await userOf(ctx, auth.sub);
  const base = body.returnPath.replace(/\/+$/, '');
  const link = await call(
    pay.provider.createAccountLink({
      accountId: row.accountId,
      type: row.data.status === 'verificationSuccess' ? 'account_update' : 'account_onboarding',
      returnUrl: url(ctx, `${base}/success`),
      refreshUrl: url(ctx, `${base}/failure`),
      language: user.language,
    }),
  );
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}

// ---------------------------------------------------------------------------
// Saved cards (buyers)

async function customerIdOf(ctx: AppContext, pay: Payments, userId: string, create: boolean): Promise<string | null> {
  const [row] = await ctx.db.select().from(paymentCustomers).where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, pay.provider.name)));
  if (row) return row.customerId;
  if (!create) return null;
  const user = await userOf(ctx, userId);
  const { id } = await call(pay.provider.createCustomer({ userId, email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), idempotencyKey: `customer:${userId}` }));
  await ctx.db.insert(paymentCustomers).values({ userId, provider: pay.provider.name, customerId: id }).onConflictDoNothing();
  return id;
}

export async function listPaymentMethods(ctx: AppContext, pay: Payments, auth: Auth): Promise<PaymentMethodsResponse> {
  const customerId = await customerIdOf(ctx, pay, auth.sub, false);
  if (!customerId) return { data: [], defaultPaymentMethodId: null };
  const { methods, defaultPaymentMethodId } = await call(pay.provider.listPaymentMethods(customerId));
  const now = new Date();
  return {
    defaultPaymentMethodId,
    data: methods.map((m) => {
      const card = { expirationMonth: m.expMonth, expirationYear: m.expYear };
      return { id: m.id, brand: m.brand, last4Digits: m.last4, ...card, isDefault: m.id === defaultPaymentMethodId, expired: isCardExpired(card, now) };
    }),
  };
}

export async function createSetupIntent(ctx: AppContext, pay: Payments, auth: Auth, body: SetupIntentBody) {
  const customerId = (await customerIdOf(ctx, pay, auth.sub, true))!;
  const user = await userOf(ctx, auth.sub);
  const s = await call(
    pay.provider.createSetupSession({
      customerId,
      successUrl: url(ctx, `${body.returnPath}?setup=success`),
      cancelUrl: url(ctx, `${body.returnPath}?setup=cancel`),
      language: user.language,
      idempotencyKey: randomUUID(),
    }),
  );
  return { id: s.id, url: s.url, clientSecret: s.clientSecret };
}

export async function addPaymentMethod(ctx: AppContext, pay: Payments, auth: Auth, body: AddPaymentMethodBody) {
  const customerId = (await customerIdOf(ctx, pay, auth.sub, true))!;
  await call(pay.provider.attachPaymentMethod(customerId, body.stripePaymentMethodId, `attach:${customerId}:${body.stripePaymentMethodId}`));
  if (body.makeDefault) await call(pay.provider.setDefaultPaymentMethod(customerId, body.stripePaymentMethodId));
  return listPaymentMethods(ctx, pay, auth);
}

export async function deletePaymentMethod(ctx: AppContext, pay: Payments, auth: Auth, id: string) {
  const customerId = await customerIdOf(ctx, pay, auth.sub, false);
  if (!customerId) throw notFound();
  await call(pay.provider.detachPaymentMethod(customerId, id)).catch((err: unknown) => {
    if (err instanceof AppError && err.meta?.providerCode === 'resource_missing') throw notFound();
    throw err;
  });
}

export async function setDefaultPaymentMethod(ctx: AppContext, pay: Payments, auth: Auth, id: string) {
  const customerId = await customerIdOf(ctx, pay, auth.sub, false);
  if (!customerId) throw notFound();
  await call(pay.provider.setDefaultPaymentMethod(customerId, id));
  return listPaymentMethods(ctx, pay, auth);
}

/** The local provider's books (operator only): balances per account and whether they reconcile. */
export async function ledger(pay: Payments, auth: Auth) {
  if (!auth.scopes.includes(Scope.operator)) throw new AppError('forbidden', 403);
  if (!pay.local) throw notFound({ reason: 'only the local provider keeps a ledger here' });
  return pay.local.ledgerSummary();
}
