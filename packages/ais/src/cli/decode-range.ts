/**
 * The pieces of a parallel `harbor-ais decode` that run in every thread: decoding one byte
 * range of a regular file into JSON-line chunks, and scanning a range that another thread
 * decodes so that this thread's decoder leaves it in exactly the state a single pass
 * would have there.
 *
 * What a decoder carries from one line to the next (decoder.ts, multipart.ts,
 * line-meta.ts): the partial multipart messages with the multipart clock and next expiry
 * sweep, all changed only by multipart fragments (a sentence with a count other than 1);
 * and `pendingTime`, set by a `$PGHP` or tag-block-only line and cleared by the next line
 * that reaches a sentence. Line metadata, the comma positions and the payload buffer are
 * rewritten for every line. So the scan feeds `pushSummary` (the framing, checksum and
 * multipart handling of `push`, without decoding payloads) only the lines that can matter:
 *
 * - a bare single-part sentence (`!xxVDM,1,` at the start of a line of at most
 *   MAX_LINE_CHARS) always reaches the sentence parser and only clears `pendingTime`:
 *   skipped (a bare '!' is fed instead when the decoder holds a time; it clears it alike);
 * - a line without '!' never reaches a sentence: it can only set or keep `pendingTime`, so
 *   it is held back and dropped when a bare single-part sentence follows (which clears that
 *   time anyway), fed otherwise;
 * - a line with one '!', no '$' before it (no `$PGHP` can be parsed first), no '\' after it
 *   (it is not inside a tag block) and `,1,` as the sentence's count, while no time is
 *   pending: it either reaches that single-part sentence or is rejected, and neither
 *   changes anything: skipped;
 * - a line longer than MAX_LINE_CHARS is rejected before anything is read: skipped;
 * - anything else is fed (after the held lines).
 *
 * So a range may start at any line boundary, even inside a multipart message.
 */
import { readSync } from 'node:fs';
import type { AisDecoder } from '../decoder.ts';
import type { JsonLines } from '../json-bytes.ts';
import { LineSplitter, MAX_LINE_CHARS } from '../line-splitter.ts';
import { toPyais } from '../pyais.ts';

const CHUNK_BYTES = 1 << 16;
/** Output is handed on in pieces of about this many characters (bytes). */
const OUT_CHARS = 1 << 16;

/** `end` < 0: up to the end of the file (the last range, so a growing file reads like a single pass). */
export function forEachLineInRange(fd: number, start: number, end: number, onLine: (line: string) => void | Promise<void>): Promise<void> | void {
  const buf = Buffer.allocUnsafe(CHUNK_BYTES);
  const splitter = new LineSplitter();
  let pos = start;
  // Synchronous while onLine never returns a promise (the worker's case); async otherwise.
  const step = (): Promise<void> | void => {
    for (;;) {
      const want = end < 0 ? CHUNK_BYTES : Math.min(CHUNK_BYTES, end - pos);
      const n = want > 0 ? readSync(fd, buf, 0, want, pos) : 0;
      if (n === 0) break;
      pos += n;
      // latin1 as in read-lines.ts: byte offsets are char offsets, AIS is ASCII.
      const lines = splitter.push(buf.toString('latin1', 0, n));
      for (let i = 0; i < lines.length; i++) {
        const r = onLine(lines[i]!);
        if (r !== undefined) return r.then(() => rest(lines, i + 1));
      }
    }
    const last = splitter.end();
    if (last !== null) return onLine(last);
    return undefined;
  };
  const rest = async (lines: string[], from: number): Promise<void> => {
    for (let i = from; i < lines.length; i++) await onLine(lines[i]!);
    await step();
  };
  return step();
}

/** A bare single-part sentence: `!xxVDM,1,` at the very start of a line. */
function isBareSingle(line: string): boolean {
  return line.charCodeAt(0) === 33 /* ! */ && line.charCodeAt(6) === 44 /* , */ && line.charCodeAt(7) === 49 /* 1 */ && line.charCodeAt(8) === 44;
}

/** A prefixed single-part sentence that changes no state when no time is pending (see above). */
function isPrefixedSingle(line: string, bang: number): boolean {
  if (line.charCodeAt(bang + 6) !== 44 || line.charCodeAt(bang + 7) !== 49 || line.charCodeAt(bang + 8) !== 44) return false;
  if (line.indexOf('!', bang + 1) >= 0 || line.indexOf('\\', bang + 1) >= 0) return false;
  const dollar = line.indexOf('$');
  return dollar < 0 || dollar > bang;
}

/** Lines held back at most (a long run of lines without a sentence is fed in pieces). */
const MAX_HELD = 1024;

