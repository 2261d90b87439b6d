import { z } from 'zod';
import { requiredText } from './validation.ts';
import {
  DEFAULT_CLUSTERING_PRECISION,
  HARBOR_SHIP_TYPES,
  SHIP_POSITIONS_DEFAULT_MAX_AGE_MIN,
  SHIP_POSITIONS_MAX_MAX_AGE_MIN,
  SHIP_SEARCH_MAX_PAGE,
  SHIP_SEARCH_MAX_RESULTS,
} from './vessel-constants.ts';

/**
 * Ships API (tracking.md sections 3, 4, 7 and 9): ship categories, AIS code
 * tables, and every request and response shape of /v1/ships/*.
 */
export * from './vessel-constants.ts';

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
/** `offset`/`limit` page through the matches (the map's search shows more than one page). */
export const shipSearchQuerySchema = z.object({
  q: requiredText(100),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(SHIP_SEARCH_MAX_PAGE).default(SHIP_SEARCH_MAX_RESULTS),
});

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
  /**
   * When predictedEta and predictedDestination were computed (ISO-8601 UTC): the
   * ship card shows the prediction's age. Optional until the eta module fills it.
   */
  predictedAt: z.string().nullable().optional(),
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
  /**
   * The voyage fields as on the ship's position (reported and predicted ETA and destination);
   * null for a ship known only from the registry (no AIS yet).
   */
  voyage: voyageSchema.nullable().optional(),
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
  /** Every match, not only this page (optional: older servers did not send it). */
  total: z.number().int().optional(),
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
