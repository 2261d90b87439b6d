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
  // JSON.stringify, not a hand-made writer. One that wrote bytes per message kind
  // (commit da340f2) was faster on the synthetic benchmark file, whose positions are all
  // whole 1e-5 degrees and print fast, but about 35 % slower on the real captures (a
  // writer compiled per message kind, String() for the usual 16-digit lon/lat); limited
  // to types 1-3 it was still 3-10 % slower on them. See bench/README-ais.md.
  await readLines(opts.file, (line) => {
    const m = decoder.push(line);
    return m === null ? undefined : writer.line(JSON.stringify(pyais ? toPyais(m) : m));
  });
  decoder.flush();
  await writer.flush();
  return 0;
}
