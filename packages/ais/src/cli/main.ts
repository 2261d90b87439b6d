/**
 * harbor-ais CLI entry: argument parsing and dispatch. `main` takes argv and streams so
 * tests can call it in-process; bin/harbor-ais.cjs runs it on process.argv.
 */
import type { Writable } from 'node:stream';
import { decodeCommand } from './decode-command.ts';
import { SIMULATE_USAGE } from './simulate-usage.ts';
import { statsCommand } from './stats-command.ts';

export const USAGE = `Usage: harbor-ais <command> [options]

Commands:
  decode [FILE|-]        Decode AIS NMEA (VDM/VDO) lines, print one JSON object per message.
      --format json|pyais  json (default): our field names; pyais: pyais/gpsd-style names
      --rejects            print rejected lines and their reason on stderr
  stats FILE|-           Counts per message type, distinct MMSIs, time span, rejects by reason.
      --json               machine-readable report
      --no-progress        never draw the progress bar (default: drawn when stderr is a
                           terminal or the file is >= 64 MiB)
${SIMULATE_USAGE}
Input lines may carry NMEA 4 tag blocks, a unix-time prefix or $PGHP receive-time lines.
  -h, --help             show this help
`;

interface Streams {
  out: Writable;
  err: Writable & { isTTY?: boolean };
}

/** What only the bin knows: where the worker bundle of a parallel decode is. */
export interface MainOptions {
  decodeWorkerFile?: string;
}

/** Run the CLI; resolves to the exit code. */
export async function main(
  argv: readonly string[],
  io: Streams = { out: process.stdout, err: process.stderr },
  opts: MainOptions = {},
): Promise<number> {
  const args = [...argv];
  if (args.length === 0 || args.includes('-h') || args.includes('--help')) {
    (args.length === 0 ? io.err : io.out).write(USAGE);
    return args.length === 0 ? 2 : 0;
  }
  const command = args.shift();
  if (command === 'simulate') {
    try {
      // Loaded on use: the simulator's sea lanes are most of the bundle (start-up of decode and stats).
      const { simulateCommand } = await import('./simulate-command.ts');
      const r = await simulateCommand(args, io);
      if (typeof r === 'string') {
        io.err.write(`harbor-ais: ${r}\n\n${USAGE}`);
        return 2;
      }
      return r;
    } catch (e) {
      io.err.write(`harbor-ais: ${e instanceof Error ? e.message : String(e)}\n`);
      return 1;
    }
  }
  const flags = new Set<string>();
  const positional: string[] = [];
  let format = 'json';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--format') format = args[++i] ?? '';
    else if (a.startsWith('--format=')) format = a.slice('--format='.length);
    else if (a.startsWith('--')) flags.add(a);
    else positional.push(a);
  }
  const usageError = (msg: string) => {
    io.err.write(`harbor-ais: ${msg}\n\n${USAGE}`);
    return 2;
  };
  try {
    if (command === 'decode') {
      if (format !== 'json' && format !== 'pyais') return usageError(`unknown format '${format}'`);
      const unknown = [...flags].filter((f) => f !== '--rejects');
      if (unknown.length > 0) return usageError(`unknown option ${unknown[0]}`);
      if (positional.length > 1) return usageError('decode takes one file');
      return await decodeCommand(
        { file: positional[0] ?? '-', format, rejects: flags.has('--rejects'), workerFile: opts.decodeWorkerFile },
        io.out,
        io.err,
      );
    }
    if (command === 'stats') {
      const unknown = [...flags].filter((f) => f !== '--json' && f !== '--no-progress');
      if (unknown.length > 0) return usageError(`unknown option ${unknown[0]}`);
      if (positional.length !== 1) return usageError('stats takes one file');
      return await statsCommand(
        { file: positional[0]!, json: flags.has('--json'), progress: !flags.has('--no-progress') },
        io.out,
        io.err,
      );
    }
    return usageError(`unknown command '${command}'`);
  } catch (e) {
    // File errors (ENOENT, EACCES, EISDIR...) end up here: report them without a stack.
    io.err.write(`harbor-ais: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
