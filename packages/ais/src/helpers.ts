/**
 * Helpers over decoded messages: "is this value available" tests for the sentinel
 * convention, and small conveniences for a vessel store.
 */
import {
  COURSE_NOT_AVAILABLE,
  LONG_RANGE_SPEED_NOT_AVAILABLE,
  NAV_STATUS_LABELS,
  SAR_SPEED_NOT_AVAILABLE,
  SPEED_NOT_AVAILABLE,
  TURN_NOT_AVAILABLE,
} from './constants.ts';
import type {
  AidToNavigation,
  AisMessage,
  BaseStationReport,
  Eta,
  LongRangeReport,
  PositionReportA,
  PositionReportB,
  PositionReportBExtended,
  SarAircraftReport,
} from './message-types.ts';

/** Messages that carry a lat/lon position. */
export type PositionMessage =
  | PositionReportA
  | BaseStationReport
  | SarAircraftReport
  | PositionReportB
  | PositionReportBExtended
  | AidToNavigation
  | LongRangeReport;

/** Vessel movement reports (Class A, Class B, long range): what a live vessel store tracks. */
export type VesselPositionMessage = PositionReportA | PositionReportB | PositionReportBExtended | LongRangeReport;

const POSITION_TYPES = new Set([1, 2, 3, 4, 9, 11, 18, 19, 21, 27]);

/** True if the message type carries lat/lon fields (whether or not they are available). */
export function isPositionMessage(m: AisMessage): m is PositionMessage {
  return POSITION_TYPES.has(m.type);
}

/** True for vessel position reports (types 1, 2, 3, 18, 19, 27). */
export function isVesselPosition(m: AisMessage): m is VesselPositionMessage {
  const t = m.type;
  return t <= 3 || t === 18 || t === 19 || t === 27;
}

/** True if the message has a usable position (not the 91/181 sentinels, within range). */
export function hasPosition(m: AisMessage): m is PositionMessage {
  if (!isPositionMessage(m)) return false;
  return m.lat >= -90 && m.lat <= 90 && m.lon >= -180 && m.lon <= 180;
}

/** True if speed over ground is available (102.3 / 1023 / 63 = n/a depending on type). */
export function hasSpeed(m: AisMessage): boolean {
  switch (m.type) {
    case 1:
    case 2:
    case 3:
    case 18:
    case 19:
      return m.speed < SPEED_NOT_AVAILABLE;
    case 9:
      return m.speed < SAR_SPEED_NOT_AVAILABLE;
    case 27:
      return m.speed < LONG_RANGE_SPEED_NOT_AVAILABLE;
    default:
      return false;
  }
}

/** True if course over ground is available (< 360). */
export function hasCourse(m: AisMessage): boolean {
  switch (m.type) {
    case 1:
    case 2:
    case 3:
    case 9:
    case 18:
    case 19:
    case 27:
      return m.course < COURSE_NOT_AVAILABLE;
    default:
      return false;
  }
}

/** True if true heading is available (0-359; 511 = n/a). */
export function hasHeading(m: AisMessage): boolean {
  switch (m.type) {
    case 1:
    case 2:
    case 3:
    case 18:
    case 19:
      return m.heading < 360;
    default:
      return false;
  }
}

/** True if a rate of turn is available (types 1-3, raw != -128). */
export function hasTurn(m: AisMessage): boolean {
  return m.type <= 3 && (m as PositionReportA).turnRaw !== TURN_NOT_AVAILABLE;
}

/** Label for a navigation status code. */
export function navStatusLabel(status: number): string {
  return NAV_STATUS_LABELS[status] ?? 'not defined';
}

/**
 * ETA as a timestamp (ms): AIS sends no year, so take the first occurrence not more
 * than ~6 months before `referenceMs`. Undefined when month/day are n/a or invalid.
 * Hour 24 / minute 60 (n/a) count as 00:00.
 */
export function etaToTimestamp(eta: Eta, referenceMs: number): number | undefined {
  const { month, day } = eta;
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const hour = eta.hour < 24 ? eta.hour : 0;
  const minute = eta.minute < 60 ? eta.minute : 0;
  const refYear = new Date(referenceMs).getUTCFullYear();
  const halfYear = 183 * 86_400_000;
  for (const year of [refYear - 1, refYear, refYear + 1]) {
    const t = Date.UTC(year, month - 1, day, hour, minute);
    if (new Date(t).getUTCDate() !== day) continue; // e.g. 31 February
    if (t >= referenceMs - halfYear) return t;
  }
  return undefined;
}

/** Overall length and beam in metres from the reference-point distances, undefined if not known. */
export function dimensions(m: {
  toBow?: number | undefined;
  toStern?: number | undefined;
  toPort?: number | undefined;
  toStarboard?: number | undefined;
}): { length: number; beam: number } | undefined {
  const { toBow, toStern, toPort, toStarboard } = m;
  if (toBow === undefined || toStern === undefined || toPort === undefined || toStarboard === undefined) {
    return undefined;
  }
  const length = toBow + toStern;
  const beam = toPort + toStarboard;
  return length > 0 && beam > 0 ? { length, beam } : undefined;
}
