import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/index.ts';
import { localPayLedger } from './local.schema.ts';
import { newId } from './local-webhooks.ts';

/**
 * The local provider's double-entry ledger. Each movement is one entry whose
 * lines sum to zero, so the books always reconcile: what came from cards
 * equals what is held, what sellers hold, what went to their banks and what
 * went back to cards.
 */

export const LEDGER = {
  cards: 'external:cards',
  held: 'platform:held',
  seller: (accountId: string) => `seller:${accountId}`,
  bank: (accountId: string) => `external:bank:${accountId}`,
} as const;

type Kind = (typeof localPayLedger.$inferInsert)['kind'];

export async function postEntry(
  tx: Tx,
  entry: { kind: Kind; from: string; to: string; amount: number; currency: string; paymentIntentId: string; transactionId: string | null },
) {
  const entryId = newId('le');
  const base = { entryId, kind: entry.kind, currency: entry.currency, paymentIntentId: entry.paymentIntentId, transactionId: entry.transactionId };
  await tx.insert(localPayLedger).values([
    { ...base, account: entry.from, amount: -entry.amount },
    { ...base, account: entry.to, amount: entry.amount },
  ]);
}

export interface LedgerSummary {
  /** Balance per account and currency (signed: external accounts go negative as money flows in from them). */
  balances: { account: string; currency: string; balance: number }[];
  /** Sum of every line per currency: zero when the books reconcile. */
  totals: { currency: string; sum: number }[];
  /** Entries whose lines do not sum to zero (none in sound books). */
  unbalancedEntries: string[];
}

export async function ledgerSummary(tx: Tx): Promise<LedgerSummary> {
  const balances = await tx
    .select({ account: localPayLedger.account, currency: localPayLedger.currency, balance: sql<string>`sum(${localPayLedger.amount})` })
    .from(localPayLedger)
    .groupBy(localPayLedger.account, localPayLedger.currency)
    .orderBy(localPayLedger.account);
  const totals = await tx
    .select({ currency: localPayLedger.currency, sum: sql<string>`sum(${localPayLedger.amount})` })
    .from(localPayLedger)
    .groupBy(localPayLedger.currency);
  const unbalanced = await tx
    .select({ entryId: localPayLedger.entryId })
    .from(localPayLedger)
    .groupBy(localPayLedger.entryId)
    .having(sql`sum(${localPayLedger.amount}) <> 0`);
  return {
    balances: balances.map((b) => ({ account: b.account, currency: b.currency, balance: Number(b.balance) })),
    totals: totals.map((t) => ({ currency: t.currency, sum: Number(t.sum) })),
    unbalancedEntries: unbalanced.map((u) => u.entryId),
  };
}
