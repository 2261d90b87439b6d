import { z } from 'zod';
import { mmsiSchema } from './vessels.ts';
import { LOCODE_RE } from './zone-constants.ts';

/**
 * Predicted route (tracking.md sections 3 and 7):
 * GET /v1/trajectory/{destination}/{lat,lon}?mmsi&smooth_trajectory.
 */

/** Corner-cutting passes the server applies at most (the web app asks for 5). */
export const TRAJECTORY_MAX_SMOOTH = 5;

/** The destination as a UN/LOCODE or as the predicted-destination URN `urn:harbor:port:<LOCODE>` (case-insensitive). */
const destination = z
  .string()
  .trim()
  .transform((s) => s.replace(/^urn:harbor:port:/i, '').toUpperCase())
  .pipe(z.string().regex(LOCODE_RE, 'validation.locode'));

/** `lat,lon` in decimal degrees. */
const position = z
  .string()
  .trim()
  .regex(/^-?\d{1,3}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?$/, 'validation.invalid')
  .transform((s) => s.split(',').map(Number) as [number, number])
  .refine(([lat, lon]) => Math.abs(lat) <= 90 && Math.abs(lon) <= 180, 'validation.invalid');

export const trajectoryParamsSchema = z.object({ destination, position });
export type TrajectoryParams = z.infer<typeof trajectoryParamsSchema>;

export const trajectoryQuerySchema = z.object({
  /** The ship asking; accepted for the spec's call shape (routes are per destination, not yet per ship). */
  mmsi: mmsiSchema.optional(),
  smooth_trajectory: z.coerce.number().int().min(0).max(TRAJECTORY_MAX_SMOOTH).default(0),
});
export type TrajectoryQuery = z.infer<typeof trajectoryQuerySchema>;

export const trajectoryPointSchema = z.object({
  /** [lat, lon] */
  coordinate: z.tuple([z.number(), z.number()]),
});

/** From the given position to the port, never across land; the first point is the given position. */
export const trajectoryResponseSchema = z.object({ trajectory: z.array(trajectoryPointSchema) });
export type TrajectoryResponse = z.infer<typeof trajectoryResponseSchema>;
