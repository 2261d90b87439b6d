/**
 * AIS encoder (pure functions): message object -> NMEA sentences with correct checksums,
 * split into fragments when the payload is long. Supports types 1, 2, 3, 5, 18 and 24 A/B,
 * which is what the traffic simulator emits. Missing fields default to "not available".
 */
import type {
  PositionReportA,
  PositionReportB,
  StaticDataA,
  StaticDataB,
  StaticVoyageData,
} from './message-types.ts';
import { CHAR_OF_SIXBIT } from './sixbit.ts';

type Input<M, K extends keyof M> = Pick<M, K> & Partial<Omit<M, K>>;

/** What `encodeAis` accepts: a decoded message of a supported type works as is. */
export type EncodableMessage =
  | Input<PositionReportA, 'type' | 'mmsi'>
  | Input<StaticVoyageData, 'type' | 'mmsi'>
  | Input<PositionReportB, 'type' | 'mmsi'>
  | Input<StaticDataA, 'type' | 'mmsi' | 'partNo'>
  | Input<StaticDataB, 'type' | 'mmsi' | 'partNo'>;

export interface EncodeOptions {
  /** Talker id, default 'AI'. */
  talker?: string;
  /** Radio channel, default 'A'. */
  channel?: string;
  /** Sequential message id 0-9 for multipart messages, default 0. */
  sequenceId?: number;
  /** Emit VDO (own ship) instead of VDM. */
  ownShip?: boolean;
  /** Max payload chars per sentence before splitting, default 60 (keeps sentences <= 82 chars). */
  maxPayloadChars?: number;
  /** Prefix each sentence with an NMEA 4 tag block `\c:<unix seconds>*hh\` carrying this time (ms). */
  timestampMs?: number;
}

/** XOR checksum of the chars between the start char and '*', as two uppercase hex digits. */
export function nmeaChecksum(body: string): string {
  let x = 0;
  for (let i = 0; i < body.length; i++) x ^= body.charCodeAt(i);
  return x.toString(16).toUpperCase().padStart(2, '0');
}

/** Fixed-size bit buffer; fields are written MSB first. */
class BitWriter {
  readonly bits: Uint8Array;
  constructor(size: number) {
    this.bits = new Uint8Array(size);
  }
  /** Unsigned field; out-of-range values are clamped to the field. */
  u(pos: number, len: number, value: number): void {
    const max = 2 ** len - 1;
    let v = Math.round(Number.isFinite(value) ? value : 0);
    v = v < 0 ? 0 : v > max ? max : v;
    for (let i = len - 1; i >= 0; i--) {
      this.bits[pos + i] = v % 2;
      v = Math.floor(v / 2);
    }
  }
  /** Signed (two's complement) field, clamped. */
  s(pos: number, len: number, value: number): void {
    const half = 2 ** (len - 1);
    let v = Math.round(Number.isFinite(value) ? value : 0);
    v = v < -half ? -half : v > half - 1 ? half - 1 : v;
    this.u(pos, len, v < 0 ? v + 2 * half : v);
  }
  b(pos: number, value: boolean | undefined): void {
    this.bits[pos] = value === true ? 1 : 0;
  }
  /** 6-bit text, upper-cased, '@'-padded; unsupported chars become '?'. */
  text(pos: number, len: number, value: string | undefined): void {
    const s = (value ?? '').toUpperCase();
    const n = len / 6;
    for (let k = 0; k < n; k++) {
      let c = k < s.length ? s.charCodeAt(k) : 64;
      if (c < 32 || c > 95) c = 63;
      this.u(pos + k * 6, 6, c >= 64 ? c - 64 : c);
    }
  }
  /** Armoured payload chars and the number of fill bits. */
  armour(): { payload: string; fill: number } {
    const n = Math.ceil(this.bits.length / 6);
    let payload = '';
    for (let k = 0; k < n; k++) {
      let v = 0;
      for (let i = 0; i < 6; i++) v = (v << 1) | (this.bits[k * 6 + i] ?? 0);
      payload += String.fromCharCode(CHAR_OF_SIXBIT[v]!);
    }
    return { payload, fill: n * 6 - this.bits.length };
  }
}

/** Raw rate of turn from deg/min (inverse of the decoder's conversion). Specials -128/+-127 pass through. */
export function turnToRaw(turn: number): number {
  if (!Number.isFinite(turn) || turn === -128) return -128;
  if (turn === 127 || turn === -127) return turn;
  const raw = Math.round(4.733 * Math.sqrt(Math.abs(turn)));
  return Math.sign(turn) * Math.min(raw, 126);
}

function header(w: BitWriter, type: number, repeat: number | undefined, mmsi: number): void {
  w.u(0, 6, type);
  w.u(6, 2, repeat ?? 0);
  w.u(8, 30, mmsi);
}

