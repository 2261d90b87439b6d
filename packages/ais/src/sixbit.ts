/**
 * 6-bit payload reader. The decoder is synchronous, so one module-level buffer holds
 * the payload being decoded: no per-message allocation, no closures, and the field
 * readers are small monomorphic functions V8 inlines.
 *
 * Bits past the end of the payload read as 0 (the buffer is kept zeroed there).
 */

/** Largest payload we accept, in characters (9 fragments of an over-long 100 chars). */
export const MAX_PAYLOAD_CHARS = 1024;

/** Lookup char code -> 6-bit value, 0xff for chars outside the AIS armour. 64 KiB so any UTF-16 unit indexes it. */
export const SIXBIT_OF_CHAR: Uint8Array = (() => {
  const t = new Uint8Array(65536).fill(0xff);
  for (let c = 48; c <= 87; c++) t[c] = c - 48; // '0'..'W' -> 0..39
  for (let c = 96; c <= 119; c++) t[c] = c - 56; // '`'..'w' -> 40..63
  return t;
})();

/** 6-bit value -> payload char code (the inverse armour, used by the encoder). */
export const CHAR_OF_SIXBIT: Uint8Array = (() => {
  const t = new Uint8Array(64);
  for (let v = 0; v < 64; v++) t[v] = v < 40 ? v + 48 : v + 56;
  return t;
})();

/** 6-bit value -> text character (AIS 6-bit ASCII: 0-31 are '@'..'_', 32-63 are ' '..'?'). */
export const TEXT_OF_SIXBIT: readonly string[] = Array.from({ length: 64 }, (_, v) =>
  String.fromCharCode(v < 32 ? v + 64 : v),
);

/** 6-bit values of the payload chars, written by `loadPayload` or the decoder's scan loop. */
const chars = new Uint8Array(MAX_PAYLOAD_CHARS);
/**
 * The payload packed 8 bits per byte, MSB first. Field reads take 4-5 bytes as one int32,
 * so every field is a few integer ops with no loop. 8 spare bytes keep reads in bounds.
 */
const bytes = new Uint8Array((MAX_PAYLOAD_CHARS * 6) / 8 + 8);
/** Bytes of `bytes` that may be non-zero; re-zeroed when a shorter payload is packed. */
let dirtyBytes = 0;
/** Length in bits of the loaded payload (fill bits excluded). */
let bitLength = 0;

/**
 * The 6-bit value buffer, for the decoder's fused scan loop which converts payload chars
 * while it computes the checksum. Then `commitPayload` makes them the current payload.
 */
export const payloadBuffer: Uint8Array = chars;

/** Pack the first `n` values of `payloadBuffer` (last one with `fill` pad bits) as the current payload. */
export function commitPayload(n: number, fill: number): void {
  // Zero the pad bits so fields running past the end of a short payload read as 0.
  if (fill > 0 && n > 0) chars[n - 1] = chars[n - 1]! & (63 ^ ((1 << fill) - 1));
  let i = 0;
  let j = 0;
  // 4 chars (24 bits) -> 3 bytes; Uint8Array stores keep the low 8 bits.
  for (; i + 4 <= n; i += 4) {
    const v = (chars[i]! << 18) | (chars[i + 1]! << 12) | (chars[i + 2]! << 6) | chars[i + 3]!;
    bytes[j++] = v >>> 16;
    bytes[j++] = v >>> 8;
    bytes[j++] = v;
  }
  if (i < n) {
    let v = 0;
    for (let k = 0; k < 4; k++, i++) v = (v << 6) | (i < n ? chars[i]! : 0);
    bytes[j++] = v >>> 16;
    bytes[j++] = v >>> 8;
    bytes[j++] = v;
  }
  // Zero what earlier, longer payloads left behind, so reads past the end give 0.
  if (dirtyBytes > j) bytes.fill(0, j, dirtyBytes);
  dirtyBytes = j;
  bitLength = n * 6 - fill;
}

/**
 * Load `line.slice(start, end)` as payload. Returns false if a char is outside the armour
 * or the payload is too long. `fill` is the number of trailing pad bits (0-5).
 */
export function loadPayload(line: string, start: number, end: number, fill: number): boolean {
  const n = end - start;
  if (n > MAX_PAYLOAD_CHARS) return false;
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const v = SIXBIT_OF_CHAR[line.charCodeAt(start + i)]!;
    bad |= v;
    chars[i] = v;
  }
  // 0xff marks a bad char; valid values never set bit 7.
  if (bad & 0x80) return false;
  commitPayload(n, fill);
  return true;
}

/** Number of payload bits currently loaded. */
export function payloadBits(): number {
  return bitLength;
}

/** The 32 payload bits starting at bit `start`, as an int32 (MSB = bit `start`). */
function word(start: number): number {
  const b = start >>> 3;
  const o = start & 7;
  const w = (bytes[b]! << 24) | (bytes[b + 1]! << 16) | (bytes[b + 2]! << 8) | bytes[b + 3]!;
  return o === 0 ? w : (w << o) | (bytes[b + 4]! >>> (8 - o));
}

/** Unsigned field of `len` bits (1..32) at bit `start`. */
export function u(start: number, len: number): number {
  return word(start) >>> (32 - len);
}

/** Signed (two's complement) field of `len` bits (1..32) at bit `start`. */
export function s(start: number, len: number): number {
  return word(start) >> (32 - len);
}

/** One bit as a boolean. */
export function flag(pos: number): boolean {
  return ((bytes[pos >>> 3]! >>> (7 - (pos & 7))) & 1) === 1;
}

/**
 * pyais-compatible optional field: undefined when the field starts at or after the end
 * of the payload; when the payload ends inside it, the value of the bits present.
 */
export function uOpt(start: number, len: number): number | undefined {
  if (start >= bitLength) return undefined;
  return start + len <= bitLength ? u(start, len) : u(start, bitLength - start);
}

/**
 * 6-bit text of at most `len` bits at `start`, limited to the whole chars present in the
 * payload, cut at the first '@' and trimmed of spaces.
 */
export function text(start: number, len: number): string {
  const avail = bitLength - start;
  const chars = ((avail < len ? avail : len) / 6) | 0;
  let out = '';
  let pending = 0; // spaces seen but not yet emitted (dropped if trailing)
  for (let k = 0; k < chars; k++) {
    const v = u(start + k * 6, 6);
    if (v === 0) break; // '@' ends the text
    if (v === 32) {
      if (out.length > 0) pending++;
      continue;
    }
    if (pending > 0) {
      out += ' '.repeat(pending);
      pending = 0;
    }
    out += TEXT_OF_SIXBIT[v]!;
  }
  return out;
}

const HEX: readonly string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Binary data from bit `start` to the end of the payload (at most `maxBits`), as hex; the last byte is zero-padded. */
export function hex(start: number, maxBits: number): string {
  let n = bitLength - start;
  if (n > maxBits) n = maxBits;
  let out = '';
  let p = start;
  for (; n >= 8; n -= 8, p += 8) out += HEX[u(p, 8)]!;
  if (n > 0) out += HEX[u(p, n) << (8 - n)]!;
  return out;
}

/** Number of data bits `hex(start, maxBits)` covers. */
export function dataBits(start: number, maxBits: number): number {
  const n = bitLength - start;
  return n < 0 ? 0 : n > maxBits ? maxBits : n;
}
