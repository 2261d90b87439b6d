import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/*
 * Answers that many requests share (a map view's ship positions, a catalogue search) carry their
 * compressed forms with them, so each is compressed once however often it is sent
 * (bench/README-ships.md section 4, bench/README-load.md).
 */

export type AnswerEncoding = 'br' | 'gzip';

/** Answers shorter than this go uncompressed: the encoding costs more than the bytes it saves (plugins/compression.ts too). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * The encoding to send for an Accept-Encoding header: brotli before gzip (a
 * quarter smaller at about the same cost on a 262 kB answer, bench/README-ships.md
 * section 4), none when the client names neither or refuses them with q=0.
 */
export function pickEncoding(header: string | undefined): AnswerEncoding | null {
  if (!header) return null;
  let br = false;
  let gz = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip' || name === '*') gz = true;
  }
  return br ? 'br' : gz ? 'gzip' : null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Two levels per encoding. The first request for an answer gets the fast one
 * (brotli 1, gzip 1: 2-4 ms for an ~750 KiB harbour answer); an answer asked
 * for UPGRADE_AT times within its life is worth the better one (brotli 4: ~18 %
 * smaller, 2-3x the time), made once in the background while the fast bytes go
 * on being sent. Upgrading on the second demand already made boxes asked a few
 * times a second (many maps each on their own view) about half as fast as never
 * upgrading; from the fourth on it measured as fast (bench/README-ships.md section 4). Boxes that differ on every request (each map panning on its own) thus
 * never pay brotli 4, which made them slower than no compression
 * (bench/README-ships.md section 4); gzip stays at 1 (level 6 costs twice that for
 * ~25 %, and browsers that take gzip take br). An answer lives a second (reuseMs):
 * at the fourth demand, 29 boxes each asked about four times a second all paid
 * brotli 4 every second for bytes sent once or twice, which made random boxes half
 * as fast as no cache; at the sixteenth only boxes that many maps share pay it.
 */
const LEVELS: Record<AnswerEncoding, { fast: number; better?: number }> = { br: { fast: 1, better: 4 }, gzip: { fast: 1 } };
export const UPGRADE_AT = 16;

/**
 * Brotli's window no larger than the answer (2^16 to 2^22 bytes). The default 2^22 allocates a 4 MiB
 * ring buffer and its hash tables for every answer, a 250 kB one included: brotli 1 took twice as long,
 * and the encoders' external memory set off major collections, which on a heap holding 100k ships' JSON
 * made the br answers of 500-ship boxes 5x slower than their JSON (bench/README-ships.md, 2026-12-06).
 * Matches never reach beyond the input, so the bytes are the same but for the header's window size.
 */
const windowBits = (bytes: number) => Math.min(constants.BROTLI_DEFAULT_WINDOW, Math.max(16, Math.ceil(Math.log2(bytes + 1))));

function compress(json: Buffer, encoding: AnswerEncoding, level: number): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(json, { level });
  return brotli(json, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: level,
      [constants.BROTLI_PARAM_LGWIN]: windowBits(json.length),
      [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/** One encoding of an answer: the fast bytes, then the better ones once made. */
interface Encoded {
  fast: Promise<Buffer>;
  /** Times this encoding was asked for. */
  demands: number;
  better?: Buffer;
  /** Set when the better level was started (demand UPGRADE_AT); settles when it is done or failed. */
  upgrading?: Promise<void>;
}

/** One answer: its JSON bytes and, built on demand, each compressed form (see LEVELS). */
export class EncodedAnswer {
  private readonly encoded: Partial<Record<AnswerEncoding, Encoded>> = {};

  constructor(readonly json: Buffer) {}

  body(encoding: AnswerEncoding): Buffer | Promise<Buffer> {
    const held = this.encoded[encoding];
    if (!held) return (this.encoded[encoding] = { fast: compress(this.json, encoding, LEVELS[encoding].fast), demands: 1 }).fast;
    if (held.better) return held.better;
    const better = LEVELS[encoding].better;
    if (better !== undefined && ++held.demands >= UPGRADE_AT && !held.upgrading) {
      // After the fast bytes, so the two never compete for the first answer; a failure keeps the fast bytes.
      held.upgrading = held.fast
        .then(() => compress(this.json, encoding, better))
        .then((b) => void (held.better = b))
        .catch(() => {});
    }
    return held.fast;
  }

  /** For tests: settles when every better level started so far is made. */
  async upgrades(): Promise<void> {
    await Promise.all(Object.values(this.encoded).map((e) => e.upgrading));
  }
}
