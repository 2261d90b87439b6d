import { EtaEngine } from '../engine.ts';
import type { PortCatalogue } from '../ports.ts';
import type { DetectedCall, EtaReport } from '../types.ts';
import { csvField, isoSeconds, parseRow, splitCsv } from './csv.ts';
import { timeOrdered } from './time-order.ts';

/**
 * `harbor-eta replay`: every row of a tracks file, in time order, through the same engine the
 * server runs, learning only from rows before it. One output row per input row (empty
 * prediction when there is none, or when the row has no usable position).
 */
export interface ReplayOptions {
  input: string;
  ports: PortCatalogue;
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

/** The crew's voyage text last seen per ship. */
type LastVoyage = Map<number, Pick<EtaReport, 'destination' | 'reportedEta'>>;

/**
 * A blank destination or ETA cell is "not in this row", not "cleared": the ship's last ones carry
 * on, as the server's vessel store keeps a ship's voyage data between its static reports (which
 * come every 6 minutes, its positions every few seconds). An export that fills those cells only on
 * the rows where a static report came in would otherwise lose the crew's text on all the others.
 */
function withLastVoyage(last: LastVoyage, r: EtaReport): EtaReport {
  const held = last.get(r.mmsi);
  if (!held) {
    last.set(r.mmsi, { destination: r.destination, reportedEta: r.reportedEta });
    return r;
  }
  if (r.destination !== null) held.destination = r.destination;
  if (r.reportedEta !== null) held.reportedEta = r.reportedEta;
  return r.destination !== null && r.reportedEta !== null ? r : { ...r, destination: held.destination, reportedEta: held.reportedEta };
}

export async function replay(o: ReplayOptions): Promise<ReplayStats> {
  const ordered = timeOrdered(o.input, o.chunkLines);
  const engine = new EtaEngine(o.ports);
  const voyages: LastVoyage = new Map();
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
  const stats: ReplayStats = { rows: 0, bad: 0, predicted: 0, sorted: ordered.sorted, calls: 0 };
  try {
    await o.write('mmsi,timestamp_utc,predicted_destination,predicted_eta\n');
    let out: string[] = [];
    for (const line of ordered.lines) {
      stats.rows++;
      const row = parseRow(splitCsv(line), ordered.columns);
      let dest = '';
      let eta = '';
      if (row.report) {
        const p = engine.observe(withLastVoyage(voyages, row.report));
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
    ordered.cleanup();
  }
  stats.calls = calls.length;
  o.onCalls?.(calls);
  return stats;
}

export function portCallsCsv(calls: DetectedCall[]): string {
  const rows = calls.map((c) => `${c.mmsi},${c.port},${isoSeconds(c.arrival)},${c.departure === null ? '' : isoSeconds(c.departure)}`);
  return ['mmsi,port,arrival_time,departure_time', ...rows].join('\n') + '\n';
}
