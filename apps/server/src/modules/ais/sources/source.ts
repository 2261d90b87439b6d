import type { AisSourceKind, AisSourceState, AisSourceStatus } from '@harbor/contracts';

export interface AisSource {
  readonly name: string;
  readonly kind: AisSourceKind;
  start(): void;
  stop(): Promise<void>;
  status(): AisSourceStatus;
}

/** Messages per second over a sliding window of one-second buckets. */
export class RateMeter {
  private readonly buckets: Float64Array;
  private second = 0;

  constructor(private readonly windowS = 10) {
    this.buckets = new Float64Array(windowS);
  }

  add(n = 1, now = Date.now()) {
    this.roll(now);
    this.buckets[this.second % this.windowS]! += n;
  }

  rate(now = Date.now()) {
    this.roll(now);
    let sum = 0;
    for (const b of this.buckets) sum += b;
    return sum / this.windowS;
  }

  private roll(now: number) {
    const s = Math.floor(now / 1000);
    if (s === this.second) return;
    const gap = Math.min(this.windowS, s - this.second);
    for (let i = 1; i <= gap; i++) this.buckets[(this.second + i) % this.windowS] = 0;
    this.second = s;
  }
}

/** Exponential backoff with jitter: 1 s, 2 s, 4 s ... capped at 60 s. */
export function backoffMs(attempt: number, baseMs = 1000, maxMs = 60_000): number {
  const d = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(d * (0.75 + Math.random() * 0.5));
}

/** Counters and state every source reports in /v1/ais/status. */
export abstract class SourceBase implements AisSource {
  state: AisSourceState = 'connecting';
  lastError: string | null = null;
  lastMessageAt: number | null = null;
  reconnects = 0;
  protected extraRejects = 0;
  protected readonly meter = new RateMeter();
  fallback = false;

  constructor(
    readonly name: string,
    readonly kind: AisSourceKind,
  ) {}

  abstract start(): void;
  abstract stop(): Promise<void>;
  protected abstract messageCount(): number;
  protected abstract rejectCount(): number;

  protected counted(used: boolean, now = Date.now()) {
    if (!used) return;
    this.meter.add(1, now);
    this.lastMessageAt = now;
  }

  status(): AisSourceStatus {
    return {
      name: this.name,
      kind: this.kind,
      state: this.state,
      fallback: this.fallback,
      messagesPerSecond: Math.round(this.meter.rate() * 10) / 10,
      messages: this.messageCount(),
      rejects: this.rejectCount() + this.extraRejects,
      lastMessageAt: this.lastMessageAt,
      lastError: this.lastError,
      reconnects: this.reconnects,
    };
  }
}

/**
 * Stream sources split lines with the decoder package's splitter: linear, and
 * a line over its cap (a peer that never sends a newline) reaches the decoder
 * cut short and is counted as line_too_long instead of being dropped unseen.
 */
export { LineSplitter } from '@harbor/ais';
