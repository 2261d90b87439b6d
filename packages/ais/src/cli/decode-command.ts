/**
 * `harbor-ais decode [FILE|-] [--format json|pyais]`: one JSON object per decoded message.
 */
import type { Writable } from 'node:stream';
import { AisDecoder } from '../decoder.ts';
import { toPyais } from '../pyais.ts';
import { JsonMessageWriter } from './json-writer.ts';
import { LineWriter } from './output.ts';
import { readLines } from './read-lines.ts';

export interface DecodeCommandOptions {
  file: string;
  format: 'json' | 'pyais';
  /** Print rejected lines with their reason to `err`. */
  rejects: boolean;
}

export async function decodeCommand(opts: DecodeCommandOptions, out: Writable, err: Writable): Promise<number> {
  const decoder = new AisDecoder({
    onReject: opts.rejects ? (reason, line) => err.write(`reject ${reason}: ${line.trimEnd()}\n`) : undefined,
  });
  if (opts.format === 'pyais') {
    const writer = new LineWriter(out);
    await readLines(opts.file, (line) => {
      const m = decoder.push(line);
      return m === null ? undefined : writer.line(JSON.stringify(toPyais(m)));
    });
    decoder.flush();
    await writer.flush();
    return 0;
  }
  // Our own format: the same text as JSON.stringify(message), written as bytes (json-writer.ts).
  const writer = new JsonMessageWriter(out);
  await readLines(opts.file, (line) => {
    const m = decoder.push(line);
    return m === null ? undefined : writer.message(m);
  });
  decoder.flush();
  await writer.flush();
  return 0;
}
