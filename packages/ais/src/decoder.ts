/**
 * AisDecoder: raw feed lines in, decoded messages out. Handles the line framing
 * (prefixes, tag blocks, $PGHP), the NMEA checksum, multipart reassembly and the
 * reject bookkeeping. Never throws: every line that yields nothing is either metadata
 * (tag-block-only / $PGHP / blank line / first fragment) or counted under a reason.
 */
import { DEFAULT_MULTIPART_TIMEOUT_MS, REJECT_REASONS } from './constants.ts';
import type { RejectReason } from './constants.ts';
import { decodePayload, payloadReject } from './decode-payload.ts';
import { hexByteAt, isPghp, parsePghp, parseTagBlock, parseTimePrefix, parseUnsigned, PGHP_FOLLOWED } from './line-meta.ts';
import { MAX_LINE_CHARS } from './line-splitter.ts';
import type { LineMeta } from './line-meta.ts';
import { writeMessageJson } from './json-bytes.ts';
import type { JsonLines } from './json-bytes.ts';
import type { AisMessage } from './message-types.ts';
import { MultipartBuffer } from './multipart.ts';
import { commitPayload, loadPayload, MAX_PAYLOAD_CHARS, payloadBuffer, SIXBIT_OF_CHAR, u } from './sixbit.ts';

export interface AisDecoderOptions {
  /** Drop an unfinished multipart message after this long (default 60 s). */
  multipartTimeoutMs?: number;
  /** Called for every rejected line (debugging, CLI `--rejects`). */
  onReject?: (reason: RejectReason, line: string) => void;
}

export interface AisDecoderStats {
  /** Lines pushed (including blank and metadata lines). */
  lines: number;
  /** `!xxVDM` / `!xxVDO` sentences seen (valid or not). */
  sentences: number;
  /** Messages returned. */
  messages: number;
  /** Rejected lines by reason. */
  rejects: Record<RejectReason, number>;
  /** Tag blocks with a wrong checksum (tolerated: the sentence is still decoded). */
  tagBlockChecksumErrors: number;
}

/**
 * What `pushSummary` returns for a message: enough for counts and time spans. The decoder
 * reuses one object, so read it before the next push.
 */
export interface AisSummary {
  type: number;
  mmsi: number;
  receivedAt: number | undefined;
}

/** What a line is decoded into: a message object, a summary (`pushSummary`) or a JSON line (`pushJson`). */
const MESSAGE = 0;
const SUMMARY = 1;
const JSON_LINE = 2;
type Mode = typeof MESSAGE | typeof SUMMARY | typeof JSON_LINE;

/** Max commas we record in a sentence; a VDM has exactly 6. */
const MAX_COMMAS = 7;

/** Interned talker strings by (c1 << 7 | c2), shared by all decoders (strings are immutable). */
const TALKERS: (string | undefined)[] = new Array<string | undefined>(1 << 14).fill(undefined);

export class AisDecoder {
  readonly stats: AisDecoderStats;
  private readonly onReject: ((reason: RejectReason, line: string) => void) | undefined;
  private readonly multipart: MultipartBuffer;
  private readonly meta: LineMeta = { time: undefined, group: '', tagChecksumError: false };
  private readonly commas = new Int32Array(MAX_COMMAS);
  /** Receive time announced by a `$PGHP` or tag-block-only line for the next sentence. */
  private pendingTime: number | undefined = undefined;
  private readonly summary: AisSummary = { type: 0, mmsi: 0, receivedAt: undefined };
  /** Where `pushJson` writes. */
  private jsonOut: JsonLines | null = null;

  constructor(opts: AisDecoderOptions = {}) {
    const rejects = {} as Record<RejectReason, number>;
    for (const r of REJECT_REASONS) rejects[r] = 0;
    this.stats = { lines: 0, sentences: 0, messages: 0, rejects, tagBlockChecksumErrors: 0 };
    this.onReject = opts.onReject;
    this.multipart = new MultipartBuffer(opts.multipartTimeoutMs ?? DEFAULT_MULTIPART_TIMEOUT_MS, (n) => {
      this.stats.rejects.incomplete_multipart += n;
    });
  }

  /**
   * Feed one raw line from a feed; returns the message completed by it, or null.
   * `nowMs` is the clock for multipart expiry (default: the line's receive time, else wall clock).
   * Never throws.
   */
  push(line: string, nowMs?: number): AisMessage | null {
    return this.line(line, nowMs, MESSAGE) as AisMessage | null;
  }

