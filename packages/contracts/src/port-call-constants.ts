/**
 * Zod-free part of port calls: the enums, the page's refresh interval and the
 * grouping rules. The web app imports them through
 * '@harbor/contracts/port-call-constants'; port-calls.ts re-exports them.
 */
import type { PortCall, PortCallService } from './port-calls.ts';

export const PORT_CALL_STATUSES = ['incoming', 'on-going', 'departed'] as const;
export type PortCallStatus = (typeof PORT_CALL_STATUSES)[number];

export const PORT_CALL_SOURCES = ['national-single-window', 'AIS'] as const;
export type PortCallSource = (typeof PORT_CALL_SOURCES)[number];

export const TIMESTAMP_SEQUENCES = ['commenced', 'completed'] as const;
export const TIME_TYPES = ['planned', 'estimated', 'actual'] as const;
export type TimeType = (typeof TIME_TYPES)[number];
export const PLAN_STATES = ['none', 'confirmed'] as const;
export const PORT_CALL_SERVICE_TYPES = ['berth-visit', 'anchorage-visit'] as const;
export type PortCallServiceType = (typeof PORT_CALL_SERVICE_TYPES)[number];

/** How the port calls page groups its table, in display order. */
export const PORT_CALL_GROUPS = ['arriving', 'at-berth', 'at-anchorage', 'departed'] as const;
export type PortCallGroup = (typeof PORT_CALL_GROUPS)[number];

/** The page refreshes on this interval. */
export const PORT_CALLS_REFRESH_MS = 30_000;
/** Departed calls stay on the list this long. */
export const PORT_CALLS_RECENT_DEPARTED_HOURS = 24;

/** Which table group a call belongs to: departed, else where the ship is now, else arriving. */
export function portCallGroupOf(call: Pick<PortCall, 'status' | 'services'>): PortCallGroup {
  if (call.status === 'departed') return 'departed';
  const here = call.services.find((s) => s.current);
  if (here?.type === 'berth-visit') return 'at-berth';
  if (here?.type === 'anchorage-visit') return 'at-anchorage';
  // On-going but moving inside the port (between berths) still belongs at berth.
  return call.status === 'on-going' ? 'at-berth' : 'arriving';
}

/** The berth or anchorage to show: the current one, else the last confirmed, else the planned one. */
export function portCallPlace(call: Pick<PortCall, 'services'>): PortCallService | null {
  return (
    call.services.find((s) => s.current) ??
    [...call.services].reverse().find((s) => s.confirmed) ??
    call.services[0] ??
    null
  );
}
