/**
 * Line reader for the CLI: streams a file (or stdin) and calls `onLine` for each line
 * without building an array of lines, so multi-GB captures work, and in linear time
 * however long a line is. Reports bytes read
 * for the progress bar.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { LineSplitter } from '../line-splitter.ts';

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
  // Linear and bounded: a line over MAX_LINE_CHARS arrives cut, and the decoder counts it as line_too_long.
  const splitter = new LineSplitter();
  let bytes = 0;
  for await (const chunk of input as AsyncIterable<string>) {
    bytes += chunk.length;
    for (const line of splitter.push(chunk)) {
      const r = onLine(line);
      if (r !== undefined) await r;
    }
    opts.onProgress?.(bytes);
  }
  const last = splitter.end();
  if (last !== null) {
    const r = onLine(last);
    if (r !== undefined) await r;
  }
}
