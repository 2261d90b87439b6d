/**
 * `harbor-ais decode [FILE|-] [--format json|pyais]`: one JSON object per decoded message.
 */
import { closeSync, openSync, statSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { AisDecoder } from '../decoder.ts';
import { toPyais } from '../pyais.ts';
import { ByteLineWriter, LineWriter } from './output.ts';
import { decodeParallel } from './parallel-decode.ts';
import type { ParallelOptions } from './parallel-decode.ts';
import { readLines } from './read-lines.ts';

export interface DecodeCommandOptions {
  file: string;
  format: 'json' | 'pyais';
  /** Print rejected lines with their reason to `err`. */
  rejects: boolean;
  /**
   * The worker bundle (dist/decode-worker.cjs): given by the bin, it lets a large regular
   * file be decoded on several cores (parallel-decode.ts). Not with --rejects, whose
   * stderr lines would need ordering too.
   */
  workerFile?: string;
}

export async function decodeCommand(opts: DecodeCommandOptions, out: Writable, err: Writable): Promise<number> {
  if (opts.workerFile !== undefined && !opts.rejects && (await tryParallel(opts.file, { workerFile: opts.workerFile, pyais: opts.format === 'pyais', err }, out))) return 0;
  const decoder = new AisDecoder({
    onReject: opts.rejects ? (reason, line) => err.write(`reject ${reason}: ${line.trimEnd()}\n`) : undefined,
  });
  if (opts.format === 'json') {
    // JSON lines written as bytes by the decoder (json-bytes.ts): no message objects for
    // the common types, no JSON.stringify, no string joining.
    const bytes = new ByteLineWriter(out);
    await readLines(opts.file, (line) => (decoder.pushJson(line, bytes.lines) ? bytes.maybeFlush() : undefined));
    decoder.flush();
    await bytes.flush();
    return 0;
  }
  const writer = new LineWriter(out);
  await readLines(opts.file, (line) => {
    const m = decoder.push(line);
    return m === null ? undefined : writer.line(JSON.stringify(toPyais(m)));
  });
  decoder.flush();
  await writer.flush();
  return 0;
}

/** Decodes on several cores when the input is a large regular file; false when it did not. */
async function tryParallel(file: string, opts: ParallelOptions, out: Writable): Promise<boolean> {
  if (file === '-') return decodeParallel(0, false, out, opts);
  let fd: number;
  try {
    // Only a regular file: opening a named pipe here would block, and consume it.
    if (!statSync(file).isFile()) return false;
    fd = openSync(file, 'r');
  } catch {
    return false; // readLines reports the error as before
  }
  try {
    return await decodeParallel(fd, true, out, opts);
  } finally {
    closeSync(fd);
  }
}
