/**
 * Shared by the ships benchmarks: a live store filled by the traffic simulator
 * through the real path (NMEA encode -> AisDecoder -> store).
 */
import { performance } from 'node:perf_hooks';
import { Fleet, LineIngest } from '../apps/server/src/modules/ais/index.ts';
import { VesselStore } from '../apps/server/src/modules/vessels/index.ts';

export const SHIPS = Number(process.env.SHIPS ?? 200_000);

export interface LoadedFleet {
  fleet: Fleet;
  store: VesselStore;
  ingest: LineIngest;
  now: number;
  seconds: number;
}

/** Steps the fleet 11 simulated seconds, so every ship (first reports spread over 10 s) has reported once. */
export function loadFleet(ships = SHIPS, store = new VesselStore(ships)): LoadedFleet {
  const t0 = performance.now();
  const fleet = new Fleet(ships, Date.now() - 11_000, 1);
  const ingest = new LineIngest(store, true);
  let now = Date.now() - 11_000;
  for (let s = 0; s <= 11; s++) {
    now += 1000;
    fleet.step(now, 1000, (line) => ingest.push(line, now));
  }
  return { fleet, store, ingest, now, seconds: (performance.now() - t0) / 1000 };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);
