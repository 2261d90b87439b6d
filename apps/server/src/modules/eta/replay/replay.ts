import { EtaEngine } from '../engine.ts';
import type { PortCatalogue } from '../ports.ts';
import type { SeaDistances } from '../sea-distance.ts';
import type { DetectedCall } from '../types.ts';
import { csvField, isoSeconds } from './csv.ts';
import { readTracks } from './tracks.ts';

/**
 * `harbor-eta replay`: every row of a tracks file, in time order, through the same engine the
 * server runs, learning only from rows before it. One output row per input row (empty
 * prediction when there is none, or when the row has no usable position).
 */
export interface ReplayOptions {
  input: string;
  ports: PortCatalogue;
  /** Distances by sea (the CLI's: the shipped lattice); none, straight lines only. */
  sea?: SeaDistances | null;
  /** Output sink; may return a promise to apply back-pressure. */
  write: (chunk: string) => void | Promise<void>;
  /** Detected port calls go here when set. */
  onCalls?: (calls: DetectedCall[]) => void;
  chunkLines?: number;
}

export interface ReplayStats {
  rows: number;
  bad: number;
  predicted: number;
  sorted: boolean;
  calls: number;
}

const BATCH = 5000;

export async function replay(o: ReplayOptions): Promise<ReplayStats> {
  const tracks = readTracks(o.input, o.chunkLines);
  const engine = new EtaEngine(o.ports, undefined, undefined, o.sea ?? null);
  const open = new Map<string, DetectedCall>();
  const calls: DetectedCall[] = [];
  engine.onCall = (c) => {
    const key = `${c.mmsi}|${c.port}|${c.arrival}`;
    if (c.departure === null) {
      const call = { ...c };
      open.set(key, call);
      calls.push(call);
    } else {
      const call = open.get(key);
      if (call) call.departure = c.departure;
      open.delete(key);
    }
  };
  const stats: ReplayStats = { rows: 0, bad: 0, predicted: 0, sorted: tracks.sorted, calls: 0 };
  try {
    await o.write('mmsi,timestamp_utc,predicted_destination,predicted_eta\n');
    let out: string[] = [];
    for (const row of tracks.rows) {
      stats.rows++;
      let dest = '';
      let eta = '';
      if (row.report) {
        const p = engine.observe(row.report);
        if (p.destination) {
          dest = p.destination;
          if (p.eta !== null) eta = isoSeconds(p.eta);
          stats.predicted++;
        }
      } else stats.bad++;
      out.push(`${csvField(row.mmsiText)},${csvField(row.timeText)},${dest},${eta}`);
      if (out.length >= BATCH) {
        await o.write(out.join('\n') + '\n');
        out = [];
      }
    }
    if (out.length > 0) await o.write(out.join('\n') + '\n');
  } finally {
    tracks.cleanup();
  }
  stats.calls = calls.length;
  o.onCalls?.(calls);
  return stats;
}

export function portCallsCsv(calls: DetectedCall[]): string {
  const rows = calls.map((c) => `${c.mmsi},${c.port},${isoSeconds(c.arrival)},${c.departure === null ? '' : isoSeconds(c.departure)}`);
  return ['mmsi,port,arrival_time,departure_time', ...rows].join('\n') + '\n';
}
