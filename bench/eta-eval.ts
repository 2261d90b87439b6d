/**
 * `npm run eval:eta -- TRACKS.csv TRUTH.csv [PREDICTIONS.csv] [--port-calls CALLS.csv]
 *   [--include-port] [--ports GEOJSON] [--json]`
 *
 * Scores ETA and destination predictions against the true arrivals (issue 17). Without
 * PREDICTIONS it runs `harbor-eta replay TRACKS.csv --port-calls …` first (the server's bin) and
 * scores what it printed and detected, timing the replay. The scoring itself is in
 * packages/ais/src/voyages/eta-score.ts (unit-tested); this file reads the CSVs. See bench/README-eta.md.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseTime, splitCsv } from '../apps/server/src/modules/eta/replay/csv.ts';
import { readTracks } from '../apps/server/src/modules/eta/replay/tracks.ts';
import { checkGoals, formatReport } from '../packages/ais/src/voyages/eta-report.ts';
import { ArrivalPositions, type DetectedCall, EtaScorer, normalizeLocode, type Prediction, scoreDetection, type TrackRow, type TruthCall } from '../packages/ais/src/voyages/eta-score.ts';
import { OutsideCalls, TrackDepartures } from '../packages/ais/src/voyages/eta-truth.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHARED_PORTS = path.resolve(ROOT, '../shared/data/geo/ports-baltic-unlocode.geojson');

async function* csvRecords(file: string): AsyncGenerator<Record<string, string>> {
  let header: string[] | null = null;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    const cells = splitCsv(line);
    if (!header) {
      header = cells.map((c) => c.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s-]+/g, '_'));
      continue;
    }
    const rec: Record<string, string> = {};
    header.forEach((h, i) => (rec[h] = cells[i]?.trim() ?? ''));
    yield rec;
  }
}

const time = (s: string | undefined) => parseTime(s) ?? NaN;
const orNull = (x: number) => (Number.isFinite(x) ? x : null);

/**
 * The tracks' rows as the replay read them (its column names and time formats, in time order,
 * blank voyage cells carried on), so each is matched to the prediction made for it.
 */
function* trackRows(file: string): Generator<TrackRow> {
  const tracks = readTracks(file);
  try {
    for (const { report: r } of tracks.rows)
      if (r) yield { mmsi: r.mmsi, t: r.at, lat: r.lat, lon: r.lon, sog: r.sog, navStatus: r.navStatus, reportedEta: r.reportedEta };
  } finally {
    tracks.cleanup();
  }
}

async function readTruth(file: string): Promise<TruthCall[]> {
  const out: TruthCall[] = [];
  for await (const r of csvRecords(file)) {
    // The issue's names first, then those port-call exports use (Digitraffic: ata, atd, portToVisit).
    const arrival = time(r.arrival_time ?? r.ata ?? r.arrival);
    const mmsi = Number(r.mmsi);
    const port = normalizeLocode(r.arrival_port ?? r.port ?? r.locode ?? r.porttovisit);
    if (!Number.isFinite(arrival) || !Number.isInteger(mmsi) || mmsi <= 0 || !port) continue;
    out.push({ mmsi, port, arrival, departure: orNull(time(r.departure_time ?? r.atd ?? r.departure)) });
  }
  return out;
}

interface ShipPredictions {
  t: number[];
  eta: (number | null)[];
  dest: string[];
}

async function readPredictions(file: string) {
  const byShip = new Map<number, ShipPredictions>();
  for await (const r of csvRecords(file)) {
    const mmsi = Number(r.mmsi);
    let p = byShip.get(mmsi);
    if (!p) byShip.set(mmsi, (p = { t: [], eta: [], dest: [] }));
    p.t.push(time(r.timestamp_utc));
    p.eta.push(orNull(time(r.predicted_eta)));
    p.dest.push(r.predicted_destination ?? '');
  }
  for (const p of byShip.values()) {
    if (p.t.every((t, i) => i === 0 || p.t[i - 1]! <= t)) continue;
    const order = p.t.map((_, i) => i).sort((a, b) => p.t[a]! - p.t[b]!);
    [p.t, p.eta, p.dest] = [order.map((i) => p.t[i]!), order.map((i) => p.eta[i]!), order.map((i) => p.dest[i]!)];
  }
  return (row: TrackRow): Prediction | null => {
    const p = byShip.get(row.mmsi);
    if (!p) return null;
    let lo = 0;
    let hi = p.t.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (p.t[mid]! < row.t) lo = mid + 1;
      else if (p.t[mid]! > row.t) hi = mid - 1;
      else return { eta: p.eta[mid]!, destination: p.dest[mid]! || null };
    }
    return null;
  };
}

async function readDetected(file: string): Promise<DetectedCall[]> {
  const out: DetectedCall[] = [];
  for await (const r of csvRecords(file))
    out.push({ mmsi: Number(r.mmsi), port: r.port ?? r.arrival_port ?? '', arrival: orNull(time(r.arrival_time)), departure: orNull(time(r.departure_time)) });
  return out;
}

function portsFromGeojson(file: string): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  if (!existsSync(file)) return out;
  const geo = JSON.parse(readFileSync(file, 'utf8')) as { features: { properties: { locode: string }; geometry: { coordinates: [number, number] } }[] };
  for (const f of geo.features) out.set(f.properties.locode, [f.geometry.coordinates[1], f.geometry.coordinates[0]]);
  return out;
}

