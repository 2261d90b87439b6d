import { EncodedAnswer } from '../../lib/encoded-answer.ts';

/** One positions answer: its bytes, their compressed forms, and when it was built (its `timestamp`). */
export class PositionsAnswer extends EncodedAnswer {
  constructor(
    json: Buffer,
    readonly builtAt: number,
  ) {
    super(json);
  }
}

export interface AnswerCacheOptions {
  /**
   * How old a reused answer may be while ships keep moving. Ships report every
   * 2 s to 3 min and the map refreshes every few seconds, so an answer one
   * second old shows nothing a fresh one would not; many maps on the same view
   * then cost one build and one compression per second instead of one each.
   */
  reuseMs: number;
  /** Bound on the bytes held (JSON plus compressed forms, fast and better, estimated at a quarter). */
  maxBytes: number;
}

/**
 * Answers of GET /v1/ships/positions by query string, each reused for `reuseMs`
 * after it was built (its `timestamp` says when).
 */
export class PositionsAnswerCache {
  private readonly entries = new Map<string, PositionsAnswer>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly opts: AnswerCacheOptions = { reuseMs: 1000, maxBytes: 64 * 1024 * 1024 }) {}

  get(key: string, now: number, build: () => string): PositionsAnswer {
    const held = this.entries.get(key);
    if (held && now - held.builtAt < this.opts.reuseMs && now >= held.builtAt) {
      this.hits++;
      return held;
    }
    this.misses++;
    if (held) this.drop(key, held);
    const answer = new PositionsAnswer(Buffer.from(build()), now);
    this.entries.set(key, answer);
    this.bytes += cost(answer);
    // Oldest first (Map keeps insertion order); a single answer over the bound is still served, just not kept.
    for (const [k, a] of this.entries) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.drop(k, a);
    }
    return answer;
  }

  private drop(key: string, answer: PositionsAnswer) {
    this.entries.delete(key);
    this.bytes -= cost(answer);
  }
}

const cost = (a: PositionsAnswer) => Math.ceil(a.json.length * 1.25);
