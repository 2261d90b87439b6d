/**
 * JSON text of decoded messages written straight into a byte buffer (for `harbor-ais
 * decode`): byte for byte `JSON.stringify(message) + '\n'` as UTF-8, without building the
 * message object. The common types (1-3, 4, 5, 11, 18, 21, 24) are written field by field from
 * the loaded payload; every other type is decoded as usual and stringified
 * (json-bytes.test.ts checks both against JSON.stringify on random payloads of every type
 * and length, and on every capture).
 *
 * Numbers: integers are printed digit by digit. The scaled fields print exactly without
 * any float-to-text conversion when their value is a short decimal: speed and course are
 * k / 10; lon and lat are s / 600000, which is the decimal N / 1e6 with N = s / 3 * 5
 * whenever s is a multiple of 3. Such a decimal has at most 9 significant digits, and the
 * double nearest to it has no other decimal of 9 digits or fewer within its rounding
 * interval (about 1e-16 of the value wide), so the decimal is exactly the shortest
 * round-trip form JSON.stringify prints. Any other lon/lat (two in three on real feeds)
 * goes through String(), the same shortest form.
 */
import { decodePayload } from './decode-payload.ts';
import { turnFromRaw } from './decode-position.ts';
import { flag, payloadBits, s, u } from './sixbit.ts';

/** The output buffer: `buf[0..pos)` holds whole lines. */
export interface JsonLines {
  buf: Buffer;
  pos: number;
}

/** Worst case bytes of a fast-path message besides its two strings (21 keys and values). */
const FIXED_ROOM = 1024;

/** Makes room for `n` more bytes (a bigger buffer, the lines so far copied over). */
function reserve(o: JsonLines, n: number): void {
  if (o.pos + n <= o.buf.length) return;
  const bigger = Buffer.allocUnsafe(Math.max(o.buf.length * 2, o.pos + n));
  o.buf.copy(bigger, 0, 0, o.pos);
  o.buf = bigger;
}

/** Key texts as bytes: `{"type":` for the first of a message, `,"repeat":` for the others. */
function keys(first: boolean, ...names: string[]): Uint8Array[] {
  return names.map((k, i) => Uint8Array.from(`${i === 0 && first ? '{' : ','}${JSON.stringify(k)}:`, (c) => c.charCodeAt(0)));
}

function key(b: Buffer, p: number, k: Uint8Array): number {
  for (let i = 0; i < k.length; i++) b[p + i] = k[i]!;
  return p + k.length;
}

/** A non-negative integer below 2^31. */
function uint(b: Buffer, p: number, n: number): number {
  if (n < 10) {
    b[p] = 48 + n;
    return p + 1;
  }
  const end = p + (n < 100 ? 2 : n < 1e3 ? 3 : n < 1e4 ? 4 : n < 1e5 ? 5 : n < 1e6 ? 6 : n < 1e7 ? 7 : n < 1e8 ? 8 : n < 1e9 ? 9 : 10);
  for (let q = end - 1; q >= p; q--) {
    const d = (n / 10) | 0;
    b[q] = 48 + n - d * 10;
    n = d;
  }
  return end;
}

/** A non-negative safe integer (a time in ms): up to 9 digits above the last 9. */
function safeUint(b: Buffer, p: number, n: number): number {
  if (n < 2147483648) return uint(b, p, n);
  const high = Math.floor(n / 1e9);
  let low = n - high * 1e9;
  p = uint(b, p, high);
  for (let q = p + 8; q >= p; q--) {
    const d = (low / 10) | 0;
    b[q] = 48 + low - d * 10;
    low = d;
  }
  return p + 9;
}

/** A signed integer of at most 31 bits. */
function int(b: Buffer, p: number, n: number): number {
  if (n >= 0) return uint(b, p, n);
  b[p] = 45;
  return uint(b, p + 1, -n);
}

/** ASCII text (a number's digits). */
function ascii(b: Buffer, p: number, t: string): number {
  for (let i = 0; i < t.length; i++) b[p++] = t.charCodeAt(i);
  return p;
}

/** k / 10 for an integer k >= 0, as JSON.stringify prints it. */
function tenths(b: Buffer, p: number, k: number): number {
  const whole = (k / 10) | 0;
  p = uint(b, p, whole);
  const r = k - whole * 10;
  if (r === 0) return p;
  b[p] = 46;
  b[p + 1] = 48 + r;
  return p + 2;
}