/** Payload bits of a message (no NMEA framing). */
export function encodePayload(m: EncodableMessage): { payload: string; fill: number } {
  let w: BitWriter;
  switch (m.type) {
    case 1:
    case 2:
    case 3:
      w = new BitWriter(168);
      header(w, m.type, m.repeat, m.mmsi);
      w.u(38, 4, m.status ?? 15);
      w.s(42, 8, m.turnRaw ?? turnToRaw(m.turn ?? -128));
      w.u(50, 10, (m.speed ?? 102.3) * 10);
      w.b(60, m.accuracy);
      w.s(61, 28, (m.lon ?? 181) * 600000);
      w.s(89, 27, (m.lat ?? 91) * 600000);
      w.u(116, 12, (m.course ?? 360) * 10);
      w.u(128, 9, m.heading ?? 511);
      w.u(137, 6, m.second ?? 60);
      w.u(143, 2, m.maneuver ?? 0);
      w.b(148, m.raim);
      w.u(149, 19, m.radio ?? 0);
      break;
    case 5: {
      w = new BitWriter(424);
      header(w, 5, m.repeat, m.mmsi);
      w.u(38, 2, m.aisVersion ?? 0);
      w.u(40, 30, m.imo ?? 0);
      w.text(70, 42, m.callSign);
      w.text(112, 120, m.shipName);
      w.u(232, 8, m.shipType ?? 0);
      w.u(240, 9, m.toBow ?? 0);
      w.u(249, 9, m.toStern ?? 0);
      w.u(258, 6, m.toPort ?? 0);
      w.u(264, 6, m.toStarboard ?? 0);
      w.u(270, 4, m.epfd ?? 0);
      const eta = m.eta ?? { month: 0, day: 0, hour: 24, minute: 60 };
      w.u(274, 4, eta.month);
      w.u(278, 5, eta.day);
      w.u(283, 5, eta.hour);
      w.u(288, 6, eta.minute);
      w.u(294, 8, (m.draught ?? 0) * 10);
      w.text(302, 120, m.destination);
      w.b(422, m.dte);
      break;
    }
    case 18:
      w = new BitWriter(168);
      header(w, 18, m.repeat, m.mmsi);
      w.u(38, 8, m.reserved1 ?? 0);
      w.u(46, 10, (m.speed ?? 102.3) * 10);
      w.b(56, m.accuracy);
      w.s(57, 28, (m.lon ?? 181) * 600000);
      w.s(85, 27, (m.lat ?? 91) * 600000);
      w.u(112, 12, (m.course ?? 360) * 10);
      w.u(124, 9, m.heading ?? 511);
      w.u(133, 6, m.second ?? 60);
      w.u(139, 2, m.reserved2 ?? 0);
      w.b(141, m.cs ?? true);
      w.b(142, m.display);
      w.b(143, m.dsc);
      w.b(144, m.band);
      w.b(145, m.msg22);
      w.b(146, m.assigned);
      w.b(147, m.raim);
      w.u(148, 20, m.radio ?? 0);
      break;
    case 24:
      if (m.partNo === 0) {
        w = new BitWriter(160);
        header(w, 24, m.repeat, m.mmsi);
        w.u(38, 2, 0);
        w.text(40, 120, m.shipName);
      } else {
        w = new BitWriter(168);
        header(w, 24, m.repeat, m.mmsi);
        w.u(38, 2, 1);
        w.u(40, 8, m.shipType ?? 0);
        w.text(48, 18, m.vendorId);
        w.u(66, 4, m.model ?? 0);
        w.u(70, 20, m.serial ?? 0);
        w.text(90, 42, m.callSign);
        if (m.mothershipMmsi !== undefined) {
          w.u(132, 30, m.mothershipMmsi);
        } else {
          w.u(132, 9, m.toBow ?? 0);
          w.u(141, 9, m.toStern ?? 0);
          w.u(150, 6, m.toPort ?? 0);
          w.u(156, 6, m.toStarboard ?? 0);
        }
      }
      break;
    default:
      // Only reachable from untyped callers.
      throw new RangeError(`encodeAis: message type ${(m as { type: unknown }).type} is not supported`);
  }
  return w.armour();
}

/** Encode a message as one or more NMEA sentences (one per line, without line ends). */
export function encodeAis(m: EncodableMessage, opts: EncodeOptions = {}): string[] {
  const { payload, fill } = encodePayload(m);
  // Never more than 9 fragments (the NMEA limit), whatever maxPayloadChars says.
  const wanted = Math.floor(opts.maxPayloadChars ?? 60);
  const max = Math.max(Math.ceil(payload.length / 9), Number.isFinite(wanted) ? wanted : 60);
  const count = Math.ceil(payload.length / max);
  const head = `${opts.talker ?? 'AI'}VD${opts.ownShip === true ? 'O' : 'M'}`;
  const seq = count > 1 ? String((opts.sequenceId ?? 0) % 10) : '';
  const channel = opts.channel ?? 'A';
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const chunk = payload.slice(k * max, (k + 1) * max);
    const body = `${head},${count},${k + 1},${seq},${channel},${chunk},${k === count - 1 ? fill : 0}`;
    let line = `!${body}*${nmeaChecksum(body)}`;
    if (opts.timestampMs !== undefined) {
      const tag = `c:${Math.floor(opts.timestampMs / 1000)}`;
      line = `\\${tag}*${nmeaChecksum(tag)}\\${line}`;
    }
    out.push(line);
  }
  return out;
}
