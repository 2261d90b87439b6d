import { eq } from 'drizzle-orm';
import { isCardErrorCode } from '@harbor/contracts';
import type { Db, Tx } from '../../../db/index.ts';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutSession,
  type CheckoutSessionInput,
  type PaymentEvent,
  type PaymentProvider,
  type Payout,
  type PayoutInput,
  type Refund,
  type RefundInput,
  type SetupSession,
  type SetupSessionInput,
} from '../payment-provider.ts';
import { localAccounts, storeCard } from './local-accounts.ts';
import { madeOnce } from './local-idempotency.ts';
import { checkCard, type CardCheck } from './local-cards.ts';
import { LEDGER, ledgerSummary, postEntry } from './local-ledger.ts';
import { createWebhookRelay, newId, queueWebhook, verifySignedBody, type WebhookRelay } from './local-webhooks.ts';
import { localPayAccounts, localPayMovements, localPayPayments, localPaySessions } from './local.schema.ts';

/**
 * PAYMENTS=local: a card-payment provider Harbor runs itself, so the whole
 * product works offline. Its hosted pages live under /payments/local/ (see
 * local-routes.ts); it keeps its own books in the local_pay_* tables and tells
 * Harbor what happened through signed webhooks, exactly as an outside
 * provider would, so the payments module has one code path for both.
 */

export interface LocalProviderDeps {
  db: Db;
  /** PUBLIC_URL: the hosted pages' links point here. */
  publicUrl: string;
  webhookSecret: string;
}

export type SessionRow = typeof localPaySessions.$inferSelect;
export type PayOutcome =
  | { result: 'invalid'; check: Extract<CardCheck, { ok: false }> }
  | { result: 'paid' | 'failed' | 'closed'; session: SessionRow; error?: string };

const noSuch = (what: string, id: string) => new PaymentProviderError(`No such ${what}: '${id}'`, 'invalid-request', 'resource_missing');

export type LocalProvider = ReturnType<typeof createLocalProvider>;