/** s / 600000 (lon, lat from a signed field of at most 28 bits), as JSON.stringify prints it. */
function degrees(b: Buffer, p: number, s: number): number {
  if (s % 3 !== 0) return ascii(b, p, String(s / 600000));
  let n = (s / 3) * 5; // s / 600000 = n / 1e6
  if (n < 0) {
    b[p++] = 45;
    n = -n;
  }
  const whole = (n / 1000000) | 0;
  p = uint(b, p, whole);
  let frac = n - whole * 1000000;
  if (frac === 0) return p;
  b[p++] = 46;
  // Six decimals without their trailing zeros.
  let digits = 6;
  while (frac % 10 === 0) {
    frac /= 10;
    digits--;
  }
  for (let q = p + digits - 1; q >= p; q--) {
    const d = (frac / 10) | 0;
    b[q] = 48 + frac - d * 10;
    frac = d;
  }
  return p + digits;
}

function bool(b: Buffer, p: number, v: boolean): number {
  if (v) {
    b[p] = 116; // true
    b[p + 1] = 114;
    b[p + 2] = 117;
    b[p + 3] = 101;
    return p + 4;
  }
  b[p] = 102; // false
  b[p + 1] = 97;
  b[p + 2] = 108;
  b[p + 3] = 115;
  b[p + 4] = 101;
  return p + 5;
}

/** A string value: printable ASCII but '"' and '\' copied, anything else JSON.stringify's text as UTF-8. */
function str(o: JsonLines, p: number, t: string): number {
  const b = o.buf;
  const start = p;
  b[p++] = 34;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 32 || c > 126 || c === 34 || c === 92) return utf8(o, start, JSON.stringify(t));
    b[p++] = c;
  }
  b[p] = 34;
  return p + 1;
}

/** Text of any kind at `p` (the caller's room covers ASCII; more is made when it is not). */
function utf8(o: JsonLines, p: number, t: string): number {
  const n = Buffer.byteLength(t, 'utf8');
  if (p + n + FIXED_ROOM > o.buf.length) {
    o.pos = p;
    reserve(o, n + FIXED_ROOM);
  }
  return p + o.buf.write(t, p, 'utf8');
}

/** The envelope's tail: channel, talker, ownShip, receivedAt (left out when undefined), bits, `}\n`. */
function tail(o: JsonLines, p: number, channel: string, talker: string, ownShip: boolean, receivedAt: number | undefined, bits: number): number {
  p = str(o, key(o.buf, p, K_CHANNEL), channel);
  p = str(o, key(o.buf, p, K_TALKER), talker);
  const b = o.buf; // str may have grown it
  p = bool(b, key(b, p, K_OWN_SHIP), ownShip);
  if (receivedAt !== undefined) {
    p = key(b, p, K_RECEIVED_AT);
    p = Number.isSafeInteger(receivedAt) && receivedAt >= 0 ? safeUint(b, p, receivedAt) : ascii(b, p, numberText(receivedAt));
  }
  p = uint(b, key(b, p, K_BITS), bits);
  b[p] = 125; // }
  b[p + 1] = 10;
  return p + 2;
}

/** Any number as JSON.stringify prints it. */
function numberText(v: number): string {
  return Number.isFinite(v) ? String(v) : 'null';
}

const [K_CHANNEL, K_TALKER, K_OWN_SHIP, K_RECEIVED_AT, K_BITS] = keys(false, 'channel', 'talker', 'ownShip', 'receivedAt', 'bits') as [
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
  Uint8Array,
];

// Field order as in decode-position.ts (the test compares with JSON.stringify of those objects).
const KA = keys(true, 'type', 'repeat', 'mmsi', 'status', 'turn', 'turnRaw', 'speed', 'accuracy', 'lon', 'lat', 'course', 'heading', 'second', 'maneuver', 'raim', 'radio');
const KB = keys(true, 'type', 'repeat', 'mmsi', 'reserved1', 'speed', 'accuracy', 'lon', 'lat', 'course', 'heading', 'second', 'reserved2', 'cs', 'display', 'dsc', 'band', 'msg22', 'assigned', 'raim', 'radio');
const KBASE = keys(true, 'type', 'repeat', 'mmsi', 'year', 'month', 'day', 'hour', 'minute', 'second', 'accuracy', 'lon', 'lat', 'epfd', 'raim', 'radio');

