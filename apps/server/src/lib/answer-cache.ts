/**
 * Answers that many clients ask for at once, kept for a moment: the first request for a key
 * builds it, the ones that arrive while it is built or within `ttlMs` after share it. `clear()`
 * starts over (a change was made): an answer being built then is handed to its waiting requests
 * but not kept, so nothing read before the change outlives it. `ttlMs` 0 keeps nothing.
 */
export class AnswerCache<T = string> {
  private entries = new Map<string, { answer: Promise<T>; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, build: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return build();
    const t = this.now();
    const held = this.entries.get(key);
    if (held && t - held.at < this.ttlMs) return held.answer;
    if (this.entries.size >= this.maxEntries) this.makeRoom(t);
    const answer = build();
    const entry = { answer, at: t };
    this.entries.set(key, entry);
    // A failed build is not kept: the next request tries again.
    answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return answer;
  }

  clear() {
    this.entries.clear();
  }

  /**
   * Drops the answers past their time; if every one is still fresh (many different searches
   * within ttl), starts over: popular searches are a handful, and the bound keeps a spray of
   * distinct ones from holding more than maxEntries pages.
   */
  private makeRoom(t: number) {
    for (const [key, e] of this.entries) if (t - e.at >= this.ttlMs) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}
