import { z } from 'zod';

/** AIS ingestion status (GET /v1/ais/status). */

export const AIS_SOURCE_KINDS = ['digitraffic', 'tcp', 'tcp-listen', 'udp', 'replay', 'simulator'] as const;
export type AisSourceKind = (typeof AIS_SOURCE_KINDS)[number];

/**
 * connecting: first attempt running; connected: receiving (or listening);
 * reconnecting: lost or refused, waiting for the next attempt (backoff);
 * finished: a replay reached its end; stopped: shut down.
 */
export const AIS_SOURCE_STATES = ['connecting', 'connected', 'reconnecting', 'finished', 'stopped'] as const;
export type AisSourceState = (typeof AIS_SOURCE_STATES)[number];

export const aisSourceStatusSchema = z.object({
  /** The source as configured, e.g. `tcp://127.0.0.1:10110`. */
  name: z.string(),
  kind: z.enum(AIS_SOURCE_KINDS),
  state: z.enum(AIS_SOURCE_STATES),
  /** True for the simulator started because the live feed was unreachable. */
  fallback: z.boolean(),
  /** Accepted messages per second over the last 10 s. */
  messagesPerSecond: z.number(),
  messages: z.number().int(),
  /** Lines or payloads that could not be used (bad checksum, orphan fragments, bad JSON...). */
  rejects: z.number().int(),
  lastMessageAt: z.number().nullable(),
  lastError: z.string().nullable(),
  reconnects: z.number().int(),
});
export type AisSourceStatus = z.infer<typeof aisSourceStatusSchema>;

export const aisStatusResponseSchema = z.object({
  /** True while any traffic shown comes from the simulator. */
  simulated: z.boolean(),
  /** Ships in the live store. */
  vessels: z.number().int(),
  sources: z.array(aisSourceStatusSchema),
  persistence: z.object({
    enabled: z.boolean(),
    pendingPositions: z.number().int(),
    lastFlushAt: z.number().nullable(),
    lastError: z.string().nullable(),
  }),
});
export type AisStatusResponse = z.infer<typeof aisStatusResponseSchema>;
