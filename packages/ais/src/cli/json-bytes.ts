/**
 * Value writers for `JsonMessageWriter`: each puts one JSON value into a byte buffer at
 * `p` and returns the position after it, or -1 when the buffer has no room (the caller
 * then falls back to JSON.stringify for that message). The output is byte for byte what
 * JSON.stringify gives, UTF-8 encoded as stdout would.
 *
 * Why not JSON.stringify: on `harbor-ais decode` it was about a third of the process, and
 * most of that was turning doubles into their shortest decimal form (lon, lat, speed,
 * course: ~170 ns each). The fast paths below print a double that is exactly k / 10 or
 * k / 100000 with integer arithmetic: for such values, which have at most 15 significant
 * digits, the shortest round-trip form that JSON.stringify prints is that decimal itself.
 * A guard checks that the value really is that quotient; anything else takes String(v).
 */

/** Room kept free for one message beyond the flush threshold (a message is < 30 KB). */
export const MESSAGE_ROOM = 64 * 1024;

/** A non-negative integer below 2^53. */
export function uint(b: Uint8Array, p: number, n: number): number {
  if (n < 10) {
    b[p] = 48 + n;
    return p + 1;
  }
  if (n >= 1e9) return ascii(b, p, String(n));
  // Digits counted first, then written from the last one: no scratch array.
  const end =
    p + (n < 100 ? 2 : n < 1e3 ? 3 : n < 1e4 ? 4 : n < 1e5 ? 5 : n < 1e6 ? 6 : n < 1e7 ? 7 : n < 1e8 ? 8 : 9);
  for (let q = end - 1; q >= p; q--) {
    const d = (n / 10) | 0;
    b[q] = 48 + n - d * 10;
    n = d;
  }
  return end;
}

/** Any number, as JSON.stringify prints it (NaN and Infinity as null, -0 as 0). */
export function num(b: Uint8Array, p: number, v: number): number {
  if (Number.isSafeInteger(v)) {
    if (v >= 0) return uint(b, p, v);
    b[p] = 45;
    return uint(b, p + 1, -v);
  }
  if (v === 0) return uint(b, p, 0); // -0
  return ascii(b, p, Number.isFinite(v) ? String(v) : 'null');
}

/** A number that is often k / `scale` (scale 10 or 100000): printed with integer arithmetic when it is. */
function scaled(b: Uint8Array, p: number, v: number, scale: number): number {
  const k = Math.round(v * scale);
  if (k / scale !== v || !(k > -2147483648 && k < 2147483648) || Number.isInteger(v)) return num(b, p, v);
  let a = k;
  if (a < 0) {
    b[p++] = 45;
    a = -a;
  }
  const whole = Math.floor(a / scale);
  p = uint(b, p, whole);
  let frac = a - whole * scale;
  b[p++] = 46; // '.', frac > 0 since v is not an integer
  for (let div = scale / 10; frac > 0; div /= 10) {
    const d = Math.floor(frac / div);
    b[p++] = 48 + d;
    frac -= d * div;
  }
  return p;
}

/** Speed, course, draught: tenths. */
export function tenths(b: Uint8Array, p: number, v: unknown): number {
  return typeof v === 'number' ? scaled(b, p, v, 10) : value(b, p, v);
}

/** Latitude and longitude: s / 600000 (or s / 600 for type 27); a multiple of 1e-5 degrees when s is a multiple of 6. */
export function degrees(b: Uint8Array, p: number, v: unknown): number {
  return typeof v === 'number' ? scaled(b, p, v, 100000) : value(b, p, v);
}

export function bool(b: Uint8Array, p: number, v: boolean): number {
  if (v) {
    b[p] = 116;
    b[p + 1] = 114;
    b[p + 2] = 117;
    b[p + 3] = 101;
    return p + 4;
  }
  b[p] = 102;
  b[p + 1] = 97;
  b[p + 2] = 108;
  b[p + 3] = 115;
  b[p + 4] = 101;
  return p + 5;
}

/** A string: printable ASCII other than '"' and '\' is copied; anything else goes through JSON.stringify. */
export function str(b: Uint8Array, p: number, s: string): number {
  const start = p;
  if (b.length - p < s.length + 2) return -1;
  b[p++] = 34;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c > 126 || c === 34 || c === 92) return utf8(b, start, JSON.stringify(s));
    b[p++] = c;
  }
  b[p] = 34;
  return p + 1;
}

/** Whatever else a message holds (the ETA, inland data): JSON.stringify's text. */
export function value(b: Uint8Array, p: number, v: unknown): number {
  switch (typeof v) {
    case 'number':
      return num(b, p, v);
    case 'string':
      return str(b, p, v);
    case 'boolean':
      return bool(b, p, v);
    default:
      return utf8(b, p, JSON.stringify(v) ?? 'null');
  }
}

/** ASCII text known to fit (number forms, null). */
function ascii(b: Uint8Array, p: number, s: string): number {
  for (let i = 0; i < s.length; i++) b[p++] = s.charCodeAt(i);
  return p;
}

function utf8(b: Uint8Array, p: number, s: string): number {
  const n = Buffer.byteLength(s, 'utf8');
  if (b.length - p < n) return -1;
  return p + Buffer.from(b.buffer, b.byteOffset, b.length).write(s, p, 'utf8');
}
