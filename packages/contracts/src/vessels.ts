import { z } from 'zod';

/**
 * Ships API (tracking.md sections 3, 4, 7 and 9): ship categories, AIS code
 * tables, and every request and response shape of /v1/ships/*.
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
/** How often the live stream sends position diffs. */
export const SHIP_STREAM_INTERVAL_MS = 500;
/**
 * A stream snapshot goes out in parts of at most this many ships: the browser
 * parses and draws each part in its own task of a few milliseconds instead of
 * one long task for a dense view (7 000 ships took 24 ms in one message).
 */
export const SHIP_SNAPSHOT_PART_SIZE = 1500;

// ---------------------------------------------------------------- query parsing

/** Comma-separated list or repeated parameter, both accepted. */
const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === '') return undefined;
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','));
    return parts.map((s) => s.trim()).filter(Boolean);
  }, z.array(item).optional());

const latitude = z.number().min(-90, 'validation.latitude').max(90, 'validation.latitude');
const longitude = z.number().min(-180, 'validation.longitude').max(180, 'validation.longitude');

/** [south, west, north, east] in degrees. */
export const bboxSchema = z
  .tuple([latitude, longitude, latitude, longitude])
  .refine(([s, , n]) => s <= n, 'validation.bboxOrder')
  .refine(([, w, , e]) => w <= e, 'validation.bboxOrder');
export type Bbox = z.infer<typeof bboxSchema>;

/** `south,west,north,east` as one query value. */
export const bboxParam = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((x) => (x.trim() === '' ? NaN : Number(x))) : v),
  bboxSchema,
);

export const mmsiSchema = z.coerce.number().int().min(1).max(999_999_999);
export const harborShipTypeSchema = z.enum(HARBOR_SHIP_TYPES);
const maxAgeParam = z.coerce.number().int().min(1).max(SHIP_POSITIONS_MAX_MAX_AGE_MIN).default(SHIP_POSITIONS_DEFAULT_MAX_AGE_MIN);

/** Filters shared by the positions request and the stream subscription. */
export const shipFilterSchema = z.object({
  maxAge: maxAgeParam,
  navigationStatuses: csv(z.coerce.number().int().min(0).max(15)),
  harborShipTypes: csv(harborShipTypeSchema),
});
export type ShipFilter = z.infer<typeof shipFilterSchema>;

export const shipPositionsQuerySchema = shipFilterSchema.extend({
  bbox: bboxParam,
  clusteringDegreePrecision: z.coerce.number().min(0).max(10).default(DEFAULT_CLUSTERING_PRECISION),
});
export type ShipPositionsQuery = z.infer<typeof shipPositionsQuerySchema>;

export const shipTrackParamsSchema = z.object({ mmsi: mmsiSchema });
export const shipTrackQuerySchema = z.object({ maxAge: maxAgeParam });
export const shipInfoQuerySchema = z.object({ mmsi: mmsiSchema });
export const shipSearchQuerySchema = z.object({ q: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong') });

// ---------------------------------------------------------------- responses

export const referencePointSchema = z.object({
  a: z.number().nullable(),
  b: z.number().nullable(),
  c: z.number().nullable(),
  d: z.number().nullable(),
});

export const voyageSchema = z.object({
  /** Reported ETA, ISO-8601 UTC (the AIS month/day/hour/minute placed in the nearest year). */
  eta: z.string().nullable(),
  predictedEta: z.string().nullable(),
  destination: z.string().nullable(),
  /** 'urn:harbor:port:<LOCODE>' when predicted; not predicted yet. */
  predictedDestination: z.string().nullable(),
  navigationStatus: z.number().int().nullable(),
});

/** Ship (position), section 3. `harborShipType` is the spec's {product}ShipType. */
export const shipPositionSchema = z.object({
  mmsi: z.number().int(),
  name: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** Degrees; null when not available (511). */
  trueHeading: z.number().nullable(),
  /** Knots; null when not available (>= 102.3). */
  speedOverGround: z.number().nullable(),
  /** Degrees; null when not available (360). Lets the map orient ships without a heading. */
  courseOverGround: z.number().nullable(),
  harborShipType: harborShipTypeSchema,
  referencePoint: referencePointSchema,
  /** ISO 3166 alpha-2 from the MMSI's MID. */
  flag: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** When the position was received, ms since epoch. */
  timeStampExternal: z.number(),
  voyage: voyageSchema,
});
export type ShipPosition = z.infer<typeof shipPositionSchema>;

export const shipClusterSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  count: z.number().int(),
});
export type ShipCluster = z.infer<typeof shipClusterSchema>;

