/**
 * `harbor-ais decode [FILE|-] [--format json|pyais]`: one JSON object per decoded message.
 */
import type { Writable } from 'node:stream';
import { AisDecoder } from '../decoder.ts';
import { toPyais } from '../pyais.ts';
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
  const writer = new LineWriter(out);
  const pyais = opts.format === 'pyais';
  await readLines(opts.file, (line) => {
    const m = decoder.push(line);
    if (m === null) return undefined;
    return writer.line(JSON.stringify(pyais ? toPyais(m) : m));
  });
  decoder.flush();
  await writer.flush();
  return 0;
}
