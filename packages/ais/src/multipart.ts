/**
 * Multipart reassembly. Fragments are keyed by the caller (talker, VDM/VDO, sequence id,
 * channel, tag-block group) and must arrive in order; anything else drops the partial
 * message. Dropped fragments are reported through `onDrop` so the decoder can count
 * them as `incomplete_multipart`.
 */
import type { RejectReason } from './constants.ts';

/** Above this many partial messages the oldest is dropped (protects against key floods). */
const MAX_PENDING = 1024;

/** A partial (or, once returned by `add`, complete) multipart message. */
export class PendingMessage {
  readonly count: number;
  /** Fragment number expected next. */
  next = 2;
  /** Payload chars of the fragments so far. */
  payload: string;
  fragments = 1;
  /** Receive time of the latest fragment that had one. */
  receivedAt: number | undefined;
  /** Clock value when the first fragment arrived. */
  readonly started: number;

  constructor(count: number, payload: string, receivedAt: number | undefined, started: number) {
    this.count = count;
    this.payload = payload;
    this.receivedAt = receivedAt;
    this.started = started;
  }
}

export class MultipartBuffer {
  private readonly pending = new Map<string, PendingMessage>();
  /** Highest receive time seen; the clock used when the caller gives none. */
  private clock = -Infinity;
  private nextSweep = -Infinity;

  private readonly timeoutMs: number;
  private readonly onDrop: (fragments: number) => void;

  constructor(timeoutMs: number, onDrop: (fragments: number) => void) {
    this.timeoutMs = timeoutMs;
    this.onDrop = onDrop;
  }

  get size(): number {
    return this.pending.size;
  }

  /**
   * Clock for expiry when the caller passed no `nowMs`: the highest receive time seen in
   * the data (so replaying a file gives the same result at any speed), else wall time.
   */
  clockFrom(time: number | undefined): number {
    if (time !== undefined) {
      if (time > this.clock) this.clock = time;
      return this.clock;
    }
    return this.clock > -Infinity ? this.clock : Date.now();
  }

  /**
   * Add fragment `num` of `count`. Returns the complete message when this was the last
   * fragment, null while waiting, or a reject reason for this fragment.
   */
  add(
    key: string,
    count: number,
    num: number,
    payload: string,
    time: number | undefined,
    clock: number,
  ): PendingMessage | RejectReason | null {
    if (this.pending.size > 0 && clock >= this.nextSweep) {
      this.expire(clock);
      this.nextSweep = clock + this.timeoutMs / 4;
    }
    const existing = this.pending.get(key);
    if (num === 1) {
      if (existing !== undefined) this.drop(key, existing);
      this.pending.set(key, new PendingMessage(count, payload, time, clock));
      if (this.pending.size > MAX_PENDING) {
        const oldest = this.pending.keys().next();
        if (oldest.done !== true) this.drop(oldest.value, this.pending.get(oldest.value)!);
      }
      return null;
    }
    if (existing === undefined || existing.next !== num || existing.count !== count) {
      if (existing !== undefined) this.drop(key, existing);
      return 'incomplete_multipart';
    }
    existing.payload += payload;
    existing.fragments++;
    if (time !== undefined) existing.receivedAt = time;
    if (num === count) {
      this.pending.delete(key);
      return existing;
    }
    existing.next++;
    return null;
  }

  /** Drop partial messages started more than the timeout before `now` (all of them for Infinity). */
  expire(now: number): void {
    const all = now === Infinity;
    for (const [key, m] of this.pending) {
      if (all || now - m.started > this.timeoutMs) this.drop(key, m);
    }
  }

  private drop(key: string, m: PendingMessage): void {
    this.pending.delete(key);
    this.onDrop(m.fragments);
  }
}
