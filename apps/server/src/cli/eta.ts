/**
 * `harbor-eta replay TRACKS.csv > PREDICTIONS.csv [--port-calls CALLS.csv]`: runs a tracks
 * file through the server's own prediction engine (modules/eta), learning only from the past,
 * and prints one prediction per input row. Statistics go to stderr.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { portCallsCsv, replay, shippedPorts, shippedSeaDistances } from '../modules/eta/cli.ts';

const USAGE = `usage: harbor-eta replay TRACKS.csv [--port-calls CALLS.csv] [--quiet] > PREDICTIONS.csv
  TRACKS.csv columns: mmsi,timestamp_utc,lat,lon,sog,cog,heading,nav_status,reported_eta,destination
  output columns:     mmsi,timestamp_utc,predicted_destination,predicted_eta
  --port-calls FILE   also write the detected calls: mmsi,port,arrival_time,departure_time`;

/** Writes to stdout, waiting for it to drain (a pipe into a slow reader must not grow memory). */
function writeOut(chunk: string): void | Promise<void> {
  if (process.stdout.write(chunk)) return;
  return new Promise((resolve) => process.stdout.once('drain', resolve));
}

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd !== 'replay') {
    console.error(USAGE);
    return cmd === '--help' || cmd === '-h' ? 0 : 2;
  }
  let input: string | null = null;
  let callsFile: string | null = null;
  let quiet = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--port-calls') callsFile = rest[++i] ?? null;
    else if (a === '--quiet') quiet = true;
    else if (a.startsWith('--')) {
      console.error(`unknown option ${a}\n${USAGE}`);
      return 2;
    } else input = a;
  }
  if (!input || (callsFile === null && rest.includes('--port-calls'))) {
    console.error(USAGE);
    return 2;
  }
  const base = process.env.INIT_CWD ?? process.cwd();
  const t0 = performance.now();
  try {
    const stats = await replay({
      input: path.resolve(base, input),
      ports: shippedPorts(),
      sea: shippedSeaDistances(),
      write: writeOut,
      onCalls: callsFile ? (calls) => writeFileSync(path.resolve(base, callsFile), portCallsCsv(calls)) : undefined,
    });
    const s = (performance.now() - t0) / 1000;
    if (!quiet) {
      console.error(
        `harbor-eta: ${stats.rows} rows (${stats.sorted ? 'already in time order' : 'sorted'}), ${stats.predicted} predicted, ${stats.bad} without a usable position, ` +
          `${stats.calls} port calls; ${s.toFixed(1)} s, ${Math.round(stats.rows / s)} rows/s, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
      );
    }
    return 0;
  } catch (err) {
    console.error(`harbor-eta: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
