/**
 * Zod-free part of the ships API (tracking.md sections 3, 4 and 9): ship
 * categories, AIS code tables and business constants. The web app imports them
 * through '@harbor/contracts/vessel-constants'; vessels.ts re-exports them.
 */

/** The product's 12 ship categories (tracking.md section 3), in legend order. */
export const HARBOR_SHIP_TYPES = [
  'FISHING',
  'TUGS_SPECIAL_CRAFT',
  'PLEASURE_HIGH_SPEED_CRAFT',
  'PILOT_SAR',
  'PASSENGER',
  'TANKER',
  'RORO_VEHICLE_CARRIER',
  'BULKER',
  'OTHER_CARGO',
  'CONTAINER',
  'MILITARY',
  'OTHER',
] as const;
export type HarborShipType = (typeof HARBOR_SHIP_TYPES)[number];

/**
 * Category from the raw AIS ship-and-cargo type (ITU-R M.1371 table 53).
 * AIS has one code range for all cargo ships (70-79), so RORO, BULKER and
 * CONTAINER come only from the vessel registry; AIS alone gives OTHER_CARGO.
 */
export function harborShipTypeOf(aisType: number | null | undefined): HarborShipType {
  if (aisType == null) return 'OTHER';
  if (aisType === 30) return 'FISHING';
  if ([31, 32, 33, 34, 52, 53, 54, 56, 57].includes(aisType)) return 'TUGS_SPECIAL_CRAFT';
  if (aisType === 36 || aisType === 37 || (aisType >= 40 && aisType <= 49)) return 'PLEASURE_HIGH_SPEED_CRAFT';
  if (aisType === 50 || aisType === 51 || aisType === 58) return 'PILOT_SAR';
  if (aisType === 35 || aisType === 55) return 'MILITARY';
  if (aisType >= 60 && aisType <= 69) return 'PASSENGER';
  if (aisType >= 70 && aisType <= 79) return 'OTHER_CARGO';
  if (aisType >= 80 && aisType <= 89) return 'TANKER';
  return 'OTHER';
}

/** i18n keys (namespace `vessels`, `aisShipType.<key>`) of the spec's AIS ship-type labels (section 9). */
export const AIS_SHIP_TYPE_LABELS = {
  fishing: 'Fishing',
  tug: 'Tug',
  sailing: 'Sailing',
  pleasure: 'Pleasure',
  highSpeed: 'High-speed',
  pilot: 'Pilot',
  passenger: 'Passenger',
  cargo: 'Cargo',
  cargoHazardA: 'Cargo, hazard A',
  cargoHazardB: 'Cargo, hazard B',
  cargoHazardC: 'Cargo, hazard C',
  cargoHazardD: 'Cargo, hazard D',
  tanker: 'Tanker',
  tankerHazardA: 'Tanker, hazard A',
  tankerHazardB: 'Tanker, hazard B',
  tankerHazardC: 'Tanker, hazard C',
  tankerHazardD: 'Tanker, hazard D',
  other: 'Other',
  unknown: 'Unknown',
} as const;
export type AisShipTypeLabel = keyof typeof AIS_SHIP_TYPE_LABELS;

const HAZARD = ['A', 'B', 'C', 'D'] as const;

export function aisShipTypeLabel(code: number | null | undefined): AisShipTypeLabel {
  if (code == null) return 'unknown';
  if (code === 30) return 'fishing';
  if (code === 31 || code === 32 || code === 52) return 'tug';
  if (code === 36) return 'sailing';
  if (code === 37) return 'pleasure';
  if (code >= 40 && code <= 49) return 'highSpeed';
  if (code === 50) return 'pilot';
  if (code >= 60 && code <= 69) return 'passenger';
  if (code >= 71 && code <= 74) return `cargoHazard${HAZARD[code - 71]!}`;
  if (code >= 70 && code <= 79) return 'cargo';
  if (code >= 81 && code <= 84) return `tankerHazard${HAZARD[code - 81]!}`;
  if (code >= 80 && code <= 89) return 'tanker';
  if (code >= 90 && code <= 99) return 'other';
  return 'unknown';
}

/** AIS navigation status 0-15 (section 4); reserved codes 9, 10 and 13 are shown as '-'. */
export const NAVIGATION_STATUSES = [
  { code: 0, key: 'underWayUsingEngine', label: 'under way using engine' },
  { code: 1, key: 'atAnchor', label: 'at anchor' },
  { code: 2, key: 'notUnderCommand', label: 'not under command' },
  { code: 3, key: 'restrictedManeuverability', label: 'restricted maneuverability' },
  { code: 4, key: 'constrainedByDraught', label: 'constrained by draught' },
  { code: 5, key: 'moored', label: 'moored' },
  { code: 6, key: 'aground', label: 'aground' },
  { code: 7, key: 'engagedInFishing', label: 'engaged in fishing' },
  { code: 8, key: 'underWaySailing', label: 'under way sailing' },
  { code: 9, key: 'reserved', label: '-' },
  { code: 10, key: 'reserved', label: '-' },
  { code: 11, key: 'towingAstern', label: 'towing astern' },
  { code: 12, key: 'pushingAhead', label: 'pushing ahead or towing alongside' },
  { code: 13, key: 'reserved', label: '-' },
  { code: 14, key: 'aisSart', label: 'AIS-SART/MOB/EPIRB' },
  { code: 15, key: 'undefined', label: 'undefined' },
] as const;
export type NavigationStatusKey = (typeof NAVIGATION_STATUSES)[number]['key'];

export function navigationStatusKey(code: number | null | undefined): NavigationStatusKey | null {
  if (code == null || code < 0 || code > 15) return null;
  return NAVIGATION_STATUSES[code]!.key;
}

/** Business constants (section 9). */
export const SHIP_POSITIONS_DEFAULT_MAX_AGE_MIN = 240;
export const SHIP_POSITIONS_MAX_MAX_AGE_MIN = 7 * 24 * 60;
export const DEFAULT_CLUSTERING_PRECISION = 0;
/** Speed at or above this is "not available" (section 5). */
export const SPEED_NOT_AVAILABLE_KN = 102.3;
export const SHIP_SEARCH_MIN_CHARS = 3;
export const SHIP_SEARCH_MAX_RESULTS = 20;
/** Largest page a search request may ask for (`limit`). */
export const SHIP_SEARCH_MAX_PAGE = 100;
/** How often the live stream sends position diffs. */
export const SHIP_STREAM_INTERVAL_MS = 500;
/**
 * A stream snapshot goes out in parts of at most this many ships: the browser
 * parses and draws each part in its own task of a few milliseconds instead of
 * one long task for a dense view (7 000 ships took 24 ms in one message).
 */
export const SHIP_SNAPSHOT_PART_SIZE = 1500;
