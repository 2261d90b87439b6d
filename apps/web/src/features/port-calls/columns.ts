import type { PortCall } from '@harbor/contracts';
import { portCallPlace } from '@harbor/contracts/port-call-constants';
import { aisShipTypeLabel, navigationStatusKey } from '@harbor/contracts/vessel-constants';
import { formatDateTime } from '../../shared/i18n/format.ts';

/**
 * The columns of the port-calls table (marketplace-buyer.md section 3, "Ship
 * and port-call rows"): what each shows, how it sorts, and which are on by
 * default. Pure, so sorting and persistence are unit-tested without a browser.
 */
export type Translate = (key: string) => string;

export interface Column {
  id: string;
  /** Sort key: numbers (dates as ms) or text; null sorts last. */
  sortValue: (c: PortCall) => number | string | null;
  render: (c: PortCall, t: Translate) => string;
  numeric?: boolean;
}

const dash = '-';
const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? dash : String(v));
const num = (v: number | null | undefined, digits = 0) => (v === null || v === undefined ? dash : v.toFixed(digits));
const time = (v: string | null) => (v ? formatDateTime(v) : dash);
const ms = (v: string | null) => (v ? Date.parse(v) : null);
const pair = (a: number | null, b: number | null, digits = 0) =>
  a === null && b === null ? dash : `${num(a, digits)} / ${num(b, digits)}`;

/** In table order: the call's times and place first (what the page is for), then the ship. */
export const COLUMNS: Column[] = [
  { id: 'shipName', sortValue: (c) => c.ship.name ?? c.shipName, render: (c) => text(c.ship.name ?? c.shipName) },
  { id: 'eta', sortValue: (c) => ms(c.eta), render: (c) => time(c.eta) },
  { id: 'ata', sortValue: (c) => ms(c.ata), render: (c) => time(c.ata) },
  { id: 'etd', sortValue: (c) => ms(c.etd), render: (c) => time(c.etd) },
  { id: 'place', sortValue: (c) => portCallPlace(c)?.name ?? null, render: (c) => text(portCallPlace(c)?.name) },
  { id: 'from', sortValue: (c) => c.prevPort, render: (c) => text(c.prevPort) },
  { id: 'next', sortValue: (c) => c.nextPort, render: (c) => text(c.nextPort) },
  { id: 'pcId', sortValue: (c) => c.pcId, render: (c) => text(c.pcId) },
  { id: 'imo', sortValue: (c) => c.ship.imo, render: (c) => text(c.ship.imo), numeric: true },
  { id: 'mmsi', sortValue: (c) => c.ship.mmsi, render: (c) => text(c.ship.mmsi), numeric: true },
  { id: 'callSign', sortValue: (c) => c.ship.callSign, render: (c) => text(c.ship.callSign) },
  { id: 'flag', sortValue: (c) => c.ship.flag, render: (c) => text(c.ship.flag) },
  {
    id: 'type',
    sortValue: (c) => c.ship.shipType,
    render: (c, t) => (c.ship.shipType === null ? dash : t(`vessels:aisShipType.${aisShipTypeLabel(c.ship.shipType)}`)),
  },
  { id: 'buildYear', sortValue: (c) => c.ship.buildYear, render: (c) => text(c.ship.buildYear), numeric: true },
  { id: 'dwt', sortValue: (c) => c.ship.capacityDwt, render: (c) => num(c.ship.capacityDwt), numeric: true },
  { id: 'gtNt', sortValue: (c) => c.ship.capacityGt, render: (c) => pair(c.ship.capacityGt, c.ship.capacityNt), numeric: true },
  { id: 'length', sortValue: (c) => c.ship.length, render: (c) => num(c.ship.length), numeric: true },
  { id: 'width', sortValue: (c) => c.ship.width, render: (c) => num(c.ship.width), numeric: true },
  {
    id: 'draught',
    sortValue: (c) => c.ship.draughtMax ?? c.ship.draught,
    // Without registry min/max the reported draught is the best there is, shown for both.
    render: (c) => pair(c.ship.draughtMin ?? c.ship.draught, c.ship.draughtMax ?? c.ship.draught, 1),
    numeric: true,
  },
  { id: 'speed', sortValue: (c) => c.ship.speed, render: (c) => num(c.ship.speed, 1), numeric: true },
  { id: 'course', sortValue: (c) => c.ship.course, render: (c) => num(c.ship.course), numeric: true },
  {
    id: 'navStatus',
    sortValue: (c) => c.ship.navigationStatus,
    render: (c, t) => {
      const key = navigationStatusKey(c.ship.navigationStatus);
      return key ? t(`vessels:navigationStatus.${key}`) : dash;
    },
  },
  { id: 'owner', sortValue: (c) => c.ship.owner, render: (c) => text(c.ship.owner) },
  { id: 'manager', sortValue: (c) => c.ship.manager, render: (c) => text(c.ship.manager) },
  { id: 'classSociety', sortValue: (c) => c.ship.classSociety, render: (c) => text(c.ship.classSociety) },
  { id: 'voyage', sortValue: (c) => c.ship.voyage, render: (c) => text(c.ship.voyage) },
  // The call's own predicted ETA (to this port) first; the ship-level one only when the call has none.
  { id: 'harborEta', sortValue: (c) => ms(c.etaPrediction ?? c.ship.harborEta), render: (c) => time(c.etaPrediction ?? c.ship.harborEta) },
  {
    id: 'source',
    sortValue: (c) => c.source,
    render: (c, t) => c.sources.map((s) => t(`port-calls:sources.${s}`)).join(', '),
  },
];

