import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/index.ts';
import { mapDigitrafficPortCall, type DigitrafficPortCall } from './nsw-mapper.ts';
import { applyNsw } from './port-calls.service.ts';

export const DEFAULT_PORTCALLS_URL = 'https://meri.digitraffic.fi/api/port-call/v1/port-calls';

export interface NswPollerOptions {
  url: string;
  intervalMs: number;
  /** First retry delay after a failure; doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  timeoutMs?: number;
}

export interface PollResult {
  received: number;
  stored: number;
}

/**
 * Polls a Digitraffic-style port-call API (the national single window) and
 * merges each call into the port-call table. Unreachable (no internet here),
 * slow or malformed answers are logged and retried with exponential backoff;
 * nothing here may throw into the server.
 */
export class NswPoller {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  failures = 0;
  lastError: string | null = null;
  lastSuccessAt: number | null = null;

  constructor(
    private readonly db: Tx,
    private readonly log: FastifyBaseLogger,
    private readonly opts: NswPollerOptions,
  ) {}

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick() {
    try {
      const r = await this.pollOnce();
      this.log.info({ ...r, url: this.opts.url }, 'port calls polled');
      this.schedule(this.opts.intervalMs);
    } catch (err) {
      this.failures++;
      this.lastError = err instanceof Error ? err.message : String(err);
      const base = this.opts.backoffMs ?? 5_000;
      const delay = Math.min(this.opts.maxBackoffMs ?? 15 * 60_000, base * 2 ** Math.min(this.failures - 1, 16));
      this.log.warn({ url: this.opts.url, err: this.lastError, retryInMs: delay }, 'port-call source unreachable');
      this.schedule(delay);
    }
  }

  /** One fetch and merge; throws on transport or shape errors (the loop handles them). */
  async pollOnce(): Promise<PollResult> {
    const res = await fetch(this.opts.url, {
      headers: { accept: 'application/json', 'digitraffic-user': 'Harbor' },
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as { portCalls?: unknown };
    const list = Array.isArray(body) ? body : body.portCalls;
    if (!Array.isArray(list)) throw new Error('answer has no portCalls list');
    let stored = 0;
    for (const raw of list) {
      const call = mapDigitrafficPortCall(raw as DigitrafficPortCall);
      if (!call) continue;
      await applyNsw(this.db, call);
      stored++;
    }
    this.failures = 0;
    this.lastError = null;
    this.lastSuccessAt = Date.now();
    return { received: list.length, stored };
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
