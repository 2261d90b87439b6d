import type { LandIndex } from './land-index.ts';
import { straighten, smooth } from './route-shape.ts';
import { distanceKm, SeaGraph, type Lane, type LatLon } from './sea-graph.ts';
import { SeaGrid, type GridSpec } from './sea-grid.ts';

/** Grid of about 4.4 x 4.5 km cells at 60 N: fine enough for the gulfs, coarse enough to build in about a second. */
export const DEFAULT_GRID_DLAT = 0.04;

/**
 * The last stretch into a port the coarse grid does not reach (behind islands)
 * is planned on a local grid of about 450 m cells around the port, 0.6 degrees
 * of latitude each way (about a second to build), built on first use and kept.
 */
const APPROACH = { dLat: 0.004, halfLat: 0.6, nearKm: 3, kept: 64 };

/**
 * Plans sea routes: the open-water grid (built once per land model) with lanes
 * laid over it (replaced as the product learns from tracks).
 */
export class RoutePlanner {
  readonly grid: SeaGrid;
  private graph: SeaGraph;
  private readonly approaches = new Map<string, SeaGraph>();

  constructor(
    readonly land: LandIndex,
    spec: Partial<GridSpec> = {},
    lanes: readonly Lane[] = [],
  ) {
    this.grid = new SeaGrid(land, { box: spec.box ?? land.box, dLat: spec.dLat ?? DEFAULT_GRID_DLAT });
    this.graph = new SeaGraph(this.grid, lanes);
  }

  /** Replaces the lanes (the grid stays). */
  setLanes(lanes: readonly Lane[]): void {
    this.graph = new SeaGraph(this.grid, lanes);
  }

  private approach(at: LatLon, to: LatLon): LatLon[] {
    const key = `${to[0].toFixed(4)},${to[1].toFixed(4)}`;
    let local = this.approaches.get(key);
    if (!local) {
      const k = Math.cos((to[0] * Math.PI) / 180);
      const box = { south: to[0] - APPROACH.halfLat, north: to[0] + APPROACH.halfLat, west: to[1] - APPROACH.halfLat / k, east: to[1] + APPROACH.halfLat / k };
      local = new SeaGraph(new SeaGrid(this.land, { box, dLat: APPROACH.dLat }));
      if (this.approaches.size >= APPROACH.kept) this.approaches.delete(this.approaches.keys().next().value!);
      this.approaches.set(key, local);
    }
    const path = approachPath(local, at, to, this.land.onLand(to[0], to[1]));
    const [lat, lon] = path.at(-1) ?? at;
    // Only when it ends nearer the port than the coarse route did.
    return distanceKm(lat, lon, to[0], to[1]) < distanceKm(at[0], at[1], to[0], to[1]) ? path : [];
  }

  get laneNodeCount(): number {
    return this.graph.laneNodeCount;
  }

  /**
   * A route from `from` to `to` ([lat, lon]): starts at `from`; ends at `to`
   * when the open water joined to `from` reaches it in sight, else at the
   * node of that water nearest to it (a port on land, behind islands the grid
   * does not pass). No leg crosses land, except the first when `from` itself
   * is on land (a ship at a quay the land model draws as shore). Null when
   * `from` is outside the charted area or in water cut off from the sea.
   */
  plan(from: LatLon, to: LatLon, smoothPasses = 0): LatLon[] | null {
    const g = this.graph;
    const startOnLand = this.land.onLand(from[0], from[1]);
    const a = g.snap(from[0], from[1], { sight: !startOnLand });
    if (a === null) return null;
    let b = this.land.onLand(to[0], to[1]) ? null : g.snap(to[0], to[1], { within: a });
    const reachesTo = b !== null;
    b ??= g.snap(to[0], to[1], { sight: false, within: a });
    if (b === null) return null;
    const nodes = g.path(a, b);
    if (!nodes) return null;
    const points: LatLon[] = [from, ...nodes.map((n) => g.coord(n))];
    const pinned = [false, ...nodes.map((n) => g.isLaneNode(n))];
    if (reachesTo) {
      points.push(to);
      pinned.push(false);
    } else {
      const [blat, blon] = g.coord(b);
      const approach = distanceKm(blat, blon, to[0], to[1]) > APPROACH.nearKm ? this.approach(g.coord(b), to) : [];
      points.push(...approach);
      pinned.push(...approach.map(() => false));
    }
    // The first leg out of a land start is kept as it is: only the legs after it are reshaped.
    const skip = startOnLand ? 1 : 0;
    const shaped = smooth(straighten(points.slice(skip), this.land, pinned.slice(skip)), smoothPasses, this.land);
    return dedupe(startOnLand ? [from, ...shaped] : shaped);
  }
}

/** The way from `at` (open water the coarse route reached) towards `to` on the port's local grid; [] when it gets no nearer. */
function approachPath(local: SeaGraph, at: LatLon, to: LatLon, toOnLand: boolean): LatLon[] {
  const fa = local.snap(at[0], at[1]);
  if (fa === null) return [];
  let fb = toOnLand ? null : local.snap(to[0], to[1], { within: fa });
  const reaches = fb !== null;
  fb ??= local.snap(to[0], to[1], { sight: false, within: fa });
  if (fb === null) return [];
  const nodes = local.path(fa, fb);
  if (!nodes) return [];
  const out = nodes.map((n) => local.coord(n));
  // Joining legs: from the coarse node into the local grid (seen: snap checked it), and on to the port when seen.
  return reaches ? [...out, to] : out;
}

function dedupe(points: LatLon[]): LatLon[] {
  return points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]);
}
