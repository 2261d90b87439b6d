import {
  ORDER_TABS,
  PROCESSES,
  type OrderTab,
  type ProcessAlias,
  type ProcessGraph,
  type ProcessStateInfo,
  type StateChip,
  type TransactionState,
} from '@harbor/contracts/processes';

/**
 * What the orders pages read from the process graphs (contracts/processes.ts):
 * labels, chips and tabs come from the graph's state table, never from a
 * switch here, so a state added to a graph shows up everywhere at once.
 */

/** Chip styles of the spec: initiate (info), progress (success), reject (error). */
export const CHIP_COLORS = { initiate: 'info', progress: 'success', reject: 'error' } as const satisfies Record<StateChip, string>;

export function graphOf(alias: ProcessAlias): ProcessGraph {
  return PROCESSES[alias];
}

/** The graph's displayed info for a state; states the graph does not list (initial) show as a fresh order. */
export function stateInfo(alias: ProcessAlias, state: TransactionState): ProcessStateInfo {
  return graphOf(alias).states[state] ?? { label: 'states.initial', chip: 'initiate', flag: 0, tab: null };
}

/** The orders page's tabs (spec order: All, OpenAcceptance, OpenDelivery, Cancelled, Completed, Reviewing). */
export const ORDER_PAGE_TABS: readonly OrderTab[] = ORDER_TABS;

export function parseTab(value: string | null): OrderTab {
  return (ORDER_TABS as readonly string[]).includes(value ?? '') ? (value as OrderTab) : 'all';
}

/**
 * The table's filters (spec: all; open-acceptance; open-delivery; completed;
 * denied and cancelled), each the union of graph tabs whose states it shows.
 * Declined and cancelled share the graph's `cancelled` tab, hence one filter.
 */
export const TABLE_FILTERS = {
  all: null,
  'open-acceptance': ['open-acceptance'],
  'open-delivery': ['open-delivery'],
  completed: ['completed'],
  'denied-cancelled': ['cancelled'],
} as const satisfies Record<string, readonly Exclude<OrderTab, 'all'>[] | null>;
export type TableFilter = keyof typeof TABLE_FILTERS;

export function parseFilter(value: string | null): TableFilter {
  return value && Object.hasOwn(TABLE_FILTERS, value) ? (value as TableFilter) : 'all';
}

/** Whether a row in this state passes the table filter (the state's tab in its own process decides). */
export function passesFilter(filter: TableFilter, alias: ProcessAlias, state: TransactionState): boolean {
  const tabs = TABLE_FILTERS[filter];
  if (!tabs) return true;
  const tab = stateInfo(alias, state).tab;
  return tab !== null && (tabs as readonly string[]).includes(tab);
}

/** Every state of both processes that a tab lists (for tests and for telling the server's answer apart). */
export function statesOfTab(tab: OrderTab): { alias: ProcessAlias; state: TransactionState }[] {
  return Object.values(PROCESSES).flatMap((graph) =>
    Object.entries(graph.states)
      .filter(([, info]) => tab === 'all' || info?.tab === tab)
      .map(([state]) => ({ alias: graph.alias, state: state as TransactionState })),
  );
}
