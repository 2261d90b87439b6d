/**
 * The marketplace's transaction processes as data (buyer spec section 4):
 * `harbor-order-simple` and `harbor-rfq-simple`. The server enforces them
 * (who may take which transition from which state, the timers, the stock
 * effects); the web app draws its buttons, dialogs, chips and tabs from them;
 * the README's diagrams are generated from them (processMermaid).
 *
 * Zod-free on purpose: the web app reads it before any schema has loaded.
 */

export const PROCESS_ALIASES = ['harbor-order-simple', 'harbor-rfq-simple'] as const;
export type ProcessAlias = (typeof PROCESS_ALIASES)[number];

/** Who takes a transition: the buyer, the seller, the marketplace operator, or the server itself (timers, payment webhooks). */
export type ProcessActor = 'customer' | 'provider' | 'operator' | 'system';

export const TRANSACTION_STATES = [
  'initial',
  'enquiry',
  'pending-payment',
  'ordered',
  'quote-requested',
  'provider-made-quote',
  'accepted',
  'declined',
  'cancelled',
  'delivering',
  'delivered',
  'disputed',
  'completed',
  'reviewed-by-customer',
  'reviewed-by-provider',
  'reviewed',
] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

/** The spec's transition names, plus the few the spec's graph needs but does not name (marked in TRANSITION_NOTES). */
export const TRANSITION_NAMES = [
  'enquire',
  'request-payment',
  'request-payment-after-enquiry',
  'order',
  'order-after-enquiry',
  'confirm-payment',
  'cancel-payment',
  'accept',
  'decline',
  'cancel-ordered',
  'cancel-accepted',
  'start-delivery',
  'cancel-delivering',
  'finish-delivery',
  'mark-received',
  'auto-complete',
  'dispute',
  'resolve-dispute-complete',
  'resolve-dispute-cancel',
  'review-1-by-provider',
  'review-1-by-customer',
  'review-2-by-provider',
  'review-2-by-customer',
  'expire-customer-review-period',
  'expire-provider-review-period',
  'expire-review-period',
  'request-for-quote',
  'provider-quote',
  'provider-decline',
  'cancel-request-for-quote',
  'customer-quote-request-expired',
  'customer-accept',
  'customer-decline',
  'provider-quote-expired',
] as const;
export type TransitionName = (typeof TRANSITION_NAMES)[number];

/** Names not in the spec's list, and why they exist. */
export const TRANSITION_NOTES: Partial<Record<TransitionName, string>> = {
  'order-after-enquiry': 'an offline order after an enquiry (the spec names only the online one, request-payment-after-enquiry)',
  'cancel-ordered': 'the buyer or the operator cancels an order the seller has not answered yet',
  'mark-received': 'the buyer confirms delivery (issue 14); auto-complete does the same when the period lapses',
  dispute: 'the buyer disputes a delivered order with a reason',
  'resolve-dispute-complete': 'the operator closes a dispute in the seller’s favour',
  'resolve-dispute-cancel': 'the operator closes a dispute by cancelling the order',
};

/** Durations a timed transition waits for, counted from entering its `from` state; the server maps each to a setting. */
export type TimerPeriod = 'payment-window' | 'quote-request' | 'quote-validity' | 'auto-complete' | 'review-period';

/** Parameters a transition takes (buyer spec section 7: transition params). */
export type TransitionParam = 'comment' | 'negotiatedTotal' | 'negotiatedDeliveryCharge' | 'validUntil' | 'reviewRating' | 'reviewContent' | 'reason';

/** What a transition does beyond moving the state. */
export type TransitionEffect =
  /** take the ordered quantity from the listing's stock (refused when short) */
  | 'reserve-stock'
  /** give a reservation back */
  | 'release-stock'
  /** the negotiated quote replaces the line items */
  | 'apply-quote'
  /** line items get reversals (a cancelled or declined order owes nothing) */
  | 'reverse-line-items'
  /** a review is recorded for the other side */
  | 'record-review';

/** How the order page offers a transition (buyer spec section 4, workflow item kinds). */
export type WorkflowKind = 'transition-button' | 'dialog-button' | 'custom-dialog-button';

export interface ProcessTransition {
  name: TransitionName;
  from: TransactionState;
  to: TransactionState;
  actors: readonly ProcessActor[];
  /** Required parameters; others may be given. */
  requires?: readonly TransitionParam[];
  accepts?: readonly TransitionParam[];
  /** A timed transition: the system takes it this long after entering `from` (quote validity: at protectedData.validUntil). */
  after?: TimerPeriod;
  effects?: readonly TransitionEffect[];
  /** How a person takes it on the order page (absent: not offered as a button). */
  workflow?: WorkflowKind;
  /** A transition that starts a transaction (from `initial`). */
  initiates?: boolean;
  /** Colour of the button: a step forward or a refusal. */
  tone?: 'primary' | 'danger';
}

