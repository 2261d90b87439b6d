/**
 * AIS constants shared by the decoder, the encoder and consumers (vessel store, UI).
 *
 * Not-available convention: the decoder keeps the transmitted sentinel values
 * instead of turning them into null/undefined, so a decoded message always has the
 * same shape (fast, and it round-trips through the encoder). Use the helpers in
 * `helpers.ts` (`hasPosition`, `hasSpeed`, ...) to test them.
 */

/** Latitude value meaning "not available" (degrees). */
export const LAT_NOT_AVAILABLE = 91;
/** Longitude value meaning "not available" (degrees). */
export const LON_NOT_AVAILABLE = 181;
/** Speed over ground "not available" for types 1-3, 18, 19 (knots). 102.2 means >= 102.2. */
export const SPEED_NOT_AVAILABLE = 102.3;
/** Course over ground "not available" (degrees). */
export const COURSE_NOT_AVAILABLE = 360;
/** True heading "not available" (degrees). */
export const HEADING_NOT_AVAILABLE = 511;
/** Raw rate-of-turn value meaning "not available"; also kept in `turn`. */
export const TURN_NOT_AVAILABLE = -128;
/** `second` values >= 60 are not a UTC second: 60 n/a, 61 manual, 62 dead reckoning, 63 inoperative. */
export const SECOND_NOT_AVAILABLE = 60;
/** Type 9 (SAR aircraft) speed "not available" (knots); 1022 means >= 1022. */
export const SAR_SPEED_NOT_AVAILABLE = 1023;
/** Type 9 altitude "not available" (metres); 4094 means >= 4094. */
export const SAR_ALTITUDE_NOT_AVAILABLE = 4095;
/** Type 27 speed "not available" (knots). */
export const LONG_RANGE_SPEED_NOT_AVAILABLE = 63;
/** Type 27 course "not available" (degrees). */
export const LONG_RANGE_COURSE_NOT_AVAILABLE = 511;
/** Navigation status 15 = "not defined" (default). */
export const STATUS_NOT_DEFINED = 15;
/** Type 5 IMO number 0 = not available. */
export const IMO_NOT_AVAILABLE = 0;
/** ETA / timestamp parts meaning "not available": month 0, day 0, hour 24, minute 60. */
export const ETA_NOT_AVAILABLE = { month: 0, day: 0, hour: 24, minute: 60 } as const;

/** Navigation status labels (ITU-R M.1371 table 45), index = status code. */
export const NAV_STATUS_LABELS: readonly string[] = [
  'under way using engine',
  'at anchor',
  'not under command',
  'restricted manoeuvrability',
  'constrained by draught',
  'moored',
  'aground',
  'engaged in fishing',
  'under way sailing',
  'reserved (HSC)',
  'reserved (WIG)',
  'power-driven vessel towing astern',
  'power-driven vessel pushing ahead or towing alongside',
  'reserved',
  'AIS-SART / MOB / EPIRB active',
  'not defined',
];

/** Electronic position fixing device labels, index = epfd code (9-14 unused, 15 internal GNSS). */
export const EPFD_LABELS: readonly string[] = [
  'undefined',
  'GPS',
  'GLONASS',
  'combined GPS/GLONASS',
  'Loran-C',
  'Chayka',
  'integrated navigation system',
  'surveyed',
  'Galileo',
];

/** Why a line was rejected. Every rejected line is counted under exactly one reason. */
export type RejectReason =
  /** NMEA checksum does not match the sentence. */
  | 'bad_checksum'
  /** Multipart fragment that never completed (orphan, out of order, or expired). */
  | 'incomplete_multipart'
  /** Two or more sentences joined on one line (lost line break), also after a `$PGHP` time line. */
  | 'several_sentences_on_one_line'
  /** Longer than MAX_LINE_CHARS (4096): no feed line is; read only up to the cap. */
  | 'line_too_long'
  /** Payload empty, shorter than its message type needs, or too long. */
  | 'bad_payload_length'
  /** Payload character outside the AIS 6-bit ASCII armour. */
  | 'bad_payload_char'
  /** Fill-bit field missing or not 0-5. */
  | 'bad_fill_bits'
  /** Fragment count / number / sequence id malformed. */
  | 'bad_fragment'
  /** Message type 0 or 28-63, or type 24 with part number 2/3. */
  | 'unknown_message_type'
  /** Well-formed NMEA sentence that is not VDM/VDO (e.g. $GPRMC). */
  | 'unsupported_sentence'
  /** Anything else that cannot be parsed as NMEA. */
  | 'unknown_format';

/** All reject reasons, in a stable order (for reports). */
export const REJECT_REASONS: readonly RejectReason[] = [
  'bad_checksum',
  'incomplete_multipart',
  'several_sentences_on_one_line',
  'line_too_long',
  'bad_payload_length',
  'bad_payload_char',
  'bad_fill_bits',
  'bad_fragment',
  'unknown_message_type',
  'unsupported_sentence',
  'unknown_format',
];

/** Default time after which an unfinished multipart message is dropped. */
export const DEFAULT_MULTIPART_TIMEOUT_MS = 60_000;
