import { and, eq } from 'drizzle-orm';
import { bankAccountLast4 } from '@harbor/contracts';
import type { Db, Tx } from '../../../db/index.ts';
import {
  PaymentProviderError,
  type AccountLink,
  type AccountLinkInput,
  type BankAccountToken,
  type BankAccountTokenInput,
  type CustomerPaymentMethods,
  type PayoutAccountData,
  type PayoutAccountInput,
  type PayoutAccountUpdate,
  type SavedCardData,
} from '../payment-provider.ts';
import { madeOnce } from './local-idempotency.ts';
import type { CheckedCard } from './local-cards.ts';
import { localPayAccountLinks, localPayAccounts, localPayBankTokens, localPayCustomers, localPayPaymentMethods } from './local.schema.ts';
import { newId, queueWebhook } from './local-webhooks.ts';

/**
 * The local provider's connected accounts (sellers), bank tokens, onboarding
 * links, customers and saved cards. A new account needs verification: the
 * onboarding page collects what is currently due (name and date of birth)
 * and verifies it, or fails it for a person under 18.
 */

/** An onboarding link is short-lived, like the provider's own. */
export const ACCOUNT_LINK_TTL_MS = 10 * 60_000;

type AccountRow = typeof localPayAccounts.$inferSelect;
type BankTokenRow = typeof localPayBankTokens.$inferSelect;

const DUE: Record<AccountRow['accountType'], string[]> = {
  individual: ['individual.first_name', 'individual.last_name', 'individual.dob'],
  company: ['company.name', 'representative.first_name', 'representative.last_name', 'representative.dob'],
};

export function accountData(row: AccountRow): PayoutAccountData {
  const verified = row.status === 'verificationSuccess';
  return {
    id: row.id,
    accountType: row.accountType,
    country: row.country,
    defaultCurrency: row.defaultCurrency,
    businessProfileURL: row.businessProfileURL,
    businessProfileMCC: row.businessProfileMCC,
    bankAccount: row.bankAccount,
    status: row.status,
    currentlyDue: row.currentlyDue,
    errors: row.errors,
    chargesEnabled: verified,
    payoutsEnabled: verified && row.bankAccount !== null,
  };
}

const noSuch = (what: string, id: string) => new PaymentProviderError(`No such ${what}: '${id}'`, 'invalid-request', 'resource_missing');

async function accountRow(db: Tx, id: string): Promise<AccountRow> {
  const [row] = await db.select().from(localPayAccounts).where(eq(localPayAccounts.id, id));
  if (!row) throw noSuch('account', id);
  return row;
}

/** The token's row, locked for this transaction (a request using it at the same time waits). */
async function lockToken(tx: Tx, token: string): Promise<BankTokenRow> {
  const [row] = await tx.select().from(localPayBankTokens).where(eq(localPayBankTokens.id, token)).for('update');
  if (!row) throw noSuch('token', token);
  return row;
}

/** A token is used once: its bank account moves onto the account. */
async function spendToken(tx: Tx, row: BankTokenRow) {
  if (row.usedAt) throw new PaymentProviderError(`You cannot use a bank account token more than once: ${row.id}`, 'invalid-request', 'token_already_used');
  await tx.update(localPayBankTokens).set({ usedAt: new Date() }).where(eq(localPayBankTokens.id, row.id));
  return row.bankAccount;
}

