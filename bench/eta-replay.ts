/**
 * Throughput of `harbor-eta replay` (the compiled bin, as users run it) on generated tracks:
 * N ships shuttling Helsinki-Tallinn every 5 minutes for D days (the ferry fixture of the eta
 * module's tests), once in time order and once shuffled in blocks (the external sort's path).
 *   npx tsx bench/eta-replay.ts [ships=30] [days=120]
 * Prints rows, seconds, rows/s and the peak RSS of the replay process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ferryFixture, toCsv } from '../apps/server/src/modules/eta/testing/ferry-fixture.ts';

const ships = Number(process.argv[2] ?? 30);
const days = Number(process.argv[3] ?? 120);
const dir = mkdtempSync(path.join(tmpdir(), 'eta-bench-'));
const start = Date.parse('2026-01-05T00:00:00Z');
const reports = [];
for (let i = 0; i < ships; i++) {
  const f = ferryFixture({ mmsi: 230_000_000 + i, start: start + i * 7 * 60_000, days, cruiseKn: 16 + (i % 8), dwellMin: 40 + (i % 5) * 30, localTimeEvery: 7, seed: i + 1 });
  reports.push(...f.reports);
}
reports.sort((a, b) => a.at - b.at);
const sorted = path.join(dir, 'sorted.csv');
writeFileSync(sorted, toCsv(reports));
// Blocks of 5,000 rows in reverse order: every run of the external sort is out of order.
const blocks = [];
for (let i = 0; i < reports.length; i += 5000) blocks.push(reports.slice(i, i + 5000));
const shuffled = path.join(dir, 'shuffled.csv');
writeFileSync(shuffled, toCsv(blocks.reverse().flat()));

const bin = path.resolve(import.meta.dirname, '../apps/server/bin/harbor-eta.js');
for (const [name, file] of [['in time order', sorted], ['shuffled', shuffled]] as const) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e s wall, %M KB max RSS', process.execPath, bin, 'replay', file, '--port-calls', path.join(dir, 'calls.csv')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  console.log(`${name}: ${reports.length} rows\n${r.stderr.trim()}`);
}
rmSync(dir, { recursive: true, force: true });
