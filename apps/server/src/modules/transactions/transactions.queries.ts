import {
  pageMeta,
  PROCESSES,
  SALES_NOTIFICATION_TRANSITIONS,
  SALES_NOTIFICATIONS_PER_PAGE,
  type LineItemsBody,
  type LineItemsResponse,
  type OperatorTransactionsQuery,
  type OrderTab,
  type ProcessAlias,
  type SalesNotificationsResponse,
  type TransactionPage,
  type TransactionsQuery,
  type TransactionState,
  TRANSACTION_STATES,
} from '@harbor/contracts';
import { and, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { pageJsonText } from '../../lib/json-text.ts';
import type { AccessToken } from '../auth/index.ts';
import { publicDataOf } from '../listings/index.ts';
import { displayName } from '../users/index.ts';
import { lineItemsOf, totalsOf } from './transactions.line-items.ts';
import { toTransaction } from './transactions.mapper.ts';
import * as page from './transactions.page.ts';
import * as repo from './transactions.repository.ts';
import { roleOf, validatedLine } from './transactions.service.ts';

type Auth = Pick<AccessToken, 'sub' | 'scopes'>;

/** The states a tab lists, per process (delivered is open in the order process and final in the RFQ one). */
function whereTab(tab: OrderTab): SQL | undefined {
  if (tab === 'all') return undefined;
  const parts = Object.values(PROCESSES).map((graph) => {
    const states = Object.entries(graph.states)
      .filter(([, info]) => info?.tab === tab)
      .map(([state]) => state as TransactionState);
    return repo.whereStates(graph.alias as ProcessAlias, states);
  });
  return or(...parts);
}

/**
 * GET /api/transactions: the caller's purchases (only=order), sales (only=sale) or both, newest
 * first, as the JSON text of a TransactionPage: the database writes each row (transactions.page.ts).
 */
export async function listTransactionsJson(ctx: AppContext, auth: Auth, q: TransactionsQuery): Promise<string> {
  const side = q.only ?? 'both';
  const filtered = q.tab || q.lastTransitions?.length || q.createdAtStart || q.createdAtEnd;
  // The orders table shows each row's attachments (the spec's Order row), so the list carries them.
  const { rows, total } = filtered
    ? await page.pageOfParty(
        ctx.db,
        auth.sub,
        and(
          repo.whereSide(side, auth.sub),
          q.tab ? whereTab(q.tab) : undefined,
          q.lastTransitions?.length ? repo.whereLastTransitions(q.lastTransitions) : undefined,
          repo.whereCreatedBetween(q.createdAtStart, q.createdAtEnd),
        ),
        q.page,
        q.perPage,
      )
    : await page.pageOfUser(ctx.db, auth.sub, side, q.page, q.perPage);
  return pageJsonText(rows, pageMeta(q.page, q.perPage, total));
}

/** The operator console: every transaction in a state (and process), newest first; the guard lets only the operator here. */
export async function listForOperator(ctx: AppContext, auth: Auth, q: OperatorTransactionsQuery): Promise<TransactionPage> {
  const aliases = q.processAlias ? [q.processAlias] : (Object.keys(PROCESSES) as ProcessAlias[]);
  const states: TransactionState[] = q.state ? [q.state] : [...TRANSACTION_STATES];
  const where = or(...aliases.map((alias) => repo.whereStates(alias, states)));
  const { rows, total } = await repo.pageForOperator(ctx.db, where, q.page, q.perPage);
  return {
    data: rows.map((r) => toTransaction(r, roleOf(r.t, auth) ?? 'operator')),
    meta: pageMeta(q.page, q.perPage, total),
  };
}

/** Sales notifications (section 7): the caller's sales whose last transition waits for them; page 1, 100 per page. */
export async function salesNotifications(ctx: AppContext, auth: Auth): Promise<SalesNotificationsResponse> {
  const perPage = SALES_NOTIFICATIONS_PER_PAGE;
  const { rows, total } = await repo.pageSalesByLastTransition(ctx.db, auth.sub, [...SALES_NOTIFICATION_TRANSITIONS], perPage);
  return {
    data: rows.map((r) => ({
      transactionId: r.id,
      lastTransition: r.lastTransition,
      lastTransitionedAt: r.lastTransitionedAt.toISOString(),
      state: r.state,
      listingTitle: r.listingTitle,
      customerName: displayName(r.customer),
    })),
    meta: pageMeta(1, perPage, total),
  };
}

/** POST /api/transaction-line-items: the line items placing this line would give, priced by the server. */
export async function lineItemsFor(ctx: AppContext, auth: Auth, body: LineItemsBody): Promise<LineItemsResponse> {
  const v = await validatedLine(ctx, auth, body);
  const lineItems = lineItemsOf(v.price, publicDataOf(v.row).unit);
  const totals = totalsOf(lineItems, v.price.currency);
  const money = (amount: number) => ({ amount, currency: v.price.currency });
  return { data: { lineItems, payinTotal: money(totals.payinTotal), payoutTotal: money(totals.payoutTotal) } };
}
