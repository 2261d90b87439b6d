import { readFile } from 'node:fs/promises';
import { AisDecoder, type AisMessage } from '@harbor/ais';
import type { VesselStore } from '../../vessels/index.ts';
import { applyMessage } from '../ais-pipeline.ts';
import { SourceBase } from './source.ts';

export interface ReplayOptions {
  /** 1 = real time, 10 = ten times faster, 0 = as fast as possible. */
  speed: number;
  /** Keep the capture's own timestamps instead of shifting them to end now. */
  keepTime: boolean;
}

/** Applied between event-loop turns at speed 0, so the server keeps answering during a big replay. */
const BATCH = 5000;

/**
 * Plays a capture file. Receive times come from tag blocks, unix-time prefixes
 * or $PGHP lines (the decoder reads them); lines without one inherit the last
 * seen. Times are shifted so the capture ends when playback ends, keeping its
 * intervals, unless keepTime is set.
 */
export class ReplaySource extends SourceBase {
  private messages = 0;
  private decoder = new AisDecoder();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Resolves when the whole file has been applied (or the source stopped). */
  readonly finished: Promise<void>;
  private resolveFinished!: () => void;

  constructor(
    name: string,
    private readonly store: VesselStore,
    private readonly file: string,
    private readonly opts: ReplayOptions,
  ) {
    super(name, 'replay');
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
  }

  protected messageCount() {
    return this.messages;
  }

  protected rejectCount() {
    let n = 0;
    for (const v of Object.values(this.decoder.stats.rejects)) n += v;
    return n;
  }

  start() {
    this.load().catch((err: Error) => {
      this.lastError = err.message;
      this.state = 'stopped';
      this.resolveFinished();
    });
  }

  private async load() {
    const text = await readFile(this.file, 'latin1');
    const items: { m: AisMessage; t: number | undefined }[] = [];
    let last: number | undefined;
    for (const line of text.split('\n')) {
      const m = this.decoder.push(line, last);
      if (!m) continue;
      if (m.receivedAt !== undefined) last = m.receivedAt;
      items.push({ m, t: m.receivedAt ?? last });
    }
    this.decoder.flush();
    if (this.stopped) return;
    this.state = 'connected';
    const known = items.filter((i) => i.t !== undefined);
    const first = known[0]?.t ?? Date.now();
    const end = known.at(-1)?.t ?? first;
    const startedAt = Date.now();
    const playMs = this.opts.speed > 0 ? (end - first) / this.opts.speed : 0;
    const shift = this.opts.keepTime ? 0 : startedAt + playMs - end;
    this.play(items, 0, (t) => Math.min((t ?? first) + shift, Date.now() + 1000), (t) => (this.opts.speed > 0 ? startedAt + ((t ?? first) - first) / this.opts.speed : 0));
  }

  private play(items: { m: AisMessage; t: number | undefined }[], from: number, stamp: (t: number | undefined) => number, due: (t: number | undefined) => number) {
    if (this.stopped) return;
    let i = from;
    const now = Date.now();
    const limit = from + BATCH;
    while (i < items.length && i < limit && due(items[i]!.t) <= now) {
      const { m, t } = items[i++]!;
      const used = applyMessage(this.store, m, stamp(t));
      if (used) this.messages++;
      this.counted(used, now);
    }
    if (i >= items.length) {
      this.state = 'finished';
      this.resolveFinished();
      return;
    }
    const wait = Math.max(0, due(items[i]!.t) - Date.now());
    this.timer = wait === 0 ? (setImmediate(() => this.play(items, i, stamp, due)) as unknown as NodeJS.Timeout) : setTimeout(() => this.play(items, i, stamp, due), wait);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearImmediate(this.timer as unknown as NodeJS.Immediate);
    if (this.state !== 'finished') this.state = 'stopped';
    this.resolveFinished();
  }
}
