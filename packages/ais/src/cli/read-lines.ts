/**
 * Line reader for the CLI: streams a file (or stdin) and calls `onLine` for each line
 * without building an array of lines, so multi-GB captures work. Reports bytes read
 * for the progress bar.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

export interface ReadLinesOptions {
  /** Called with the total bytes read so far, after each chunk. */
  onProgress?: (bytesRead: number) => void;
}

/** Open `file` ('-' = stdin) as a stream. */
export function openInput(file: string): Readable {
  return file === '-' ? process.stdin : createReadStream(file);
}

/**
 * Feed every line of `input` to `onLine`. `onLine` may return a promise (e.g. to wait
 * for stdout to drain); reading pauses until it settles.
 */
export async function readLines(
  input: Readable,
  onLine: (line: string) => void | Promise<void>,
  opts: ReadLinesOptions = {},
): Promise<void> {
  // latin1 keeps byte offsets == char offsets and never fails on binary junk; AIS is ASCII.
  input.setEncoding('latin1');
  let rest = '';
  let bytes = 0;
  for await (const chunk of input as AsyncIterable<string>) {
    bytes += chunk.length;
    const text = rest + chunk;
    let start = 0;
    let nl = text.indexOf('\n');
    while (nl >= 0) {
      const r = onLine(text.slice(start, nl));
      if (r !== undefined) await r;
      start = nl + 1;
      nl = text.indexOf('\n', start);
    }
    rest = text.slice(start);
    opts.onProgress?.(bytes);
  }
  if (rest.length > 0) {
    const r = onLine(rest);
    if (r !== undefined) await r;
  }
}