/** Feeds a range decoded elsewhere to `decoder`, only for the state it carries (see above). */
export function scanRange(fd: number, start: number, end: number, decoder: AisDecoder): void {
  let held: string[] = [];
  const feedHeld = () => {
    for (let i = 0; i < held.length; i++) decoder.pushSummary(held[i]!);
    held = [];
  };
  void forEachLineInRange(fd, start, end, (line) => {
    // Rejected as line_too_long before anything else is read or changed.
    if (line.length > MAX_LINE_CHARS) return;
    if (isBareSingle(line)) {
      if (held.length > 0) held = [];
      if (decoder.hasPendingTime) decoder.pushSummary('!');
      return;
    }
    const bang = line.indexOf('!');
    if (bang < 0) {
      held.push(line);
      if (held.length >= MAX_HELD) feedHeld();
      return;
    }
    if (held.length === 0 && !decoder.hasPendingTime && isPrefixedSingle(line, bang)) return;
    feedHeld();
    decoder.pushSummary(line);
  });
  feedHeld();
}

/**
 * Decodes a range, handing JSON lines to `emit` in pieces of about 64 KiB (each ends with
 * '\n'): bytes of their own (json-bytes.ts) for the json format, text for pyais. `emit`
 * may return a promise (stdout backpressure): reading waits for it.
 */
export async function decodeRange(
  fd: number,
  start: number,
  end: number,
  decoder: AisDecoder,
  pyais: boolean,
  emit: (data: string | Uint8Array) => void | Promise<void>,
): Promise<void> {
  if (!pyais) {
    const out: JsonLines = { buf: Buffer.allocUnsafe(OUT_CHARS * 2), pos: 0 };
    // A copy per piece: the worker transfers it, the main thread may queue it.
    const flushBytes = () => {
      const data = new Uint8Array(out.buf.subarray(0, out.pos));
      out.pos = 0;
      return emit(data);
    };
    await forEachLineInRange(fd, start, end, (line) => (decoder.pushJson(line, out) && out.pos >= OUT_CHARS ? flushBytes() : undefined));
    if (out.pos > 0) await flushBytes();
    return;
  }
  let parts: string[] = [];
  let size = 0;
  const flush = () => {
    const text = parts.join('\n') + '\n';
    parts = [];
    size = 0;
    return emit(text);
  };
  await forEachLineInRange(fd, start, end, (line) => {
    const m = decoder.push(line);
    if (m === null) return undefined;
    const s = JSON.stringify(toPyais(m));
    parts.push(s);
    size += s.length + 1;
    return size < OUT_CHARS ? undefined : flush();
  });
  if (parts.length > 0) await flush();
}

/** Whether thread `thread` of `threads` decodes a segment at or after `k` (else it can stop). */
export function ownsFrom(k: number, count: number, thread: number, threads: number): boolean {
  for (let j = k; j < count; j++) if (j % threads === thread) return true;
  return false;
}

/** Data a worker needs: the file, the segments' byte offsets and which ones are its own. */
export interface WorkerPlan {
  fd: number;
  /** Segment k is [bounds[k], bounds[k + 1]); the last bound is -1 (end of file). */
  bounds: number[];
  thread: number;
  threads: number;
  pyais: boolean;
  /** Int32 [0]: segments written to stdout so far (the main thread advances it). */
  written: SharedArrayBuffer;
}

/**
 * Thread `plan.thread`'s work with its own decoder: scan others' segments, decode its own.
 * `waitTurn(k)` returns when segment k may start (bounded memory: fewer than `threads`
 * segments before it still to be written).
 */
export async function runSegments(
  plan: WorkerPlan,
  decoder: AisDecoder,
  waitTurn: (k: number) => void | Promise<void>,
  emit: (k: number, data: string | Uint8Array) => void | Promise<void>,
  endSegment: (k: number) => void,
): Promise<void> {
  const { fd, bounds, thread, threads } = plan;
  const count = bounds.length - 1;
  for (let k = 0; k < count && ownsFrom(k, count, thread, threads); k++) {
    if (k % threads !== thread) {
      scanRange(fd, bounds[k]!, bounds[k + 1]!, decoder);
      continue;
    }
    await waitTurn(k);
    await decodeRange(fd, bounds[k]!, bounds[k + 1]!, decoder, plan.pyais, (text) => emit(k, text));
    endSegment(k);
  }
}

/** A worker's `waitTurn`: blocks on the shared count of segments written (the main thread advances it). */
export function blockUntilTurn(plan: WorkerPlan): (k: number) => void {
  const written = new Int32Array(plan.written);
  return (k) => {
    for (;;) {
      const w = Atomics.load(written, 0);
      if (k - w < plan.threads) return;
      Atomics.wait(written, 0, w);
    }
  };
}
