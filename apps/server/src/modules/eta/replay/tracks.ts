import type { EtaReport } from '../types.ts';
import { parseRow, splitCsv, type Row } from './csv.ts';
import { timeOrdered } from './time-order.ts';

/**
 * A tracks file's rows in time order, read the way `harbor-eta replay` reads them: its column
 * names and time formats (csv.ts), sorted in bounded memory when it is not in time order, and
 * blank voyage cells carrying the ship's last ones. The replay and the evaluation (bench/eta-eval.ts)
 * both read through here, so a file the replay accepts is scored row for row as it was predicted.
 */
export interface Tracks {
  /** Whether the file was already in time order. */
  sorted: boolean;
  rows: Iterable<Row>;
  /** Removes the sort's temporary files; call when done, also on error. */
  cleanup(): void;
}

export function readTracks(file: string, chunkLines?: number): Tracks {
  const ordered = timeOrdered(file, chunkLines);
  return { sorted: ordered.sorted, rows: rowsOf(ordered.lines, ordered.columns), cleanup: ordered.cleanup };
}

function* rowsOf(lines: Iterable<string>, columns: Parameters<typeof parseRow>[1]): Generator<Row> {
  const voyages: LastVoyage = new Map();
  for (const line of lines) {
    const row = parseRow(splitCsv(line), columns);
    if (row.report) row.report = withLastVoyage(voyages, row.report);
    yield row;
  }
}

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