export function localAccounts(db: Db, hostedBase: string) {
  return {
    async createBankAccountToken(input: BankAccountTokenInput): Promise<BankAccountToken> {
      const bankAccount = { last4: bankAccountLast4(input.fields), country: input.country, currency: input.currency, bankName: input.fields.bankName ?? null };
      const id = newId('btok');
      await db.insert(localPayBankTokens).values({ id, bankAccount });
      return { id, bankAccount };
    },

    async createPayoutAccount(input: PayoutAccountInput): Promise<PayoutAccountData> {
      const byKey = (tx: Tx) => tx.select().from(localPayAccounts).where(eq(localPayAccounts.idempotencyKey, input.idempotencyKey));
      return db.transaction(async (tx) => {
        const [existing] = await byKey(tx);
        if (existing) return accountData(existing);
        const token = await lockToken(tx, input.bankAccountToken);
        // Requests racing with one key (a double click) waited for the token's lock above: the
        // first has made the account, and the others answer with it rather than "token used".
        const [made] = token.usedAt ? await byKey(tx) : [];
        if (made) return accountData(made);
        const bankAccount = await spendToken(tx, token);
        const [row] = await tx
          .insert(localPayAccounts)
          .values({
            id: newId('acct'),
            idempotencyKey: input.idempotencyKey,
            userId: input.userId,
            email: input.email,
            accountType: input.accountType,
            country: input.country,
            defaultCurrency: bankAccount.currency,
            businessProfileURL: input.businessProfileURL,
            businessProfileMCC: input.businessProfileMCC,
            bankAccount,
            status: 'verificationNeeded',
            currentlyDue: DUE[input.accountType],
          })
          .returning();
        return accountData(row!);
      });
    },

    async updatePayoutAccount(accountId: string, update: PayoutAccountUpdate): Promise<PayoutAccountData> {
      return db.transaction(async (tx) => {
        const current = await accountRow(tx, accountId);
        const patch: Partial<AccountRow> = {};
        if (update.bankAccountToken) {
          patch.bankAccount = await spendToken(tx, await lockToken(tx, update.bankAccountToken));
          patch.defaultCurrency = patch.bankAccount.currency;
        }
        if (update.businessProfileURL !== undefined) patch.businessProfileURL = update.businessProfileURL;
        if (update.businessProfileMCC !== undefined) patch.businessProfileMCC = update.businessProfileMCC;
        // Nothing to change (a PUT of {}): the account as it is, no update and no webhook (an empty SET is an SQL error, which answered 500).
        if (Object.keys(patch).length === 0) return accountData(current);
        const [row] = await tx.update(localPayAccounts).set(patch).where(eq(localPayAccounts.id, accountId)).returning();
        await queueWebhook(tx, 'account.updated', { id: accountId });
        return accountData(row!);
      });
    },

    async fetchPayoutAccount(accountId: string): Promise<PayoutAccountData> {
      return accountData(await accountRow(db, accountId));
    },

    async createAccountLink(input: AccountLinkInput): Promise<AccountLink> {
      await accountRow(db, input.accountId);
      const id = newId('link');
      const expiresAt = new Date(Date.now() + ACCOUNT_LINK_TTL_MS);
      await db.insert(localPayAccountLinks).values({ id, accountId: input.accountId, returnUrl: input.returnUrl, refreshUrl: input.refreshUrl, language: input.language, expiresAt });
      return { url: `${hostedBase}/onboarding/${id}`, expiresAt };
    },

    /** The hosted onboarding page's link: null when unknown; `usable` false when used or lapsed (the page sends the browser to refreshUrl). */
    async onboardingLink(linkId: string, now = new Date()) {
      const [link] = await db.select().from(localPayAccountLinks).where(eq(localPayAccountLinks.id, linkId));
      if (!link) return null;
      const account = await accountRow(db, link.accountId);
      return { link, account, usable: !link.usedAt && link.expiresAt > now };
    },

    /** The onboarding form's answers: verified, or failed for a person under 18. Returns where the browser goes. */
    async completeOnboarding(linkId: string, answers: { name: string; dob: string }, now = new Date()): Promise<string> {
      return db.transaction(async (tx) => {
        const [link] = await tx.select().from(localPayAccountLinks).where(eq(localPayAccountLinks.id, linkId)).for('update');
        if (!link) throw noSuch('account link', linkId);
        if (link.usedAt || link.expiresAt <= now) return link.refreshUrl;
        await tx.update(localPayAccountLinks).set({ usedAt: now }).where(eq(localPayAccountLinks.id, linkId));
        const dob = new Date(`${answers.dob}T00:00:00Z`);
        const adult = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
        const ok = !Number.isNaN(dob.getTime()) && dob <= adult;
        await tx
          .update(localPayAccounts)
          .set(
            ok
              ? { status: 'verificationSuccess', currentlyDue: [], errors: [], verifiedAs: { name: answers.name, dob: answers.dob } }
              : { status: 'verificationError', errors: ['The date of birth does not show an adult (18 or over).'] },
          )
          .where(eq(localPayAccounts.id, link.accountId));
        await queueWebhook(tx, 'account.updated', { id: link.accountId });
        return link.returnUrl;
      });
    },

    async createCustomer(input: { userId: string; email: string; name: string; idempotencyKey: string }) {
      return madeOnce(
        () =>
          db
            .insert(localPayCustomers)
            .values({ id: newId('cus'), ...input })
            .onConflictDoNothing({ target: localPayCustomers.idempotencyKey })
            .returning({ id: localPayCustomers.id }),
        () => db.select({ id: localPayCustomers.id }).from(localPayCustomers).where(eq(localPayCustomers.idempotencyKey, input.idempotencyKey)),
      );
    },

    async listPaymentMethods(customerId: string): Promise<CustomerPaymentMethods> {
      const [customer] = await db.select().from(localPayCustomers).where(eq(localPayCustomers.id, customerId));
      if (!customer) throw noSuch('customer', customerId);
      const rows = await db.select().from(localPayPaymentMethods).where(eq(localPayPaymentMethods.customerId, customerId)).orderBy(localPayPaymentMethods.createdAt);
      return { methods: rows.map(cardData), defaultPaymentMethodId: customer.defaultPaymentMethodId };
    },

    async attachPaymentMethod(customerId: string, paymentMethodId: string): Promise<SavedCardData> {
      const [pm] = await db.select().from(localPayPaymentMethods).where(eq(localPayPaymentMethods.id, paymentMethodId));
      if (!pm || (pm.customerId && pm.customerId !== customerId)) throw noSuch('payment method', paymentMethodId);
      if (!pm.customerId) await db.update(localPayPaymentMethods).set({ customerId }).where(eq(localPayPaymentMethods.id, paymentMethodId));
      return cardData(pm);
    },

    async detachPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [pm] = await tx
          .update(localPayPaymentMethods)
          .set({ customerId: null })
          .where(and(eq(localPayPaymentMethods.id, paymentMethodId), eq(localPayPaymentMethods.customerId, customerId)))
          .returning();
        if (!pm) throw noSuch('payment method', paymentMethodId);
        await tx
          .update(localPayCustomers)
          .set({ defaultPaymentMethodId: null })
          .where(and(eq(localPayCustomers.id, customerId), eq(localPayCustomers.defaultPaymentMethodId, paymentMethodId)));
      });
    },

    async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
      const [pm] = await db.select().from(localPayPaymentMethods).where(and(eq(localPayPaymentMethods.id, paymentMethodId), eq(localPayPaymentMethods.customerId, customerId)));
      if (!pm) throw noSuch('payment method', paymentMethodId);
      await db.update(localPayCustomers).set({ defaultPaymentMethodId: paymentMethodId }).where(eq(localPayCustomers.id, customerId));
    },
  };
}

