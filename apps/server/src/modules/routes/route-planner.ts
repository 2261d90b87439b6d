import type { LandIndex } from './land-index.ts';
import { straighten, smooth } from './route-shape.ts';
import { SeaGraph, type Lane, type LatLon } from './sea-graph.ts';
import { SeaGrid, type GridSpec } from './sea-grid.ts';

/** Grid of about 4.4 x 4.5 km cells at 60 N: fine enough for the gulfs, coarse enough to build in about a second. */
export const DEFAULT_GRID_DLAT = 0.04;

/**
 * Plans sea routes: the open-water grid (built once per land model) with lanes
 * laid over it (replaced as the product learns from tracks).
 */
export class RoutePlanner {
  readonly grid: SeaGrid;
  private graph: SeaGraph;

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
    }
    // The first leg out of a land start is kept as it is: only the legs after it are reshaped.
    const skip = startOnLand ? 1 : 0;
    const shaped = smooth(straighten(points.slice(skip), this.land, pinned.slice(skip)), smoothPasses, this.land);
    return dedupe(startOnLand ? [from, ...shaped] : shaped);
  }
}

function dedupe(points: LatLon[]): LatLon[] {
  return points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]);
}