/** `simulated` is true while the traffic comes from the simulator (no live feed). */
export const shipPositionsResponseSchema = z.object({
  simulated: z.boolean(),
  /** Server time of the answer, ms since epoch. */
  timestamp: z.number(),
  ships: z.array(shipPositionSchema),
  /** Filled instead of `ships` when clusteringDegreePrecision > 0. */
  clusters: z.array(shipClusterSchema),
});
export type ShipPositionsResponse = z.infer<typeof shipPositionsResponseSchema>;

export const trackPointSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  speedOverGround: z.number().nullable(),
  courseOverGround: z.number().nullable(),
  trueHeading: z.number().nullable(),
  navigationStatus: z.number().int().nullable(),
  timeStampExternal: z.number(),
});
export type TrackPoint = z.infer<typeof trackPointSchema>;

/** Oldest point first. */
export const shipTrackResponseSchema = z.object({
  simulated: z.boolean(),
  mmsi: z.number().int(),
  positions: z.array(trackPointSchema),
});
export type ShipTrackResponse = z.infer<typeof shipTrackResponseSchema>;

/** Ship details, section 3. Lengths in metres, capacities in tonnes; null when unknown. */
export const shipDetailsSchema = z.object({
  simulated: z.boolean(),
  imo: z.number().int().nullable(),
  mmsi: z.number().int(),
  name: z.string().nullable(),
  callSign: z.string().nullable(),
  flag: z.string().nullable(),
  owner: z.string().nullable(),
  manager: z.string().nullable(),
  capacityDwt: z.number().nullable(),
  capacityGt: z.number().nullable(),
  capacityNt: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  draught: z.number().nullable(),
  draughtMin: z.number().nullable(),
  draughtMax: z.number().nullable(),
  buildYear: z.number().int().nullable(),
  classSociety: z.string().nullable(),
  /** Raw AIS ship type and the category derived from it (or from the registry). */
  shipType: z.number().int().nullable(),
  harborShipType: harborShipTypeSchema,
});
export type ShipDetails = z.infer<typeof shipDetailsSchema>;

export const shipSearchResultSchema = z.object({
  name: z.string().nullable(),
  mmsi: z.number().int(),
  /** Numeric AIS ship type. */
  shipType: z.number().int().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  flag: z.string().nullable(),
});
export type ShipSearchResult = z.infer<typeof shipSearchResultSchema>;

export const shipSearchResponseSchema = z.object({
  simulated: z.boolean(),
  results: z.array(shipSearchResultSchema),
});
export type ShipSearchResponse = z.infer<typeof shipSearchResponseSchema>;

// ---------------------------------------------------------------- live stream (WebSocket /v1/ships/stream)

/**
 * Client messages. Authenticate with `?access_token=` on the URL or an `auth`
 * message first; then `subscribe` (again to change the view or filters).
 */
export const shipStreamClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1) }),
  shipFilterSchema.extend({ type: z.literal('subscribe'), bbox: bboxSchema }),
]);
export type ShipStreamClientMessage = z.input<typeof shipStreamClientMessageSchema>;

/**
 * Server messages: `snapshot` answers each subscribe with every matching ship,
 * in `parts` messages numbered by `part` (from 0) of up to
 * SHIP_SNAPSHOT_PART_SIZE ships, `total` in all; ships the client holds but no
 * part named are gone once the last part arrived;
 * `diff` then carries ships that changed inside the view and the MMSIs that
 * left it (moved out, aged out or filtered out).
 */
export type ShipStreamServerMessage =
  | { type: 'ready' }
  | { type: 'snapshot'; simulated: boolean; timestamp: number; total: number; part: number; parts: number; ships: ShipPosition[] }
  | { type: 'diff'; simulated: boolean; timestamp: number; updated: ShipPosition[]; removed: number[] }
  | { type: 'error'; code: 'unauthorized' | 'validation-invalid-params'; message?: string };