/** `text(start, len)` of sixbit.ts as a JSON string, straight from the payload's 6-bit values. */
function text(b: Buffer, p: number, start: number, len: number): number {
  const avail = payloadBits() - start;
  const chars = ((avail < len ? avail : len) / 6) | 0;
  b[p++] = 34;
  let pending = 0; // spaces not yet written (dropped when trailing, or leading)
  let any = false;
  for (let k = 0; k < chars; k++) {
    const v = u(start + k * 6, 6);
    if (v === 0) break; // '@' ends the text
    if (v === 32) {
      if (any) pending++;
      continue;
    }
    for (; pending > 0; pending--) b[p++] = 32;
    any = true;
    const c = v < 32 ? v + 64 : v;
    if (c === 34 || c === 92) b[p++] = 92; // '"' and '\' escaped
    b[p++] = c;
  }
  b[p] = 34;
  return p + 1;
}

// Field order as in decode-static.ts.
const K5 = keys(true, 'type', 'repeat', 'mmsi', 'aisVersion', 'imo', 'callSign', 'shipName', 'shipType', 'toBow', 'toStern', 'toPort', 'toStarboard', 'epfd', 'eta');
const KETA = keys(true, 'month', 'day', 'hour', 'minute');
const K5_END = keys(false, 'draught', 'destination', 'dte');
const K24 = keys(true, 'type', 'repeat', 'mmsi', 'partNo', 'shipName');
const K24B = keys(false, 'shipType', 'vendorId', 'model', 'serial', 'callSign', 'toBow', 'toStern', 'toPort', 'toStarboard', 'mothershipMmsi');

/** Type 5 (decodeStaticVoyage). */
function staticVoyage(o: JsonLines): number {
  const b = o.buf;
  let p = o.pos;
  p = uint(b, key(b, p, K5[0]!), 5);
  p = uint(b, key(b, p, K5[1]!), u(6, 2));
  p = uint(b, key(b, p, K5[2]!), u(8, 30));
  p = uint(b, key(b, p, K5[3]!), u(38, 2));
  p = uint(b, key(b, p, K5[4]!), u(40, 30));
  p = text(b, key(b, p, K5[5]!), 70, 42);
  p = text(b, key(b, p, K5[6]!), 112, 120);
  p = uint(b, key(b, p, K5[7]!), u(232, 8));
  p = uint(b, key(b, p, K5[8]!), u(240, 9));
  p = uint(b, key(b, p, K5[9]!), u(249, 9));
  p = uint(b, key(b, p, K5[10]!), u(258, 6));
  p = uint(b, key(b, p, K5[11]!), u(264, 6));
  p = uint(b, key(b, p, K5[12]!), u(270, 4));
  p = key(b, p, K5[13]!);
  p = uint(b, key(b, p, KETA[0]!), u(274, 4));
  p = uint(b, key(b, p, KETA[1]!), u(278, 5));
  p = uint(b, key(b, p, KETA[2]!), u(283, 5));
  p = uint(b, key(b, p, KETA[3]!), u(288, 6));
  b[p++] = 125; // }
  p = tenths(b, key(b, p, K5_END[0]!), u(294, 8));
  p = text(b, key(b, p, K5_END[1]!), 302, 120);
  return bool(b, key(b, p, K5_END[2]!), flag(422));
}

/** Type 24, parts A and B (decodeStaticDataA, decodeStaticDataB). */
function staticData(o: JsonLines): number {
  const b = o.buf;
  let p = o.pos;
  const mmsi = u(8, 30);
  const partB = u(38, 2) === 1;
  p = uint(b, key(b, p, K24[0]!), 24);
  p = uint(b, key(b, p, K24[1]!), u(6, 2));
  p = uint(b, key(b, p, K24[2]!), mmsi);
  p = uint(b, key(b, p, K24[3]!), partB ? 1 : 0);
  if (!partB) return text(b, key(b, p, K24[4]!), 40, 120);
  p = uint(b, key(b, p, K24B[0]!), u(40, 8));
  p = text(b, key(b, p, K24B[1]!), 48, 18);
  p = uint(b, key(b, p, K24B[2]!), u(66, 4));
  p = uint(b, key(b, p, K24B[3]!), u(70, 20));
  p = text(b, key(b, p, K24B[4]!), 90, 42);
  // Auxiliary craft (MMSI 98MIDxxxx) give their mothership's MMSI instead of dimensions.
  if (mmsi >= 980000000 && mmsi < 990000000) return uint(b, key(b, p, K24B[9]!), u(132, 30));
  p = uint(b, key(b, p, K24B[5]!), u(132, 9));
  p = uint(b, key(b, p, K24B[6]!), u(141, 9));
  p = uint(b, key(b, p, K24B[7]!), u(150, 6));
  return uint(b, key(b, p, K24B[8]!), u(156, 6));
}