  /**
   * Like `push`, with the same checks and the same stats (every payload-level reject comes
   * from `payloadReject`, shared with the full decode), but a message comes back only as
   * its type, MMSI and receive time, in one reused object, without decoding its fields.
   * For counting (`harbor-ais stats`): about twice as fast as `push` on a cold process.
   */
  pushSummary(line: string, nowMs?: number): AisSummary | null {
    return this.line(line, nowMs, SUMMARY) as AisSummary | null;
  }

  /**
   * Like `push`, with the same checks and stats, but a message is appended to `out` as its
   * JSON line, the text of `JSON.stringify(message) + '\n'` in UTF-8 (json-bytes.ts), and
   * the common types are never built as objects. For `harbor-ais decode`. Returns whether
   * a line was written.
   */
  pushJson(line: string, out: JsonLines, nowMs?: number): boolean {
    this.jsonOut = out;
    return this.line(line, nowMs, JSON_LINE) !== null;
  }

  private line(line: string, nowMs: number | undefined, mode: Mode): AisMessage | AisSummary | null {
    this.stats.lines++;
    if (typeof line !== 'string') return this.reject('unknown_format', '');
    if (line.length > MAX_LINE_CHARS) return this.reject('line_too_long', line);
    let end = line.length;
    while (end > 0 && line.charCodeAt(end - 1) <= 32) end--;
    let p = 0;
    while (p < end && line.charCodeAt(p) <= 32) p++;
    if (p >= end) return null;
    const meta = this.meta;
    meta.time = undefined;
    meta.group = '';
    if (line.charCodeAt(p) !== 33 /* ! */) {
      p = this.skipPrefixes(line, p, end);
      if (p < 0) return null; // metadata line or rejected
    }
    let time: number | undefined = meta.time;
    if (this.pendingTime !== undefined) {
      if (time === undefined) time = this.pendingTime;
      this.pendingTime = undefined;
    }
    return this.sentence(line, p, end, time, nowMs, mode);
  }

  /** Expire stale partial multiparts (counted as incomplete_multipart). Without `nowMs`, drops them all (end of input). */
  flush(nowMs?: number): void {
    this.multipart.expire(nowMs ?? Infinity);
  }

  /**
   * Whether a receive time from a `$PGHP` or tag-block-only line waits for the next
   * sentence (for the parallel decode's scan, cli/decode-range.ts).
   */
  get hasPendingTime(): boolean {
    return this.pendingTime !== undefined;
  }

  /** Number of multipart messages waiting for more fragments. */
  get pendingMultiparts(): number {
    return this.multipart.size;
  }

  private reject(reason: RejectReason, line: string): null {
    this.stats.rejects[reason]++;
    if (this.onReject !== undefined) {
      try {
        this.onReject(reason, line);
      } catch {
        // A failing observer must not break decoding (push never throws).
      }
    }
    return null;
  }

  /**
   * Consume tag blocks, time prefixes and non-AIS lines before the '!'. Returns the index
   * of the '!', or -1 when the line is done (metadata kept, or rejected and counted).
   */
  private skipPrefixes(line: string, p: number, end: number): number {
    const meta = this.meta;
    meta.tagChecksumError = false;
    for (;;) {
      if (p >= end) {
        // Only tag block(s) on this line: their time applies to the next sentence.
        if (meta.time !== undefined) this.pendingTime = meta.time;
        return -1;
      }
      const c = line.charCodeAt(p);
      if (c === 33) return p;
      if (c === 92 /* \ */) {
        const next = parseTagBlock(line, p, end, meta);
        if (next < 0) {
          this.reject('unknown_format', line);
          return -1;
        }
        if (meta.tagChecksumError) {
          this.stats.tagBlockChecksumErrors++;
          meta.tagChecksumError = false;
        }
        p = next;
      } else if (c === 36 /* $ */) {
        if (isPghp(line, p)) {
          const t = parsePghp(line, p, end);
          if (t >= 0) this.pendingTime = t;
          // A sentence glued after the time line is lost with it: counted, and the time (now unclear) dropped.
          else this.reject(t === PGHP_FOLLOWED ? 'several_sentences_on_one_line' : 'unknown_format', line);
        } else {
          this.reject(looksLikeNmea(line, p, end) ? 'unsupported_sentence' : 'unknown_format', line);
        }
        return -1;
      } else {
        const next = c >= 48 && c <= 57 ? parseTimePrefix(line, p, end, this.meta) : -1;
        if (next >= 0) {
          p = next;
          continue;
        }
        // Unknown prefix: decode the first sentence found on the line, if any.
        const bang = line.indexOf('!', p);
        if (bang < 0 || bang >= end) {
          this.reject('unknown_format', line);
          return -1;
        }
        p = bang;
      }
    }
  }

