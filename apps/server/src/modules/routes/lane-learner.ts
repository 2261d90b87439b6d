import type { Lane, LatLon } from './sea-graph.ts';
import { distanceKm } from './sea-graph.ts';

export interface TrackPoint {
  mmsi: number;
  at: Date;
  lat: number;
  lon: number;
  sog: number | null;
}

/** Tuning of lane learning, in one place. */
export const LANE_RULES = {
  /** A gap longer than this splits a track (the ship was out of range or moored). */
  maxGapMs: 20 * 60_000,
  /** A jump longer than this between two reports is not sailed water we can trust. */
  maxJumpKm: 15,
  /** Reports slower than this are drifting, manoeuvring or moored: not a lane. */
  minSog: 2,
  /** Points closer than this along a lane are dropped. */
  minSpacingKm: 1,
  /** Cost factor of lane legs: routes prefer water ships have sailed. */
  weight: 0.7,
} as const;

/**
 * Lanes from the tracks the product has seen (ordered by ship, then time): each
 * run of under-way reports without long gaps or jumps becomes a polyline.
 * Legs that cross land under the land model are dropped later by the graph.
 */
export function lanesFromTracks(points: Iterable<TrackPoint>, rules = LANE_RULES): Lane[] {
  const lanes: Lane[] = [];
  let run: LatLon[] = [];
  let last: TrackPoint | null = null;
  const flush = () => {
    if (run.length >= 2) lanes.push({ points: run, weight: rules.weight });
    run = [];
  };
  for (const p of points) {
    const underWay = p.sog === null || p.sog >= rules.minSog;
    const joined =
      last !== null &&
      last.mmsi === p.mmsi &&
      p.at.getTime() - last.at.getTime() <= rules.maxGapMs &&
      distanceKm(last.lat, last.lon, p.lat, p.lon) <= rules.maxJumpKm;
    if (!joined || !underWay) flush();
    if (underWay) {
      const prev = run.at(-1);
      if (!prev || distanceKm(prev[0], prev[1], p.lat, p.lon) >= rules.minSpacingKm) run.push([p.lat, p.lon]);
    }
    last = p;
  }
  flush();
  return lanes;
}

/** Voyages the eta module learned from detected arrivals count more than any track: they are known port-to-port routes. */
export const VOYAGE_LANE_WEIGHT = 0.6;

/**
 * Lanes from learned port-to-port voyages (the eta module's knowledge: flat
 * [lat, lon, msToGo, metresToGo] per point), thinned like tracks.
 */
export function lanesFromVoyages(voyages: Iterable<{ points: readonly number[] }>, rules = LANE_RULES): Lane[] {
  const lanes: Lane[] = [];
  for (const v of voyages) {
    const run: LatLon[] = [];
    for (let i = 0; i + 1 < v.points.length; i += 4) {
      const [lat, lon] = [v.points[i]!, v.points[i + 1]!];
      const prev = run.at(-1);
      if (!prev || distanceKm(prev[0], prev[1], lat, lon) >= rules.minSpacingKm) run.push([lat, lon]);
    }
    if (run.length >= 2) lanes.push({ points: run, weight: VOYAGE_LANE_WEIGHT });
  }
  return lanes;
}