/** The replay bin of the server: linked by npm, or straight from the workspace. */
function replayCommand(): string[] | null {
  const linked = path.join(ROOT, 'node_modules/.bin/harbor-eta');
  if (existsSync(linked)) return [linked];
  const direct = path.join(ROOT, 'apps/server/bin/harbor-eta.js');
  return existsSync(direct) ? [process.execPath, direct] : null;
}

async function runReplay(tracks: string, predictions: string, calls: string): Promise<number> {
  const cmd = replayCommand();
  if (!cmd) throw new Error('harbor-eta is not available: give a PREDICTIONS.csv (mmsi,timestamp_utc,predicted_destination,predicted_eta)');
  const t0 = performance.now();
  const child = spawn(cmd[0]!, [...cmd.slice(1), 'replay', tracks, '--port-calls', calls], { stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.pipe(createWriteStream(predictions));
  const code: number = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`harbor-eta replay failed (exit ${code})`);
  return (performance.now() - t0) / 1000;
}

const USAGE = `usage: npm run eval:eta -- TRACKS.csv TRUTH.csv [PREDICTIONS.csv] [--port-calls CALLS.csv] [--include-port] [--truth-complete] [--ports GEOJSON] [--json]
  TRUTH.csv: mmsi,arrival_port,arrival_time[,departure_time]; without PREDICTIONS.csv, runs harbor-eta replay
  --truth-complete: score every report against the next true arrival, also where the tracks show a call the truth leaves out`;

async function main(argv: string[]): Promise<number> {
  const files: string[] = [];
  let callsFile: string | null = null;
  let portsFile = SHARED_PORTS;
  let includePort = false;
  let truthComplete = false;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--port-calls') callsFile = argv[++i] ?? null;
    else if (a === '--ports') portsFile = argv[++i] ?? '';
    else if (a === '--include-port') includePort = true;
    else if (a === '--truth-complete') truthComplete = true;
    else if (a === '--json') json = true;
    else if (a === '-h' || a === '--help') return console.log(USAGE), 0;
    else if (a.startsWith('--')) return console.error(`unknown option ${a}\n${USAGE}`), 2;
    else files.push(path.resolve(process.env.INIT_CWD ?? process.cwd(), a));
  }
  if (files.length < 2 || files.length > 3) return console.error(USAGE), 2;
  const [tracks, truthFile] = files as [string, string];
  let predFile = files[2];
  let tmp: string | null = null;
  let replaySeconds: number | null = null;
  try {
    const truth = await readTruth(truthFile);
    if (truth.length === 0) return console.error(`${truthFile}: no arrivals read (columns mmsi, arrival_port, arrival_time)`), 2;
    if (!predFile) {
      tmp = mkdtempSync(path.join(os.tmpdir(), 'eta-eval-'));
      predFile = path.join(tmp, 'predictions.csv');
      const detected = path.join(tmp, 'port-calls.csv');
      replaySeconds = await runReplay(tracks, predFile, detected);
      callsFile ??= detected;
    }
    const positions = new ArrivalPositions(truth);
    const departures = new TrackDepartures(truth);
    const ports = portsFromGeojson(portsFile);
    const outside = new OutsideCalls(truth, ports);
    let rows = 0;
    let from = Infinity;
    let to = -Infinity;
    for (const row of trackRows(tracks)) {
      rows++;
      from = Math.min(from, row.t);
      to = Math.max(to, row.t);
      positions.add(row);
      departures.add(row);
      outside.add(row);
    }
    outside.finish();
    for (const [k, v] of positions.positions()) ports.set(k, v);
    const predict = await readPredictions(predFile);
    const scorer = new EtaScorer(departures.truthWithDepartures(), ports, { includePort, outside: truthComplete ? undefined : outside });
    for (const row of trackRows(tracks)) scorer.add(row, predict(row));
    const score = scorer.result();
    const detection = callsFile ? scoreDetection(truth, await readDetected(callsFile), from, to) : undefined;
    const goals = checkGoals(score, detection);
    if (replaySeconds !== null) {
      goals.push({
        goal: 'replay of the tracks in under a minute',
        verdict: replaySeconds < 60 ? 'pass' : 'FAIL',
        detail: `${replaySeconds.toFixed(1)} s for ${rows} rows (${Math.round(rows / replaySeconds)} rows/s)`,
      });
    }
    if (json) console.log(JSON.stringify({ rows, truthCalls: truth.length, departuresFromTracks: departures.inferred, callsOutsideTruth: outside.found, score, detection, goals, replaySeconds }, null, 2));
    else {
      console.log(`tracks ${path.basename(tracks)}: ${rows} rows, ${new Date(from).toISOString()} .. ${new Date(to).toISOString()}; ${truth.length} true arrivals${departures.inferred ? `, ${departures.inferred} departures taken from the tracks (none in the truth)` : ''}${outside.found ? `, ${outside.found} calls at ports the truth never names found in the tracks${truthComplete ? ' (scored as if none: --truth-complete)' : ''}` : ''}`);
      process.stdout.write(formatReport(score, goals, detection));
    }
    return 0;
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