  /** Parse the sentence starting at `p` (a '!'). */
  private sentence(
    line: string,
    p: number,
    end: number,
    time: number | undefined,
    nowMs: number | undefined,
    mode: Mode,
  ): AisMessage | AisSummary | null {
    // One pass to '*': XOR for the checksum, comma positions, and the payload (after the
    // 5th comma) converted to 6-bit values straight into the payload buffer. Three loops
    // so the long payload stretch runs with as few branches as possible.
    const commas = this.commas;
    const six = SIXBIT_OF_CHAR;
    const pbuf = payloadBuffer;
    let n = 0;
    let xor = 0;
    let star = -1;
    let k = 0;
    let bad = 0;
    let i = p + 1;
    // Header: talker + formatter, fragment count, number, sequence id, channel.
    for (; i < end; i++) {
      const c = line.charCodeAt(i);
      if (c === 42) {
        star = i;
        break;
      }
      xor ^= c;
      if (c === 44) {
        commas[n++] = i;
        if (n === 5) {
          i++;
          break;
        }
      }
    }
    // Payload, up to the next ',' or '*' (handled by the last loop).
    if (n === 5) {
      for (; i < end; i++) {
        const c = line.charCodeAt(i);
        if (c === 44 || c === 42) break;
        xor ^= c;
        const v = six[c]!;
        bad |= v;
        pbuf[k++] = v;
      }
    }
    // Rest: fill bits (and whatever a malformed sentence has) up to '*'.
    if (star < 0) {
      for (; i < end; i++) {
        const c = line.charCodeAt(i);
        if (c === 42) {
          star = i;
          break;
        }
        xor ^= c;
        if (c === 44 && n < MAX_COMMAS) commas[n++] = i;
      }
    }
    const isVdx =
      n > 0 &&
      commas[0] === p + 6 &&
      line.charCodeAt(p + 3) === 86 && // V
      line.charCodeAt(p + 4) === 68 && // D
      (line.charCodeAt(p + 5) === 77 || line.charCodeAt(p + 5) === 79); // M | O
    if (isVdx) this.stats.sentences++;
    if (star < 0) return this.reject('unknown_format', line);
    // Anything sentence-like after the checksum means lines were glued together.
    for (let i = star + 3; i < end; i++) {
      const c = line.charCodeAt(i);
      if (c === 33 || c === 36 || c === 92) return this.reject('several_sentences_on_one_line', line);
    }
    const sum = hexByteAt(line, star + 1);
    if (sum !== xor) return this.reject('bad_checksum', line);
    if (!isVdx) return this.reject(n > 0 ? 'unsupported_sentence' : 'unknown_format', line);
    if (n !== 6) return this.reject('unknown_format', line);

    const count = parseUnsigned(line, commas[0]! + 1, commas[1]!);
    const num = parseUnsigned(line, commas[1]! + 1, commas[2]!);
    if (count < 1 || count > 9 || num < 1 || num > count) return this.reject('bad_fragment', line);
    const payStart = commas[4]! + 1;
    const payEnd = commas[5]!;
    const fill = star === payEnd + 2 ? line.charCodeAt(payEnd + 1) - 48 : -1;
    if (fill < 0 || fill > 5) return this.reject('bad_fill_bits', line);
    const len = payEnd - payStart;
    if (len === 0 || len > MAX_PAYLOAD_CHARS) return this.reject('bad_payload_length', line);

    if (count === 1) {
      if ((bad & 0x80) !== 0) return this.reject('bad_payload_char', line);
      commitPayload(len, fill);
      if (mode === SUMMARY) return this.summarise(len * 6 - fill, time, line, 0);
      if (mode === JSON_LINE) return this.json(len * 6 - fill, time, line, p, 0);
      return this.finish(decodePayload(len * 6 - fill, this.channel(line), this.talker(line, p), line.charCodeAt(p + 5) === 79, time), line);
    }

    return this.fragment(line, p, count, num, payStart, payEnd, fill, time, nowMs, mode);
  }

