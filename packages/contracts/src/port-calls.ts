import { z } from 'zod';
import { mmsiSchema, shipDetailsSchema } from './vessels.ts';
import { locodeSchema } from './zones.ts';
import {
  PLAN_STATES,
  PORT_CALL_GROUPS,
  PORT_CALL_SERVICE_TYPES,
  PORT_CALL_SOURCES,
  PORT_CALL_STATUSES,
  TIMESTAMP_SEQUENCES,
  TIME_TYPES,
} from './port-call-constants.ts';

/**
 * Port calls (tracking.md section 3 "Port call", marketplace-buyer.md section 3
 * "Ship and port-call rows"): GET /portcalls and GET /portcalls/current.
 */
export * from './port-call-constants.ts';

/**
 * One reported time. `source` and `reportedAt` travel with every entry, so a
 * merged call still tells where each time came from and how old it is.
 * `service` says what the time is about: the whole port visit, or one berth or
 * anchorage visit (with its name).
 */
export const portCallTimestampSchema = z.object({
  sequence: z.enum(TIMESTAMP_SEQUENCES),
  timeType: z.enum(TIME_TYPES),
  effectiveTime: z.string(),
  reporter: z.string().nullable(),
  source: z.enum(PORT_CALL_SOURCES),
  reportedAt: z.string(),
  service: z.enum(['port', ...PORT_CALL_SERVICE_TYPES]),
  location: z.string().nullable(),
});
export type PortCallTimestamp = z.infer<typeof portCallTimestampSchema>;

export const portCallServiceSchema = z.object({
  type: z.enum(PORT_CALL_SERVICE_TYPES),
  /** Berth or anchorage name. */
  name: z.string().nullable(),
  /** Berth code of the national single window (e.g. 'BF3'), when known. */
  code: z.string().nullable(),
  /** True once the ship was seen there (AIS) or the port reported an actual time. */
  confirmed: z.boolean(),
  /** The ship is there now. */
  current: z.boolean(),
  source: z.enum(PORT_CALL_SOURCES),
});
export type PortCallService = z.infer<typeof portCallServiceSchema>;

/**
 * Ship columns of the page: ship details (vessels module) plus live values.
 * Every field may be unknown (null): the sources fill different parts.
 */
export const portCallShipSchema = shipDetailsSchema.omit({ simulated: true, harborShipType: true }).extend({
  /** Unknown for single-window calls that report no MMSI. */
  mmsi: z.number().int().nullable(),
  speed: z.number().nullable(),
  course: z.number().nullable(),
  navigationStatus: z.number().int().nullable(),
  /** Destination as reported over AIS. */
  voyage: z.string().nullable(),
  /** The product's own predicted ETA ({product} ETA); null until the prediction issue. */
  harborEta: z.string().nullable(),
});
export type PortCallShip = z.infer<typeof portCallShipSchema>;

export const portCallSchema = z.object({
  id: z.string(),
  /** Port call id of the national single window ("PC ID"); null for AIS-only calls. */
  pcId: z.string().nullable(),
  portCode: z.string(),
  prevPort: z.string().nullable(),
  nextPort: z.string().nullable(),
  shipFlag: z.string().nullable(),
  mmsi: z.number().int().nullable(),
  imo: z.number().int().nullable(),
  shipName: z.string().nullable(),
  ata: z.string().nullable(),
  atd: z.string().nullable(),
  eta: z.string().nullable(),
  etd: z.string().nullable(),
  etaPrediction: z.string().nullable(),
  /** The main source: the national single window when it knows the call, else AIS. */
  source: z.enum(PORT_CALL_SOURCES),
  sources: z.array(z.enum(PORT_CALL_SOURCES)),
  status: z.enum(PORT_CALL_STATUSES),
  group: z.enum(PORT_CALL_GROUPS),
  timestamps: z.array(portCallTimestampSchema),
  services: z.array(portCallServiceSchema),
  planState: z.enum(PLAN_STATES),
  updatedAt: z.string(),
  /** Detected from simulated traffic (no live AIS feed): never a real visit. */
  simulated: z.boolean(),
  ship: portCallShipSchema,
});
export type PortCall = z.infer<typeof portCallSchema>;

export const portCallsQuerySchema = z.object({ portCode: locodeSchema });
export const portCallsResponseSchema = z.object({
  portCode: z.string(),
  timestamp: z.number(),
  /** The list includes calls of simulated traffic (the product runs without a live AIS feed). */
  simulated: z.boolean(),
  portCalls: z.array(portCallSchema),
});
export type PortCallsResponse = z.infer<typeof portCallsResponseSchema>;

export const currentPortCallQuerySchema = z.object({ mmsi: mmsiSchema });
export const currentPortCallResponseSchema = z.object({ portCall: portCallSchema.nullable() });
export type CurrentPortCallResponse = z.infer<typeof currentPortCallResponseSchema>;