export const DEFAULT_COLUMNS = ['shipName', 'eta', 'ata', 'etd', 'place', 'from', 'next', 'pcId', 'imo', 'mmsi', 'flag', 'type', 'length', 'draught', 'navStatus'];

export interface SortState {
  column: string;
  direction: 'asc' | 'desc';
}

export const DEFAULT_SORT: SortState = { column: 'eta', direction: 'asc' };

/** Sorted copy; unknown values always last, whatever the direction. */
export function sortCalls(calls: PortCall[], sort: SortState): PortCall[] {
  const col = COLUMNS.find((c) => c.id === sort.column) ?? COLUMNS[0]!;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...calls].sort((a, b) => {
    const x = col.sortValue(a);
    const y = col.sortValue(b);
    if (x === null || x === '') return y === null || y === '' ? 0 : 1;
    if (y === null || y === '') return -1;
    const d = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return d * sign;
  });
}

export const COLUMNS_STORAGE_KEY = 'harbor.portCalls.columns';

/** The chosen columns, in table order; unknown ids (an older version's) are dropped. */
export function readColumns(storage: Pick<Storage, 'getItem'> | null): string[] {
  try {
    const stored = JSON.parse(storage?.getItem(COLUMNS_STORAGE_KEY) ?? 'null') as unknown;
    if (!Array.isArray(stored)) return DEFAULT_COLUMNS;
    const ids = COLUMNS.map((c) => c.id).filter((id) => stored.includes(id));
    return ids.length ? ids : DEFAULT_COLUMNS;
  } catch {
    return DEFAULT_COLUMNS;
  }
}

export function writeColumns(storage: Pick<Storage, 'setItem'> | null, ids: string[]) {
  try {
    storage?.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or disabled: the choice lasts until reload.
  }
}

export const SORT_STORAGE_KEY = 'harbor.portCalls.sort';

/** The last sort chosen, like the columns; an unknown column or direction falls back to the default. */
export function readSort(storage: Pick<Storage, 'getItem'> | null): SortState {
  try {
    const stored = JSON.parse(storage?.getItem(SORT_STORAGE_KEY) ?? 'null') as Partial<SortState> | null;
    const known = COLUMNS.some((c) => c.id === stored?.column);
    if (!stored || !known || (stored.direction !== 'asc' && stored.direction !== 'desc')) return DEFAULT_SORT;
    return { column: stored.column!, direction: stored.direction };
  } catch {
    return DEFAULT_SORT;
  }
}

export function writeSort(storage: Pick<Storage, 'setItem'> | null, sort: SortState) {
  try {
    storage?.setItem(SORT_STORAGE_KEY, JSON.stringify(sort));
  } catch {
    // Storage full or disabled: the choice lasts until reload.
  }
}