  /**
   * A fragment of a multipart message (the sentence checked by `sentence`, its commas in
   * `this.commas`). Kept out of `sentence` so the hot single-part path is a smaller
   * function to compile, and is not compiled again when the first fragment shows up.
   */
  private fragment(
    line: string,
    p: number,
    count: number,
    num: number,
    payStart: number,
    payEnd: number,
    fill: number,
    time: number | undefined,
    nowMs: number | undefined,
    mode: Mode,
  ): AisMessage | AisSummary | null {
    const commas = this.commas;
    // Multipart: key on talker, VDM/VDO, channel, sequence id and tag-block group.
    const seqStart = commas[2]! + 1;
    const seqLen = commas[3]! - seqStart;
    if (seqLen > 0 && parseUnsigned(line, seqStart, commas[3]!) < 0) return this.reject('bad_fragment', line);
    const key = line.slice(p + 1, p + 3) + line[p + 5] + line.slice(seqStart, commas[4]) + ',' + this.meta.group;
    const clock = nowMs !== undefined && Number.isFinite(nowMs) ? nowMs : this.multipart.clockFrom(time);
    const r = this.multipart.add(key, count, num, line.slice(payStart, payEnd), time, clock);
    if (r === null) return null; // waiting for more fragments
    if (typeof r === 'string') return this.reject(r, line);
    const full = r.payload;
    if (full.length > MAX_PAYLOAD_CHARS) {
      this.stats.rejects.bad_payload_length += r.fragments - 1;
      return this.reject('bad_payload_length', line);
    }
    if (!loadPayload(full, 0, full.length, fill)) {
      this.stats.rejects.bad_payload_char += r.fragments - 1;
      return this.reject('bad_payload_char', line);
    }
    if (mode === SUMMARY) return this.summarise(full.length * 6 - fill, r.receivedAt, line, r.fragments - 1);
    if (mode === JSON_LINE) return this.json(full.length * 6 - fill, r.receivedAt, line, p, r.fragments - 1);
    const msg = decodePayload(full.length * 6 - fill, this.channel(line), this.talker(line, p), line.charCodeAt(p + 5) === 79, r.receivedAt);
    if (typeof msg === 'string') this.stats.rejects[msg] += r.fragments - 1;
    return this.finish(msg, line);
  }

  /** The summary of the loaded payload; `earlier` fragments share its fate when it is rejected. */
  private summarise(bits: number, receivedAt: number | undefined, line: string, earlier: number): AisSummary | null {
    const reject = payloadReject(bits);
    if (reject !== null) {
      this.stats.rejects[reject] += earlier;
      return this.reject(reject, line);
    }
    this.stats.messages++;
    const sum = this.summary;
    sum.type = u(0, 6);
    sum.mmsi = u(8, 30);
    sum.receivedAt = receivedAt;
    return sum;
  }

  /** Writes the loaded payload's JSON line to `jsonOut`; returns the summary object as a mark (or null when rejected). */
  private json(bits: number, receivedAt: number | undefined, line: string, p: number, earlier: number): AisSummary | null {
    const reject = payloadReject(bits);
    if (reject !== null) {
      this.stats.rejects[reject] += earlier;
      return this.reject(reject, line);
    }
    this.stats.messages++;
    writeMessageJson(this.jsonOut!, bits, this.channel(line), this.talker(line, p), line.charCodeAt(p + 5) === 79, receivedAt);
    return this.summary;
  }

  /** Radio channel: the field between the 4th and 5th comma (recorded by `sentence`). */
  private channel(line: string): string {
    const start = this.commas[3]! + 1;
    const end = this.commas[4]!;
    const n = end - start;
    return n === 1 ? line[start]! : n === 0 ? '' : line.slice(start, end);
  }

  private finish(msg: AisMessage | RejectReason, line: string): AisMessage | null {
    if (typeof msg === 'string') return this.reject(msg, line);
    this.stats.messages++;
    return msg;
  }

  private talker(line: string, p: number): string {
    const a = line.charCodeAt(p + 1);
    const b = line.charCodeAt(p + 2);
    if (a >= 128 || b >= 128) return line.slice(p + 1, p + 3);
    const k = (a << 7) | b;
    let t = TALKERS[k];
    if (t === undefined) TALKERS[k] = t = line.slice(p + 1, p + 3);
    return t;
  }
}

/** `$GPRMC,...*hh`-like: letters/digits for the address, then a comma. */
function looksLikeNmea(line: string, p: number, end: number): boolean {
  const comma = line.indexOf(',', p);
  return comma > p + 3 && comma <= p + 7 && line.lastIndexOf('*', end - 1) > comma;
}