const K21 = keys(true, 'type', 'repeat', 'mmsi', 'aidType', 'name', 'nameExt', 'fullName', 'accuracy', 'lon', 'lat', 'toBow', 'toStern', 'toPort', 'toStarboard', 'epfd', 'second', 'offPosition', 'reserved1', 'raim', 'virtualAid', 'assigned');

/** Bytes [from, to) copied to `p`. */
function copyWithin(b: Buffer, p: number, from: number, to: number): number {
  for (let i = from; i < to; i++) b[p++] = b[i]!;
  return p;
}

/** Type 21 (decodeAidToNavigation). */
function aidToNavigation(o: JsonLines, bits: number): number {
  const b = o.buf;
  let p = o.pos;
  p = uint(b, key(b, p, K21[0]!), 21);
  p = uint(b, key(b, p, K21[1]!), u(6, 2));
  p = uint(b, key(b, p, K21[2]!), u(8, 30));
  p = uint(b, key(b, p, K21[3]!), u(38, 5));
  const name = key(b, p, K21[4]!);
  p = text(b, name, 43, 120);
  const nameEnd = p;
  // The name extension only past the 272-bit fixed part, and left out when empty ("").
  let ext = p;
  let extEnd = p;
  if (bits > 272) {
    ext = key(b, p, K21[5]!);
    extEnd = text(b, ext, 272, 88);
    if (extEnd - ext > 2) p = extEnd;
    else ext = extEnd = p;
  }
  // fullName: the two escaped texts joined (escapes are per character).
  p = key(b, p, K21[6]!);
  p = copyWithin(b, p, name, nameEnd - 1);
  if (extEnd > ext) p = copyWithin(b, p, ext + 1, extEnd);
  else b[p++] = 34;
  p = bool(b, key(b, p, K21[7]!), flag(163));
  p = degrees(b, key(b, p, K21[8]!), s(164, 28));
  p = degrees(b, key(b, p, K21[9]!), s(192, 27));
  p = uint(b, key(b, p, K21[10]!), u(219, 9));
  p = uint(b, key(b, p, K21[11]!), u(228, 9));
  p = uint(b, key(b, p, K21[12]!), u(237, 6));
  p = uint(b, key(b, p, K21[13]!), u(243, 6));
  p = uint(b, key(b, p, K21[14]!), u(249, 4));
  p = uint(b, key(b, p, K21[15]!), u(253, 6));
  p = bool(b, key(b, p, K21[16]!), flag(259));
  p = uint(b, key(b, p, K21[17]!), u(260, 8));
  p = bool(b, key(b, p, K21[18]!), flag(268));
  p = bool(b, key(b, p, K21[19]!), flag(269));
  return bool(b, key(b, p, K21[20]!), flag(270));
}

/** Types 1-3 (decodePositionA). */
function positionA(o: JsonLines, type: number): number {
  const b = o.buf;
  let p = o.pos;
  const turnRaw = s(42, 8);
  p = uint(b, key(b, p, KA[0]!), type);
  p = uint(b, key(b, p, KA[1]!), u(6, 2));
  p = uint(b, key(b, p, KA[2]!), u(8, 30));
  p = uint(b, key(b, p, KA[3]!), u(38, 4));
  p = int(b, key(b, p, KA[4]!), turnFromRaw(turnRaw));
  p = int(b, key(b, p, KA[5]!), turnRaw);
  p = tenths(b, key(b, p, KA[6]!), u(50, 10));
  p = bool(b, key(b, p, KA[7]!), flag(60));
  p = degrees(b, key(b, p, KA[8]!), s(61, 28));
  p = degrees(b, key(b, p, KA[9]!), s(89, 27));
  p = tenths(b, key(b, p, KA[10]!), u(116, 12));
  p = uint(b, key(b, p, KA[11]!), u(128, 9));
  p = uint(b, key(b, p, KA[12]!), u(137, 6));
  p = uint(b, key(b, p, KA[13]!), u(143, 2));
  p = bool(b, key(b, p, KA[14]!), flag(148));
  return uint(b, key(b, p, KA[15]!), u(149, 19));
}

