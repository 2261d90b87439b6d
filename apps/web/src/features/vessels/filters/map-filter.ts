import { HARBOR_SHIP_TYPES, NAVIGATION_STATUSES, type HarborShipType } from '@harbor/contracts/vessel-constants';
import type { MapShipFilter } from '../ship-feed.ts';

/** Statuses the filter offers: every code but the reserved ones (9, 10, 13), which no ship should send. */
export const FILTER_NAVIGATION_STATUSES: readonly number[] = NAVIGATION_STATUSES.filter((s) => s.key !== 'reserved').map((s) => s.code);

/**
 * What the panel holds: the categories and statuses shown. A full list is sent
 * as no filter at all (ships without a status stay visible then).
 */
export interface MapFilterChoice {
  harborShipTypes: HarborShipType[];
  navigationStatuses: number[];
}

export const ALL_SHIPS: MapFilterChoice = { harborShipTypes: [...HARBOR_SHIP_TYPES], navigationStatuses: [...FILTER_NAVIGATION_STATUSES] };

export function isFiltering(choice: MapFilterChoice): boolean {
  return choice.harborShipTypes.length < HARBOR_SHIP_TYPES.length || choice.navigationStatuses.length < FILTER_NAVIGATION_STATUSES.length;
}

/** The request's filter: only the lists that leave something out. */
export function feedFilterOf(choice: MapFilterChoice): MapShipFilter {
  const out: MapShipFilter = {};
  if (choice.harborShipTypes.length < HARBOR_SHIP_TYPES.length) out.harborShipTypes = choice.harborShipTypes;
  if (choice.navigationStatuses.length < FILTER_NAVIGATION_STATUSES.length) out.navigationStatuses = choice.navigationStatuses;
  return out;
}

/** Turns one entry on or off; the last entry of a list stays on (an empty list would mean "every ship" to the API). */
export function toggled<T>(list: readonly T[], item: T, order: readonly T[]): T[] {
  if (list.includes(item)) return list.length > 1 ? list.filter((x) => x !== item) : [...list];
  return order.filter((x) => x === item || list.includes(x));
}

// Remembered per user in this browser: the server keeps no map settings yet.
const KEY_PREFIX = 'harbor.map.filter.';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The user's stored choice, or every ship; anything unreadable or unknown in storage is dropped. */
export function readStoredFilter(userId: string | null): MapFilterChoice {
  if (!userId) return ALL_SHIPS;
  try {
    const raw = JSON.parse(storage()?.getItem(KEY_PREFIX + userId) ?? 'null') as Partial<MapFilterChoice> | null;
    if (!raw) return ALL_SHIPS;
    const types = HARBOR_SHIP_TYPES.filter((t) => raw.harborShipTypes?.includes(t));
    const statuses = FILTER_NAVIGATION_STATUSES.filter((s) => raw.navigationStatuses?.includes(s));
    return { harborShipTypes: types.length ? types : ALL_SHIPS.harborShipTypes, navigationStatuses: statuses.length ? statuses : ALL_SHIPS.navigationStatuses };
  } catch {
    return ALL_SHIPS;
  }
}

export function storeFilter(userId: string | null, choice: MapFilterChoice): void {
  if (!userId) return;
  const s = storage();
  if (!isFiltering(choice)) s?.removeItem(KEY_PREFIX + userId);
  else s?.setItem(KEY_PREFIX + userId, JSON.stringify(choice));
}
