import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/** Reads a file line by line with plain synchronous reads in 1 MB blocks (no stream machinery per line). */
export class LineReader {
  private readonly fd: number;
  private readonly buf = Buffer.allocUnsafe(1 << 20);
  /** Keeps a UTF-8 character cut by a block boundary (an `ö` in a destination) for the next block. */
  private readonly decoder = new StringDecoder('utf8');
  private lines: string[] = [];
  private pos = 0;
  private rest = '';
  private done = false;

  constructor(file: string) {
    this.fd = openSync(file, 'r');
  }

  /** The next line without its end of line, or null at the end. */
  next(): string | null {
    while (this.pos >= this.lines.length) {
      if (this.done) return null;
      const n = readSync(this.fd, this.buf, 0, this.buf.length, null);
      if (n === 0) {
        this.done = true;
        const last = this.rest + this.decoder.end();
        this.lines = last.length > 0 ? [last] : [];
        this.rest = '';
      } else {
        const text = this.rest + this.decoder.write(this.buf.subarray(0, n));
        const parts = text.split('\n');
        this.rest = parts.pop()!;
        this.lines = parts;
      }
      this.pos = 0;
    }
    const line = this.lines[this.pos++]!;
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  }

  close() {
    closeSync(this.fd);
  }
}
