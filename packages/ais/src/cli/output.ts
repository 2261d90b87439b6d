/**
 * Buffered stdout writer: joins lines into ~64 KiB chunks (one write per chunk instead of
 * one per message) and waits for 'drain' when the pipe is full.
 */
import { fstatSync, writeSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { JsonLines } from '../json-bytes.ts';

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

/** Bytes gathered before a write: few large writes (a 10 MB input gives ~60 MB of JSON). */
const BYTES_PER_WRITE = 1 << 20;

/**
 * Byte output for `AisDecoder.pushJson`: the decoder appends JSON lines to `lines`, and
 * `maybeFlush` writes them out once about 1 MiB has gathered. When `out` is this process's
 * stdout on a regular file or a character device (`> file`, `> /dev/null`), the bytes go
 * straight to fd 1 with writeSync and the buffer is reused; otherwise (a pipe, a terminal,
 * a test's stream) each write gets its own copy, since the stream may keep it a while.
 */
export class ByteLineWriter {
  readonly lines: JsonLines = { buf: Buffer.allocUnsafe(BYTES_PER_WRITE + (64 << 10)), pos: 0 };
  private readonly out: Writable;
  private readonly fd: number;

  constructor(out: Writable) {
    this.out = out;
    this.fd = out === process.stdout && directStdout() ? 1 : -1;
  }

  /** Writes when enough has gathered; a promise only when the caller should wait (backpressure). */
  maybeFlush(): Promise<void> | undefined {
    return this.lines.pos < BYTES_PER_WRITE ? undefined : this.flush();
  }

  /** Writes what is gathered. */
  flush(): Promise<void> | undefined {
    const { buf, pos } = this.lines;
    if (pos === 0) return undefined;
    this.lines.pos = 0;
    if (this.fd >= 0) {
      for (let done = 0; done < pos; ) done += writeSync(this.fd, buf, done, pos - done);
      return undefined;
    }
    if (this.out.write(Buffer.from(buf.subarray(0, pos)))) return undefined;
    return new Promise((resolve) => this.out.once('drain', () => resolve()));
  }
}

/** Whether fd 1 is a regular file or a character device (blocking writes, nothing queued in the stream). */
function directStdout(): boolean {
  try {
    const st = fstatSync(1);
    // /dev/null, not a terminal (process.stdout.isTTY rather than node:tty: that module costs start-up time).
    return st.isFile() || (st.isCharacterDevice() && process.stdout.isTTY !== true);
  } catch {
    return false;
  }
}