/** Type 18 (decodePositionB). */
function positionB(o: JsonLines): number {
  const b = o.buf;
  let p = o.pos;
  p = uint(b, key(b, p, KB[0]!), 18);
  p = uint(b, key(b, p, KB[1]!), u(6, 2));
  p = uint(b, key(b, p, KB[2]!), u(8, 30));
  p = uint(b, key(b, p, KB[3]!), u(38, 8));
  p = tenths(b, key(b, p, KB[4]!), u(46, 10));
  p = bool(b, key(b, p, KB[5]!), flag(56));
  p = degrees(b, key(b, p, KB[6]!), s(57, 28));
  p = degrees(b, key(b, p, KB[7]!), s(85, 27));
  p = tenths(b, key(b, p, KB[8]!), u(112, 12));
  p = uint(b, key(b, p, KB[9]!), u(124, 9));
  p = uint(b, key(b, p, KB[10]!), u(133, 6));
  p = uint(b, key(b, p, KB[11]!), u(139, 2));
  for (let i = 0; i < 7; i++) p = bool(b, key(b, p, KB[12 + i]!), flag(141 + i));
  return uint(b, key(b, p, KB[19]!), u(148, 20));
}

/** Types 4 and 11 (decodeBaseStation). */
function baseStation(o: JsonLines, type: number): number {
  const b = o.buf;
  let p = o.pos;
  p = uint(b, key(b, p, KBASE[0]!), type);
  p = uint(b, key(b, p, KBASE[1]!), u(6, 2));
  p = uint(b, key(b, p, KBASE[2]!), u(8, 30));
  p = uint(b, key(b, p, KBASE[3]!), u(38, 14));
  p = uint(b, key(b, p, KBASE[4]!), u(52, 4));
  p = uint(b, key(b, p, KBASE[5]!), u(56, 5));
  p = uint(b, key(b, p, KBASE[6]!), u(61, 5));
  p = uint(b, key(b, p, KBASE[7]!), u(66, 6));
  p = uint(b, key(b, p, KBASE[8]!), u(72, 6));
  p = bool(b, key(b, p, KBASE[9]!), flag(78));
  p = degrees(b, key(b, p, KBASE[10]!), s(79, 28));
  p = degrees(b, key(b, p, KBASE[11]!), s(107, 27));
  p = uint(b, key(b, p, KBASE[12]!), u(134, 4));
  p = bool(b, key(b, p, KBASE[13]!), flag(148));
  return uint(b, key(b, p, KBASE[14]!), u(149, 19));
}

/**
 * Appends the JSON line of the loaded payload (`bits` long, already accepted by
 * `payloadReject`) to `o`: the text of `JSON.stringify(decodePayload(...)) + '\n'`.
 */
export function writeMessageJson(o: JsonLines, bits: number, channel: string, talker: string, ownShip: boolean, receivedAt: number | undefined): void {
  const type = u(0, 6);
  let p: number;
  if (type <= 5 || type === 18 || type === 11 || type === 24 || type === 21) {
    reserve(o, FIXED_ROOM + 2 * (channel.length + talker.length));
    p =
      type <= 3
        ? positionA(o, type)
        : type === 18
          ? positionB(o)
          : type === 5
            ? staticVoyage(o)
            : type === 24
              ? staticData(o)
              : type === 21
                ? aidToNavigation(o, bits)
                : baseStation(o, type);
    o.pos = tail(o, p, channel, talker, ownShip, receivedAt, bits);
    return;
  }
  const m = decodePayload(bits, channel, talker, ownShip, receivedAt);
  reserve(o, FIXED_ROOM);
  p = utf8(o, o.pos, JSON.stringify(m));
  o.buf[p] = 10;
  o.pos = p + 1;
}
