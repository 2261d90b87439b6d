/**
 * @harbor/ais: AIS (NMEA 0183 VDM/VDO) decoder and encoder.
 *
 * ```ts
 * const decoder = new AisDecoder();
 * for (const line of lines) {
 *   const msg = decoder.push(line);
 *   if (msg && hasPosition(msg)) store.update(msg.mmsi, msg.lat, msg.lon);
 * }
 * decoder.flush(); // end of input: unfinished multiparts are counted as incomplete
 * ```
 *
 * Conventions (see message-types.ts): camelCase fields, lat/lon in degrees, speed in
 * knots; "not available" values keep their AIS sentinels (lat 91, lon 181, speed 102.3,
 * course 360, heading 511, turn -128, second 60) - test them with the `has*` helpers.
 */
import { AisDecoder } from './decoder.ts';
import type { AisDecoderOptions } from './decoder.ts';
import type { AisMessage } from './message-types.ts';

export { AisDecoder } from './decoder.ts';
export { LineSplitter, MAX_LINE_CHARS } from './line-splitter.ts';
export type { AisDecoderOptions, AisDecoderStats } from './decoder.ts';
export type * from './message-types.ts';
export * from './constants.ts';
export {
  dimensions,
  etaToTimestamp,
  hasCourse,
  hasHeading,
  hasPosition,
  hasSpeed,
  hasTurn,
  isPositionMessage,
  isVesselPosition,
  navStatusLabel,
} from './helpers.ts';
export type { PositionMessage, VesselPositionMessage } from './helpers.ts';
export { toPyais } from './pyais.ts';
export type { PyaisRecord, PyaisValue } from './pyais.ts';
export { encodeAis, encodePayload, nmeaChecksum, turnToRaw } from './encoder.ts';
export type { EncodableMessage, EncodeOptions } from './encoder.ts';
export { turnFromRaw } from './decode-position.ts';
export { prng } from './prng.ts';

/** Decode a batch of lines with a fresh decoder (flushed at the end). */
export function decodeLines(lines: Iterable<string>, opts?: AisDecoderOptions): AisMessage[] {
  const decoder = new AisDecoder(opts);
  const out: AisMessage[] = [];
  for (const line of lines) {
    const m = decoder.push(line);
    if (m !== null) out.push(m);
  }
  decoder.flush();
  return out;
}
