/**
 * Months of recurring voyages as a tracks CSV (the `harbor-eta replay` input) and the true port
 * calls. Ships advance in lockstep, one report each per interval at a ship-specific second, so
 * rows come out in time order and memory stays flat whatever the number of days.
 */
import { buildFleet } from './fleet.ts';
import { LaneNetwork } from './lane-network.ts';
import { Rng } from './rng.ts';
import { LANE_PORTS, SEA_LANES } from './sea-lanes.generated.ts';
import { type PortCall, ShipSim } from './ship-sim.ts';

export const TRACKS_HEADER = 'mmsi,timestamp_utc,lat,lon,sog,cog,heading,nav_status,reported_eta,destination';
export const TRUTH_HEADER = 'mmsi,arrival_port,arrival_time,departure_time';

export interface SimulateOptions {
  days: number;
  ships: number;
  seed: number;
  intervalSec: number;
  /** Epoch ms of the first report. */
  start: number;
  /** Share of reports lost (reception gaps). */
  dropRate?: number;
  /** Share of crews that leave the status at "under way" (0) throughout: at anchor (else 1) and alongside (else 5). */
  statusUnderWay?: number;
  /** Share of crews that type the berth time they were given as their ETA while waiting at anchor. */
  etaAtAnchor?: number;
}

/** A fixed number in [0, 1) per MMSI, so a crew habit picked by it draws nothing from the seeded streams. */
function unitOf(mmsi: number): number {
  let h = Math.imul(mmsi ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** ISO 8601 UTC to the second, as in the tracks format. */
export function isoSecond(t: number): string {
  return new Date(Math.round(t / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

function csvText(s: string): string {
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * Yields CSV chunks (header first), one chunk per report interval, and fills `calls` with every
 * true port call as it happens (departure filled in when the ship leaves).
 */
export function* simulateTracks(opts: SimulateOptions, calls: PortCall[]): Generator<string> {
  const rng = new Rng(opts.seed);
  const net = new LaneNetwork(LANE_PORTS, SEA_LANES);
  const fleet = buildFleet(opts.ships, rng.fork(0x5eed));
  const ms = opts.intervalSec * 1000;
  const ships = fleet
    .map((spec, i) => {
      const r = rng.fork(1000 + i);
      const sim = new ShipSim(spec, net, r, opts.start, (c) => calls.push(c));
      sim.statusUnderWay = unitOf(spec.mmsi) < (opts.statusUnderWay ?? 0);
      sim.etaAtAnchor = unitOf(spec.mmsi ^ 0x2545f491) < (opts.etaAtAnchor ?? 0);
      return { sim, offset: r.int(0, opts.intervalSec - 1) * 1000, r };
    })
    .sort((a, b) => a.offset - b.offset);
  const drop = opts.dropRate ?? 0.01;
  const end = opts.start + opts.days * 86_400_000;
  yield `${TRACKS_HEADER}\n`;
  for (let tick = opts.start; tick < end; tick += ms) {
    let chunk = '';
    for (const s of ships) {
      const t = tick + s.offset;
      s.sim.advance(t);
      const rep = s.sim.report();
      if (s.r.chance(drop)) continue;
      chunk +=
        `${s.sim.spec.mmsi},${isoSecond(t)},${rep.lat.toFixed(5)},${rep.lon.toFixed(5)},${rep.sog.toFixed(1)},${rep.cog.toFixed(1)},` +
        `${rep.heading},${rep.navStatus},${rep.eta === null ? '' : isoSecond(rep.eta)},${csvText(rep.destination)}\n`;
    }
    yield chunk;
  }
}

/** Truth CSV of the calls that have an arrival inside the simulated span, by arrival time. */
export function truthCsv(calls: PortCall[]): string {
  const rows = [...calls].sort((a, b) => a.arrival - b.arrival || a.mmsi - b.mmsi);
  return `${TRUTH_HEADER}\n${rows.map((c) => `${c.mmsi},${c.port},${isoSecond(c.arrival)},${c.departure === null ? '' : isoSecond(c.departure)}`).join('\n')}\n`;
}
