import {
  PROCESSES,
  type BookingState,
  type Currency,
  type ListingUnit,
  type Transaction,
  type TransactionRole,
  type TransactionState,
} from '@harbor/contracts';
import { abbreviatedName, displayName } from '../users/index.ts';
import type { JoinedTransaction } from './transactions.repository.ts';

/** The states whose booking waits for an answer. */
export const PENDING_STATES: readonly TransactionState[] = ['initial', 'enquiry', 'pending-payment', 'ordered', 'quote-requested', 'provider-made-quote'];

/** The booking's state follows the transaction's: waiting for an answer, accepted onward, or ended. */
export function bookingStateOf(state: TransactionState): BookingState {
  if (state === 'declined' || state === 'cancelled') return state;
  return PENDING_STATES.includes(state) ? 'pending' : 'accepted';
}

type Party = JoinedTransaction['customer'];
type Org = JoinedTransaction['customerOrg'];
const partyOf = (u: Party, org: Org) => ({
  id: u.id,
  displayName: displayName(u),
  abbreviatedName: abbreviatedName(u),
  organization: org ? { id: org.id, name: org.name } : null,
});

export function toTransaction(j: JoinedTransaction, role: TransactionRole): Transaction {
  const t = j.t;
  const graph = PROCESSES[t.processAlias];
  const money = (amount: number) => ({ amount, currency: t.currency as Currency });
  const start = t.bookingStart.toISOString();
  const end = t.bookingEnd.toISOString();
  return {
    id: t.id,
    processAlias: t.processAlias,
    processName: graph.name,
    processVersion: t.processVersion,
    state: t.state,
    lastTransition: t.lastTransition,
    lastTransitionedAt: t.lastTransitionedAt.toISOString(),
    createdAt: t.createdAt.toISOString(),
    quantity: t.quantity,
    lineItems: t.lineItems,
    payinTotal: money(t.payinTotal),
    payoutTotal: money(t.payoutTotal),
    transitions: j.transitions,
    metadata: t.metadata,
    protectedData: t.protectedData,
    booking: { start, end, displayStart: start, displayEnd: end, state: bookingStateOf(t.state) },
    listing: {
      id: j.listing.id,
      title: j.listing.title,
      unit: (j.listing.unit as ListingUnit | null) ?? null,
      rfqRequired: j.listing.rfqRequired,
      deleted: j.listing.deleted,
    },
    customer: partyOf(j.customer, j.customerOrg),
    provider: partyOf(j.provider, j.providerOrg),
    role,
  };
}
