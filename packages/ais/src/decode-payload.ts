/**
 * Payload dispatch: message type -> decoder, with the per-type minimum length check.
 * Expects the payload to be loaded with `loadPayload` (sixbit.ts).
 */
import type { RejectReason } from './constants.ts';
import {
  decodeAcknowledge,
  decodeAssignment,
  decodeBinaryAddressed,
  decodeBinaryBroadcast,
  decodeChannelManagement,
  decodeDataLink,
  decodeDgnss,
  decodeGroupAssignment,
  decodeInterrogation,
  decodeSafetyAddressed,
  decodeSafetyBroadcast,
  decodeSlotBinary,
  decodeUtcInquiry,
} from './decode-other.ts';
import {
  decodeBaseStation,
  decodeLongRange,
  decodePositionA,
  decodePositionB,
  decodeSarAircraft,
} from './decode-position.ts';
import {
  decodeAidToNavigation,
  decodePositionBExtended,
  decodeStaticDataA,
  decodeStaticDataB,
  decodeStaticVoyage,
} from './decode-static.ts';
import type { AisMessage } from './message-types.ts';
import { u } from './sixbit.ts';

/**
 * Minimum payload length in bits per message type (index = type). Mostly the nominal
 * length, like gpsd; longer payloads are accepted and the extra bits ignored. Type 5
 * accepts 420 (some transponders drop the last char), 24 accepts the 160-bit part A.
 */
export const MIN_BITS: readonly number[] = [
  0, 168, 168, 168, 168, 420, 88, 72, 56, 168, 70, 168, 72, 72, 40, 88, 92, 80, 168, 312, 70, 272, 168, 160, 160, 40,
  60, 96,
];

/**
 * Every payload-level reject, in one place: the full decode (`decodePayload`) and the
 * summary path (`AisDecoder.pushSummary`, used by `harbor-ais stats`) both ask this, so
 * the two cannot disagree on which payloads are messages. Null = the payload decodes.
 */
export function payloadReject(bits: number): RejectReason | null {
  const type = u(0, 6);
  if (type === 0 || type > 27) return 'unknown_message_type';
  if (bits < MIN_BITS[type]!) return 'bad_payload_length';
  // Type 24 has only parts A (0) and B (1).
  if (type === 24 && u(38, 2) > 1) return 'unknown_message_type';
  return null;
}

/** Decode the loaded payload of `bits` bits; returns the message or why it was rejected. */
export function decodePayload(
  bits: number,
  channel: string,
  talker: string,
  ownShip: boolean,
  receivedAt: number | undefined,
): AisMessage | RejectReason {
  const reject = payloadReject(bits);
  if (reject !== null) return reject;
  const type = u(0, 6);
  switch (type) {
    case 1:
    case 2:
    case 3:
      return decodePositionA(type, bits, channel, talker, ownShip, receivedAt);
    case 4:
    case 11:
      return decodeBaseStation(type, bits, channel, talker, ownShip, receivedAt);
    case 5:
      return decodeStaticVoyage(bits, channel, talker, ownShip, receivedAt);
    case 9:
      return decodeSarAircraft(bits, channel, talker, ownShip, receivedAt);
    case 18:
      return decodePositionB(bits, channel, talker, ownShip, receivedAt);
    case 19:
      return decodePositionBExtended(bits, channel, talker, ownShip, receivedAt);
    case 21:
      return decodeAidToNavigation(bits, channel, talker, ownShip, receivedAt);
    case 24:
      // payloadReject has refused parts 2 and 3.
      return u(38, 2) === 0
        ? decodeStaticDataA(bits, channel, talker, ownShip, receivedAt)
        : decodeStaticDataB(bits, channel, talker, ownShip, receivedAt);
    case 27:
      return decodeLongRange(bits, channel, talker, ownShip, receivedAt);
    default:
      return decodeRare(type, bits, [channel, talker, ownShip, receivedAt]);
  }
}

/** The rarely seen types share one envelope tuple to keep their signatures short. */
function decodeRare(
  type: number,
  bits: number,
  e: readonly [string, string, boolean, number | undefined],
): AisMessage | RejectReason {
  switch (type) {
    case 6:
      return decodeBinaryAddressed(bits, e);
    case 7:
    case 13:
      return decodeAcknowledge(type, bits, e);
    case 8:
      return decodeBinaryBroadcast(bits, e);
    case 10:
      return decodeUtcInquiry(bits, e);
    case 12:
      return decodeSafetyAddressed(bits, e);
    case 14:
      return decodeSafetyBroadcast(bits, e);
    case 15:
      return decodeInterrogation(bits, e);
    case 16:
      return decodeAssignment(bits, e);
    case 17:
      return decodeDgnss(bits, e);
    case 20:
      return decodeDataLink(bits, e);
    case 22:
      return decodeChannelManagement(bits, e);
    case 23:
      return decodeGroupAssignment(bits, e);
    case 25:
    case 26:
      return decodeSlotBinary(type, bits, e);
    default:
      return 'unknown_message_type';
  }
}