export function cardData(pm: typeof localPayPaymentMethods.$inferSelect): SavedCardData {
  return { id: pm.id, brand: pm.brand, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear };
}

/** A card entered on a hosted page becomes a payment method (the number itself is gone after this). */
export async function storeCard(tx: Tx, card: CheckedCard, customerId: string | null): Promise<string> {
  const id = newId('pm');
  await tx.insert(localPayPaymentMethods).values({ id, customerId, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, outcome: card.outcome });
  if (customerId) {
    // The first saved card becomes the default.
    const [customer] = await tx.select().from(localPayCustomers).where(eq(localPayCustomers.id, customerId));
    if (customer && !customer.defaultPaymentMethodId) await tx.update(localPayCustomers).set({ defaultPaymentMethodId: id }).where(eq(localPayCustomers.id, customerId));
  }
  return id;
}

/** Demo data: a connected account that is verified already, with a masked bank account. */
export async function seedVerifiedAccount(tx: Tx, input: { userId: string; email: string; country: string; currency: string; last4: string }): Promise<PayoutAccountData> {
  const [row] = await tx
    .insert(localPayAccounts)
    .values({
      id: newId('acct'),
      userId: input.userId,
      email: input.email,
      accountType: 'company',
      country: input.country,
      defaultCurrency: input.currency,
      businessProfileURL: null,
      businessProfileMCC: '5734',
      bankAccount: { last4: input.last4, country: input.country, currency: input.currency, bankName: null },
      status: 'verificationSuccess',
      currentlyDue: [],
      errors: [],
      verifiedAs: { name: 'Demo seller', dob: '1980-01-01' },
    })
    .returning();
  return accountData(row!);
}
