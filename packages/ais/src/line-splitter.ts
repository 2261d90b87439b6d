/**
 * Splits a text stream into lines in linear time with bounded memory, for every
 * reader of raw feeds (the CLI, the server's TCP sources). A line longer than
 * MAX_LINE_CHARS is cut to MAX_LINE_CHARS + 1 characters and the rest of it is
 * skipped up to its newline, so the decoder still sees one line there and
 * counts it as `line_too_long`. Without the cap, one 32 MB line without a
 * newline was joined chunk by chunk and scanned again for every chunk.
 */

/**
 * Longest line the decoder reads. A sentence is at most 82 characters; tag
 * blocks, time prefixes and the longest payload the decoder accepts (1024
 * characters) fit well within this.
 */
export const MAX_LINE_CHARS = 4096;

export class LineSplitter {
  /** The start of the current line, when a chunk ended inside it (at most max + 1 characters). */
  private partial = '';
  /** The current line has passed the cap: the rest of it up to its newline is skipped. */
  private skipping = false;

  constructor(private readonly maxChars: number = MAX_LINE_CHARS) {}

  /** The lines that `chunk` completes (without their '\n'); a trailing partial line waits for the next chunk. */
  push(chunk: string): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', start)) {
      lines.push(this.complete(chunk, start, nl));
      start = nl + 1;
    }
    this.keep(chunk, start);
    return lines;
  }

  /** The last line when the input ended without a newline, else null. */
  end(): string | null {
    const had = this.partial.length > 0 || this.skipping;
    const line = this.partial;
    this.partial = '';
    this.skipping = false;
    return had ? line : null;
  }

  private complete(chunk: string, start: number, nl: number): string {
    let line: string;
    if (this.skipping) line = this.partial;
    else if (this.partial.length > 0) line = this.capped(this.partial + chunk.slice(start, Math.min(nl, start + this.maxChars + 1)));
    else line = chunk.slice(start, Math.min(nl, start + this.maxChars + 1));
    this.partial = '';
    this.skipping = false;
    return line;
  }

  private keep(chunk: string, start: number) {
    if (this.skipping || start >= chunk.length) return;
    // Only up to the cap is kept, so joining stays bounded whatever the chunk sizes.
    const room = this.maxChars + 1 - this.partial.length;
    this.partial += chunk.slice(start, start + room);
    if (this.partial.length > this.maxChars) this.skipping = true;
  }

  private capped(line: string): string {
    return line.length > this.maxChars ? line.slice(0, this.maxChars + 1) : line;
  }
}
