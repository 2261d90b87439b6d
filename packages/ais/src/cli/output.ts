/**
 * Buffered stdout writer: joins lines into ~64 KiB chunks (one write per chunk instead of
 * one per message) and waits for 'drain' when the pipe is full.
 */
import type { Writable } from 'node:stream';

export class LineWriter {
  private readonly out: Writable;
  private parts: string[] = [];
  private size = 0;

  constructor(out: Writable) {
    this.out = out;
  }

  /** Queue one line; returns a promise only when the caller should wait (backpressure). */
  line(s: string): Promise<void> | undefined {
    this.parts.push(s);
    this.size += s.length + 1;
    if (this.size < 65536) return undefined;
    return this.flush();
  }

  /** Write what is queued. */
  flush(): Promise<void> | undefined {
    if (this.parts.length === 0) return undefined;
    const ok = this.out.write(this.parts.join('\n') + '\n');
    this.parts = [];
    this.size = 0;
    if (ok) return undefined;
    return new Promise((resolve) => this.out.once('drain', () => resolve()));
  }
}
