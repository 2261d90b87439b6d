import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MinHeap } from '../../../lib/min-heap.ts';
import { columnsOf, parseTime, splitCsv, type Columns } from './csv.ts';
import { LineReader } from './line-reader.ts';

/**
 * The data lines of a CSV file in time order, in bounded memory. A first pass reads only
 * the timestamps: input already in time order (the usual case) is then streamed as is;
 * otherwise chunks of `chunkLines` are sorted into run files in a temporary folder and
 * merged k ways. Equal times keep their input order; lines with no readable time go last.
 */
export interface TimeOrdered {
  columns: Columns;
  sorted: boolean;
  lines: Iterable<string>;
  cleanup(): void;
}

const timeOf = (line: string, col: number): number => {
  // The timestamp is usually the second field: avoid splitting the whole line.
  let start = 0;
  if (!line.includes('"')) {
    for (let i = 0; i < col; i++) {
      start = line.indexOf(',', start) + 1;
      if (start === 0) return Infinity;
    }
    const end = line.indexOf(',', start);
    return parseTime(line.slice(start, end < 0 ? undefined : end)) ?? Infinity;
  }
  return parseTime(splitCsv(line)[col]) ?? Infinity;
};

export function timeOrdered(file: string, chunkLines = 200_000): TimeOrdered {
  const first = new LineReader(file);
  const header = first.next();
  if (header === null) {
    first.close();
    throw new Error(`${file} is empty`);
  }
  const columns = columnsOf(header);
  const col = columns.timestamp_utc;
  let prev = -Infinity;
  let sorted = true;
  for (let line = first.next(); line !== null; line = first.next()) {
    if (line.length === 0) continue;
    const t = timeOf(line, col);
    if (t === Infinity) continue; // unreadable: it has no place in time anyway
    if (t < prev) {
      sorted = false;
      break;
    }
    prev = t;
  }
  first.close();
  if (sorted) return { columns, sorted, lines: streamed(file), cleanup: () => {} };

  const dir = mkdtempSync(path.join(tmpdir(), 'harbor-eta-sort-'));
  const runs: string[] = [];
  const reader = new LineReader(file);
  reader.next();
  let chunk: { t: number; line: string }[] = [];
  const flush = () => {
    if (chunk.length === 0) return;
    chunk.sort((a, b) => a.t - b.t); // stable: equal times keep input order
    const f = path.join(dir, `run-${runs.length}.csv`);
    writeFileSync(f, chunk.map((c) => c.line).join('\n') + '\n');
    runs.push(f);
    chunk = [];
  };
  for (let line = reader.next(); line !== null; line = reader.next()) {
    if (line.length === 0) continue;
    chunk.push({ t: timeOf(line, col), line });
    if (chunk.length >= chunkLines) flush();
  }
  reader.close();
  flush();
  return { columns, sorted, lines: merged(runs, col), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function* streamed(file: string): Generator<string> {
  const r = new LineReader(file);
  r.next();
  try {
    for (let line = r.next(); line !== null; line = r.next()) if (line.length > 0) yield line;
  } finally {
    r.close();
  }
}

/** k-way merge of sorted runs with a heap keyed by time (equal times in run order). */
function* merged(runs: string[], col: number): Generator<string> {
  const readers = runs.map((f) => new LineReader(f));
  const heap = new MinHeap();
  const current: string[] = [];
  const refill = (run: number) => {
    const line = readers[run]!.next();
    if (line === null || line.length === 0) return;
    current[run] = line;
    heap.push(timeOf(line, col), run);
  };
  try {
    readers.forEach((_, i) => refill(i));
    for (let run = heap.pop(); run !== undefined; run = heap.pop()) {
      yield current[run]!;
      refill(run);
    }
  } finally {
    for (const r of readers) r.close();
  }
}