export function createLocalProvider(deps: LocalProviderDeps) {
  const { db } = deps;
  const hostedBase = `${deps.publicUrl}/payments/local`;
  const accounts = localAccounts(db, hostedBase);

  const sessionObject = (s: SessionRow) => ({
    id: s.id,
    object: 'checkout.session',
    mode: s.mode,
    status: s.status,
    client_reference_id: s.transactionId,
    customer: s.customerId,
    payment_intent: s.paymentIntentId,
    amount_total: s.amount,
    currency: s.currency?.toLowerCase() ?? null,
    failure_code: s.failureCode,
    payment_method: s.paymentMethodId,
  });

  async function lockSession(tx: Tx, id: string) {
    const [s] = await tx.select().from(localPaySessions).where(eq(localPaySessions.id, id)).for('update');
    return s;
  }

  /** Ends an open session unpaid and tells Harbor (with the card's failure code, if a card decision ended it). */
  async function endSession(tx: Tx, s: SessionRow, failureCode: string | null): Promise<SessionRow> {
    const [ended] = await tx.update(localPaySessions).set({ status: 'expired', failureCode }).where(eq(localPaySessions.id, s.id)).returning();
    if (s.mode === 'payment') await queueWebhook(tx, 'checkout.session.expired', sessionObject(ended!));
    return ended!;
  }

  const provider = {
    name: 'local' as const,

    async createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
      const row = await madeOnce(
        () =>
          db
            .insert(localPaySessions)
            .values({
              id: newId('cs'),
              mode: 'payment',
              idempotencyKey: input.idempotencyKey,
              customerId: input.customerId,
              customerEmail: input.customerEmail,
              transactionId: input.transactionId,
              description: input.description,
              amount: input.amount.amount,
              currency: input.amount.currency,
              destinationAccountId: input.destinationAccountId,
              successUrl: input.successUrl,
              cancelUrl: input.cancelUrl,
              language: input.language,
              expiresAt: input.expiresAt,
            })
            .onConflictDoNothing({ target: localPaySessions.idempotencyKey })
            .returning(),
        () => db.select().from(localPaySessions).where(eq(localPaySessions.idempotencyKey, input.idempotencyKey)),
      );
      return { id: row.id, url: `${hostedBase}/checkout/${row.id}`, expiresAt: row.expiresAt };
    },

    async expireCheckoutSession(sessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const s = await lockSession(tx, sessionId);
        if (!s) throw noSuch('checkout session', sessionId);
        if (s.status === 'open') await endSession(tx, s, null);
      });
    },

    verifyWebhook(rawBody: Buffer, headers: Parameters<PaymentProvider['verifyWebhook']>[1]): PaymentEvent {
      const body = verifySignedBody(deps.webhookSecret, rawBody, headers);
      const id = String(body.id ?? '');
      const type = String(body.type ?? '');
      const obj = ((body.data as { object?: Record<string, unknown> } | undefined)?.object ?? {}) as Record<string, unknown>;
      if (!id) throw new WebhookSignatureError('malformed');
      const str = (v: unknown) => (typeof v === 'string' ? v : '');
      switch (type) {
        case 'checkout.session.completed':
          return {
            id,
            type: 'checkout.completed',
            sessionId: str(obj.id),
            transactionId: str(obj.client_reference_id),
            paymentIntentId: str(obj.payment_intent),
            amount: { amount: Number(obj.amount_total), currency: str(obj.currency).toUpperCase() },
          };
        case 'checkout.session.expired':
          return {
            id,
            type: 'checkout.expired',
            sessionId: str(obj.id),
            transactionId: str(obj.client_reference_id),
            failureCode: isCardErrorCode(obj.failure_code) ? obj.failure_code : null,
          };
        case 'setup_intent.succeeded':
          return { id, type: 'setup.completed', sessionId: str(obj.id), customerId: str(obj.customer), paymentMethodId: str(obj.payment_method) };
        case 'account.updated':
          return { id, type: 'account.updated', accountId: str(obj.id) };
        case 'charge.refunded':
          return { id, type: 'refund.updated', refundId: str(obj.refund), paymentIntentId: str(obj.payment_intent), status: 'succeeded' };
        default:
          return { id, type: 'ignored', providerType: type };
      }
    },

    async refund(input: RefundInput): Promise<Refund> {
      return db.transaction(async (tx) => {
        const [done] = await tx.select().from(localPayMovements).where(eq(localPayMovements.idempotencyKey, input.idempotencyKey));
        if (done) return { id: done.id, status: 'succeeded' as const, amount: { amount: done.amount, currency: done.currency } };
        const [pi] = await tx.select().from(localPayPayments).where(eq(localPayPayments.id, input.paymentIntentId)).for('update');
        if (!pi) throw noSuch('payment_intent', input.paymentIntentId);
        const available = pi.amount - pi.amountRefunded - pi.amountTransferred;
        const amount = input.amount?.amount ?? available;
        if (amount <= 0 || amount > available)
          throw new PaymentProviderError(`Refund amount ${amount} exceeds what is left of the charge (${available})`, 'invalid-request', 'amount_too_large');
        const id = newId('re');
        await tx.insert(localPayMovements).values({ id, kind: 'refund', idempotencyKey: input.idempotencyKey, paymentIntentId: pi.id, amount, currency: pi.currency });
        await tx.update(localPayPayments).set({ amountRefunded: pi.amountRefunded + amount }).where(eq(localPayPayments.id, pi.id));
        await postEntry(tx, { kind: 'refund', from: LEDGER.held, to: LEDGER.cards, amount, currency: pi.currency, paymentIntentId: pi.id, transactionId: pi.transactionId });
        await queueWebhook(tx, 'charge.refunded', { payment_intent: pi.id, refund: id, amount, currency: pi.currency.toLowerCase(), reason: input.reason });
        return { id, status: 'succeeded' as const, amount: { amount, currency: pi.currency } };
      });
    },

    async payout(input: PayoutInput): Promise<Payout> {
      return db.transaction(async (tx) => {
        const [done] = await tx.select().from(localPayMovements).where(eq(localPayMovements.idempotencyKey, input.idempotencyKey));
        if (done) return { id: done.id, status: 'paid' as const, amount: { amount: done.amount, currency: done.currency } };
        const [pi] = await tx.select().from(localPayPayments).where(eq(localPayPayments.id, input.paymentIntentId)).for('update');
        if (!pi) throw noSuch('payment_intent', input.paymentIntentId);
        const [account] = await tx.select().from(localPayAccounts).where(eq(localPayAccounts.id, input.accountId));
        if (!account) throw noSuch('account', input.accountId);
        if (account.status !== 'verificationSuccess' || !account.bankAccount)
          throw new PaymentProviderError('The destination account cannot receive payouts yet', 'invalid-request', 'account_not_verified');
        const available = pi.amount - pi.amountRefunded - pi.amountTransferred;
        if (input.amount.amount <= 0 || input.amount.amount > available)
          throw new PaymentProviderError(`Payout amount ${input.amount.amount} exceeds what is held of the charge (${available})`, 'invalid-request', 'amount_too_large');
        const id = newId('po');
        const amount = input.amount.amount;
        await tx.insert(localPayMovements).values({ id, kind: 'payout', idempotencyKey: input.idempotencyKey, paymentIntentId: pi.id, accountId: account.id, amount, currency: pi.currency });
        await tx.update(localPayPayments).set({ amountTransferred: pi.amountTransferred + amount }).where(eq(localPayPayments.id, pi.id));
        const ref = { currency: pi.currency, paymentIntentId: pi.id, transactionId: pi.transactionId, amount };
        // The seller's balance first (the transfer), then the bank (the payout): both show in the books.
        await postEntry(tx, { kind: 'transfer', from: LEDGER.held, to: LEDGER.seller(account.id), ...ref });
        await postEntry(tx, { kind: 'payout', from: LEDGER.seller(account.id), to: LEDGER.bank(account.id), ...ref });
        return { id, status: 'paid' as const, amount: { amount, currency: pi.currency } };
      });
    },

    createBankAccountToken: accounts.createBankAccountToken,
    createPayoutAccount: accounts.createPayoutAccount,
    updatePayoutAccount: accounts.updatePayoutAccount,
    fetchPayoutAccount: accounts.fetchPayoutAccount,
    createAccountLink: accounts.createAccountLink,
    createCustomer: accounts.createCustomer,
    listPaymentMethods: accounts.listPaymentMethods,
    attachPaymentMethod: (customerId: string, paymentMethodId: string) => accounts.attachPaymentMethod(customerId, paymentMethodId),
    detachPaymentMethod: accounts.detachPaymentMethod,
    setDefaultPaymentMethod: accounts.setDefaultPaymentMethod,

    async createSetupSession(input: SetupSessionInput): Promise<SetupSession> {
      const { id } = await madeOnce(
        () =>
          db
            .insert(localPaySessions)
            .values({
              id: newId('seti'),
              mode: 'setup',
              idempotencyKey: input.idempotencyKey,
              customerId: input.customerId,
              successUrl: input.successUrl,
              cancelUrl: input.cancelUrl,
              language: input.language,
              expiresAt: new Date(Date.now() + 24 * 3_600_000),
            })
            .onConflictDoNothing({ target: localPaySessions.idempotencyKey })
            .returning({ id: localPaySessions.id }),
        () => db.select({ id: localPaySessions.id }).from(localPaySessions).where(eq(localPaySessions.idempotencyKey, input.idempotencyKey)),
      );
      return { id, url: `${hostedBase}/setup/${id}`, clientSecret: null };
    },
  } satisfies PaymentProvider;

  return {
    ...provider,
    // What only the hosted pages use.
    hosted: {
      accounts,
      async session(id: string): Promise<SessionRow | undefined> {
        const [s] = await db.select().from(localPaySessions).where(eq(localPaySessions.id, id));
        return s;
      },
      /** The checkout form: a card decision ends the session either way; form errors leave it open. */
      async pay(sessionId: string, form: { number: string; expiry: string; cvc: string; save: boolean }, now = new Date()): Promise<PayOutcome> {
        return db.transaction(async (tx): Promise<PayOutcome> => {
          const s = await lockSession(tx, sessionId);
          if (!s || s.mode !== 'payment') throw noSuch('checkout session', sessionId);
          if (s.status !== 'open') return { result: 'closed', session: s };
          if (s.expiresAt <= now) return { result: 'closed', session: await endSession(tx, s, null) };
          const check = checkCard(form, now);
          if (!check.ok) return { result: 'invalid', check };
          const card = check.card;
          if (card.outcome !== 'succeeds') return { result: 'failed', session: await endSession(tx, s, card.outcome), error: card.outcome };
          const paymentMethodId = await storeCard(tx, card, form.save ? s.customerId : null);
          const pi = newId('pi');
          await tx.insert(localPayPayments).values({
            id: pi,
            sessionId: s.id,
            transactionId: s.transactionId,
            amount: s.amount!,
            currency: s.currency!,
            destinationAccountId: s.destinationAccountId,
            cardBrand: card.brand,
            cardLast4: card.last4,
          });
          await postEntry(tx, { kind: 'charge', from: LEDGER.cards, to: LEDGER.held, amount: s.amount!, currency: s.currency!, paymentIntentId: pi, transactionId: s.transactionId });
          const [paid] = await tx.update(localPaySessions).set({ status: 'complete', paymentIntentId: pi, paymentMethodId }).where(eq(localPaySessions.id, s.id)).returning();
          await queueWebhook(tx, 'checkout.session.completed', sessionObject(paid!));
          return { result: 'paid', session: paid! };
        });
      },
      async cancel(sessionId: string): Promise<SessionRow> {
        return db.transaction(async (tx) => {
          const s = await lockSession(tx, sessionId);
          if (!s) throw noSuch('checkout session', sessionId);
          return s.status === 'open' ? endSession(tx, s, null) : s;
        });
      },
      /** The card-saving form: the card is attached to the customer, or the form shows why not. */
      async setup(sessionId: string, form: { number: string; expiry: string; cvc: string }, now = new Date()) {
        return db.transaction(async (tx) => {
          const s = await lockSession(tx, sessionId);
          if (!s || s.mode !== 'setup') throw noSuch('setup intent', sessionId);
          if (s.status !== 'open' || s.expiresAt <= now) return { result: 'closed' as const, session: s };
          const check = checkCard(form, now);
          if (!check.ok) return { result: 'invalid' as const, error: check.error };
          if (check.card.outcome !== 'succeeds') return { result: 'invalid' as const, error: check.card.outcome };
          const paymentMethodId = await storeCard(tx, check.card, s.customerId);
          const [done] = await tx.update(localPaySessions).set({ status: 'complete', paymentMethodId }).where(eq(localPaySessions.id, s.id)).returning();
          await queueWebhook(tx, 'setup_intent.succeeded', sessionObject(done!));
          return { result: 'saved' as const, session: done! };
        });
      },
    },
    ledgerSummary: () => ledgerSummary(db),
    createRelay: (opts: Omit<Parameters<typeof createWebhookRelay>[0], 'db' | 'secret'>): WebhookRelay =>
      createWebhookRelay({ db, secret: deps.webhookSecret, ...opts }),
  };
}
