/**
 * Parsers for what real feeds put around or between AIS sentences: NMEA 4 tag blocks
 * (`\g:1-2-9999,c:1565218798*53\`), unix-time prefixes (`1452468647.445 !AIVDM...`) and
 * Gatehouse `$PGHP` receive-time lines. Index scanning only (no regex, no split): these
 * run on every line of a prefixed feed.
 */

/** Where a parser leaves its results; one instance per decoder, reused for every line. */
export interface LineMeta {
  /** Receive time (ms epoch) found on this line, or undefined. */
  time: number | undefined;
  /** Tag-block group id (`g:` third part), '' when absent. */
  group: string;
  /** Set when a tag block's checksum did not match (tolerated). */
  tagChecksumError: boolean;
}

/** Hex digit value per char code, -1 when not a hex digit. */
export const HEX_VALUE: Int8Array = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < 10; i++) t[48 + i] = i;
  for (let i = 0; i < 6; i++) {
    t[65 + i] = 10 + i;
    t[97 + i] = 10 + i;
  }
  return t;
})();

/** Value of the two hex digits at `i`, or -1. */
export function hexByteAt(line: string, i: number): number {
  const a = line.charCodeAt(i);
  const b = line.charCodeAt(i + 1);
  if (!(a < 128 && b < 128)) return -1; // also false for NaN past the end
  const h = HEX_VALUE[a]!;
  const l = HEX_VALUE[b]!;
  return h < 0 || l < 0 ? -1 : (h << 4) | l;
}

/** Seconds or milliseconds since epoch -> ms. Values above 1e11 are taken as ms already. */
function epochToMs(v: number): number {
  return v > 1e11 ? v : v * 1000;
}

/**
 * Parse the tag block starting at `start` (a backslash). Returns the index after the
 * closing backslash, or -1 if the block is not closed before `end`.
 */
export function parseTagBlock(line: string, start: number, end: number, meta: LineMeta): number {
  const close = line.indexOf('\\', start + 1);
  if (close < 0 || close >= end) return -1;
  let star = close;
  let xor = 0;
  for (let i = start + 1; i < close; i++) {
    const c = line.charCodeAt(i);
    if (c === 42) {
      star = i;
      break;
    }
    xor ^= c;
  }
  if (star < close && (star + 3 !== close || hexByteAt(line, star + 1) !== xor)) meta.tagChecksumError = true;
  // Fields "k:value" separated by commas.
  let i = start + 1;
  while (i < star) {
    let j = i;
    while (j < star && line.charCodeAt(j) !== 44) j++;
    const key = line.charCodeAt(i);
    if (line.charCodeAt(i + 1) === 58 /* : */) {
      if (key === 99 /* c */) {
        const v = parseUnsigned(line, i + 2, j);
        if (v >= 0) meta.time = epochToMs(v);
      } else if (key === 103 /* g */) {
        meta.group = groupId(line, i + 2, j);
      }
    }
    i = j + 1;
  }
  return close + 1;
}

/** `g:` value "num-total-id": the id (whatever follows the second '-'), or the whole value if malformed. */
function groupId(line: string, from: number, to: number): string {
  const d1 = line.indexOf('-', from);
  const d2 = d1 < 0 ? -1 : line.indexOf('-', d1 + 1);
  if (d2 < 0 || d2 >= to) return line.slice(from, to);
  return line.slice(d2 + 1, to);
}

/** Non-negative integer from digits in [from, to), or -1 if empty / not all digits / too long. */
export function parseUnsigned(line: string, from: number, to: number): number {
  if (to <= from || to - from > 15) return -1;
  let v = 0;
  for (let i = from; i < to; i++) {
    const d = line.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/**
 * Unix-time prefix `1452468647.445` followed by a separator (space, tab, ',' or ';').
 * Returns the index of the first char after the separators, or -1 when the line does not
 * start like that. Sets `meta.time` (milliseconds, fraction truncated to ms).
 */
export function parseTimePrefix(line: string, start: number, end: number, meta: LineMeta): number {
  let i = start;
  let secs = 0;
  while (i < end) {
    const d = line.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    secs = secs * 10 + d;
    i++;
  }
  if (i === start || i - start > 13) return -1;
  let ms = 0;
  if (line.charCodeAt(i) === 46 /* . */) {
    i++;
    let scale = 100;
    while (i < end) {
      const d = line.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      ms += d * scale;
      scale = (scale / 10) | 0;
      i++;
    }
  }
  const sepStart = i;
  while (i < end) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 44 && c !== 59) break;
    i++;
  }
  if (i === sepStart) return -1;
  meta.time = secs > 1e11 ? secs : secs * 1000 + ms;
  return i;
}

/** parsePghp's answer for a valid `$PGHP` line with more text (another sentence) after its checksum. */
export const PGHP_FOLLOWED = -2;

/**
 * `$PGHP,1,yyyy,mm,dd,hh,mi,ss,ms,...*hh` (Gatehouse): receive time of the next sentence.
 * Returns the time in ms, PGHP_FOLLOWED when a sentence is glued after it, or -1
 * if the line is not a valid type-1 PGHP line.
 */
export function parsePghp(line: string, start: number, end: number): number {
  // Checksum over the chars between '$' and its own '*' (the first one: a glued sentence has another).
  const star = line.indexOf('*', start);
  if (star <= start || star >= end) return -1;
  let xor = 0;
  for (let i = start + 1; i < star; i++) xor ^= line.charCodeAt(i);
  if (hexByteAt(line, star + 1) !== xor) return -1;
  if (star + 3 < end) return PGHP_FOLLOWED;
  const f: number[] = [];
  let i = start + 6; // after "$PGHP,"
  while (f.length < 8 && i < star) {
    let j = i;
    while (j < star && line.charCodeAt(j) !== 44) j++;
    f.push(parseUnsigned(line, i, j));
    i = j + 1;
  }
  if (f.length < 8 || f[0] !== 1) return -1;
  for (let k = 1; k < 8; k++) if (f[k]! < 0) return -1;
  const t = Date.UTC(f[1]!, f[2]! - 1, f[3]!, f[4]!, f[5]!, f[6]!, f[7]!);
  return Number.isFinite(t) ? t : -1;
}

/** True if the line at `start` begins with `$PGHP,`. */
export function isPghp(line: string, start: number): boolean {
  return line.startsWith('$PGHP,', start);
}