/** Chip styles (buyer spec section 4): initiate (info), progress (success), reject (error). */
export type StateChip = 'initiate' | 'progress' | 'reject';

/** Order-state bit flags (buyer spec section 4). */
export const ORDER_STATE_FLAGS = { ordered: 1, accepted: 16, delivering: 256, delivered: 4096, declined: 65536, cancelled: 1048576 } as const;

/** The orders page's tabs and table filters (buyer spec section 4). */
export const ORDER_TABS = ['all', 'open-acceptance', 'open-delivery', 'cancelled', 'completed', 'reviewing'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export interface ProcessStateInfo {
  /** i18n key in the transactions namespace, e.g. states.ordered (the displayed order states of the spec). */
  label: string;
  chip: StateChip;
  /** The bit flag the state is reported with; 0 where the spec gives none. */
  flag: number;
  /** The tab it is listed under besides All. */
  tab: Exclude<OrderTab, 'all'> | null;
  final?: boolean;
}

export interface ProcessGraph {
  alias: ProcessAlias;
  /** The process's name and version, as transactions record them. */
  name: 'order-simple' | 'rfq-simple';
  version: 1;
  states: Partial<Record<TransactionState, ProcessStateInfo>>;
  transitions: readonly ProcessTransition[];
}

const reviewStates = {
  completed: { label: 'states.completed', chip: 'progress', flag: ORDER_STATE_FLAGS.delivered, tab: 'reviewing' },
  'reviewed-by-customer': { label: 'states.reviewedByCustomer', chip: 'progress', flag: ORDER_STATE_FLAGS.delivered, tab: 'reviewing' },
  'reviewed-by-provider': { label: 'states.reviewedByProvider', chip: 'progress', flag: ORDER_STATE_FLAGS.delivered, tab: 'reviewing' },
  reviewed: { label: 'states.reviewed', chip: 'progress', flag: ORDER_STATE_FLAGS.delivered, tab: 'completed', final: true },
} as const satisfies Partial<Record<TransactionState, ProcessStateInfo>>;

/** After acceptance both processes run the same delivery steps. */
const deliverySteps = [
  { name: 'start-delivery', from: 'accepted', to: 'delivering', actors: ['provider'], workflow: 'transition-button', tone: 'primary' },
  {
    name: 'cancel-accepted',
    from: 'accepted',
    to: 'cancelled',
    actors: ['provider', 'customer', 'operator'],
    requires: ['comment'],
    effects: ['release-stock', 'reverse-line-items'],
    workflow: 'dialog-button',
    tone: 'danger',
  },
  { name: 'finish-delivery', from: 'delivering', to: 'delivered', actors: ['provider'], workflow: 'transition-button', tone: 'primary' },
  {
    name: 'cancel-delivering',
    from: 'delivering',
    to: 'cancelled',
    actors: ['provider', 'operator'],
    requires: ['comment'],
    effects: ['release-stock', 'reverse-line-items'],
    workflow: 'dialog-button',
    tone: 'danger',
  },
] as const satisfies readonly ProcessTransition[];

export const ORDER_PROCESS: ProcessGraph = {
  alias: 'harbor-order-simple',
  name: 'order-simple',
  version: 1,
  states: {
    enquiry: { label: 'states.enquiry', chip: 'initiate', flag: 0, tab: null },
    'pending-payment': { label: 'states.pendingPayment', chip: 'initiate', flag: 0, tab: 'open-acceptance' },
    ordered: { label: 'states.ordered', chip: 'initiate', flag: ORDER_STATE_FLAGS.ordered, tab: 'open-acceptance' },
    accepted: { label: 'states.accepted', chip: 'progress', flag: ORDER_STATE_FLAGS.accepted, tab: 'open-delivery' },
    declined: { label: 'states.declined', chip: 'reject', flag: ORDER_STATE_FLAGS.declined, tab: 'cancelled', final: true },
    cancelled: { label: 'states.cancelled', chip: 'reject', flag: ORDER_STATE_FLAGS.cancelled, tab: 'cancelled', final: true },
    delivering: { label: 'states.delivering', chip: 'progress', flag: ORDER_STATE_FLAGS.delivering, tab: 'open-delivery' },
    delivered: { label: 'states.delivered', chip: 'progress', flag: ORDER_STATE_FLAGS.delivered, tab: 'open-delivery' },
    disputed: { label: 'states.disputed', chip: 'reject', flag: ORDER_STATE_FLAGS.delivered, tab: 'open-delivery' },
    ...reviewStates,
  },
  transitions: [
    { name: 'enquire', from: 'initial', to: 'enquiry', actors: ['customer'], requires: ['comment'], initiates: true },
    { name: 'order', from: 'initial', to: 'ordered', actors: ['customer'], accepts: ['comment'], effects: ['reserve-stock'], initiates: true },
    { name: 'request-payment', from: 'initial', to: 'pending-payment', actors: ['customer'], accepts: ['comment'], effects: ['reserve-stock'], initiates: true },
    { name: 'order-after-enquiry', from: 'enquiry', to: 'ordered', actors: ['customer'], effects: ['reserve-stock'], workflow: 'transition-button', tone: 'primary' },
    { name: 'request-payment-after-enquiry', from: 'enquiry', to: 'pending-payment', actors: ['customer'], effects: ['reserve-stock'] },
    { name: 'confirm-payment', from: 'pending-payment', to: 'ordered', actors: ['system'] },
    {
      name: 'cancel-payment',
      from: 'pending-payment',
      to: 'cancelled',
      actors: ['system', 'customer', 'operator'],
      after: 'payment-window',
      effects: ['release-stock', 'reverse-line-items'],
      workflow: 'transition-button',
      tone: 'danger',
    },
    { name: 'accept', from: 'ordered', to: 'accepted', actors: ['provider'], workflow: 'transition-button', tone: 'primary' },
    {
      name: 'decline',
      from: 'ordered',
      to: 'declined',
      actors: ['provider'],
      accepts: ['comment'],
      effects: ['release-stock', 'reverse-line-items'],
      workflow: 'dialog-button',
      tone: 'danger',
    },
    {
      name: 'cancel-ordered',
      from: 'ordered',
      to: 'cancelled',
      actors: ['customer', 'operator'],
      requires: ['comment'],
      effects: ['release-stock', 'reverse-line-items'],
      workflow: 'dialog-button',
      tone: 'danger',
    },
    ...deliverySteps,
    { name: 'mark-received', from: 'delivered', to: 'completed', actors: ['customer'], workflow: 'transition-button', tone: 'primary' },
    { name: 'auto-complete', from: 'delivered', to: 'completed', actors: ['system'], after: 'auto-complete' },
    { name: 'dispute', from: 'delivered', to: 'disputed', actors: ['customer'], requires: ['reason'], workflow: 'custom-dialog-button', tone: 'danger' },
    { name: 'resolve-dispute-complete', from: 'disputed', to: 'completed', actors: ['operator'], requires: ['comment'] },
    {
      name: 'resolve-dispute-cancel',
      from: 'disputed',
      to: 'cancelled',
      actors: ['operator'],
      requires: ['comment'],
      effects: ['reverse-line-items'],
    },
    { name: 'review-1-by-customer', from: 'completed', to: 'reviewed-by-customer', actors: ['customer'], requires: ['reviewRating', 'reviewContent'], effects: ['record-review'], workflow: 'custom-dialog-button' },
    { name: 'review-1-by-provider', from: 'completed', to: 'reviewed-by-provider', actors: ['provider'], requires: ['reviewRating', 'reviewContent'], effects: ['record-review'], workflow: 'custom-dialog-button' },
    { name: 'review-2-by-customer', from: 'reviewed-by-provider', to: 'reviewed', actors: ['customer'], requires: ['reviewRating', 'reviewContent'], effects: ['record-review'], workflow: 'custom-dialog-button' },
    { name: 'review-2-by-provider', from: 'reviewed-by-customer', to: 'reviewed', actors: ['provider'], requires: ['reviewRating', 'reviewContent'], effects: ['record-review'], workflow: 'custom-dialog-button' },
    { name: 'expire-review-period', from: 'completed', to: 'reviewed', actors: ['system'], after: 'review-period' },
    { name: 'expire-customer-review-period', from: 'reviewed-by-provider', to: 'reviewed', actors: ['system'], after: 'review-period' },
    { name: 'expire-provider-review-period', from: 'reviewed-by-customer', to: 'reviewed', actors: ['system'], after: 'review-period' },
  ],
};

export const RFQ_PROCESS: ProcessGraph = {
  alias: 'harbor-rfq-simple',
  name: 'rfq-simple',
  version: 1,
  states: {
    'quote-requested': { label: 'states.quoteRequested', chip: 'initiate', flag: ORDER_STATE_FLAGS.ordered, tab: 'open-acceptance' },
    'provider-made-quote': { label: 'states.quoteMade', chip: 'initiate', flag: ORDER_STATE_FLAGS.ordered, tab: 'open-acceptance' },
    accepted: { label: 'states.quoteAccepted', chip: 'progress', flag: ORDER_STATE_FLAGS.accepted, tab: 'open-delivery' },
    declined: { label: 'states.declined', chip: 'reject', flag: ORDER_STATE_FLAGS.declined, tab: 'cancelled', final: true },
    cancelled: { label: 'states.cancelled', chip: 'reject', flag: ORDER_STATE_FLAGS.cancelled, tab: 'cancelled', final: true },
    delivering: { label: 'states.delivering', chip: 'progress', flag: ORDER_STATE_FLAGS.delivering, tab: 'open-delivery' },
    // Delivered is final in the RFQ process (buyer spec section 4).
    delivered: { label: 'states.delivered', chip: 'progress', flag: ORDER_STATE_FLAGS.delivered, tab: 'completed', final: true },
  },
  transitions: [
    { name: 'request-for-quote', from: 'initial', to: 'quote-requested', actors: ['customer'], accepts: ['comment'], initiates: true },
    {
      name: 'provider-quote',
      from: 'quote-requested',
      to: 'provider-made-quote',
      actors: ['provider'],
      requires: ['negotiatedTotal', 'validUntil'],
      accepts: ['negotiatedDeliveryCharge', 'comment'],
      effects: ['apply-quote'],
      workflow: 'custom-dialog-button',
      tone: 'primary',
    },
    { name: 'provider-decline', from: 'quote-requested', to: 'declined', actors: ['provider'], accepts: ['comment'], effects: ['reverse-line-items'], workflow: 'dialog-button', tone: 'danger' },
    {
      name: 'cancel-request-for-quote',
      from: 'quote-requested',
      to: 'cancelled',
      actors: ['customer', 'operator'],
      accepts: ['comment'],
      effects: ['reverse-line-items'],
      workflow: 'dialog-button',
      tone: 'danger',
    },
    { name: 'customer-quote-request-expired', from: 'quote-requested', to: 'cancelled', actors: ['system'], after: 'quote-request', effects: ['reverse-line-items'] },
    { name: 'customer-accept', from: 'provider-made-quote', to: 'accepted', actors: ['customer'], effects: ['reserve-stock'], workflow: 'custom-dialog-button', tone: 'primary' },
    { name: 'customer-decline', from: 'provider-made-quote', to: 'declined', actors: ['customer'], accepts: ['comment'], effects: ['reverse-line-items'], workflow: 'dialog-button', tone: 'danger' },
    { name: 'provider-quote-expired', from: 'provider-made-quote', to: 'cancelled', actors: ['system', 'operator'], after: 'quote-validity', effects: ['reverse-line-items'] },
    ...deliverySteps,
  ],
};

export const PROCESSES: Record<ProcessAlias, ProcessGraph> = { 'harbor-order-simple': ORDER_PROCESS, 'harbor-rfq-simple': RFQ_PROCESS };

/** The transitions an actor may take from a state (for the server's check and the order page's buttons). */
export function transitionsFrom(graph: ProcessGraph, state: TransactionState, actor?: ProcessActor): ProcessTransition[] {
  return graph.transitions.filter((t) => t.from === state && (!actor || t.actors.includes(actor)));
}

export function findTransition(graph: ProcessGraph, state: TransactionState, name: TransitionName): ProcessTransition | undefined {
  return graph.transitions.find((t) => t.from === state && t.name === name);
}

/** A Mermaid state diagram of a process, as the README shows it (a test keeps the README in step). */
export function processMermaid(graph: ProcessGraph): string {
  const id = (s: TransactionState) => (s === 'initial' ? '[*]' : s.replace(/-/g, '_'));
  const lines = ['stateDiagram-v2'];
  for (const t of graph.transitions) {
    const who = t.actors.join(', ');
    const timer = t.after ? `, after ${t.after}` : '';
    lines.push(`    ${id(t.from)} --> ${id(t.to)}: ${t.name} (${who}${timer})`);
  }
  for (const [state, info] of Object.entries(graph.states)) if (info?.final) lines.push(`    ${id(state as TransactionState)} --> [*]`);
  return lines.join('\n');
}
