import type { LandIndex } from './land-index.ts';
import type { SeaGrid } from './sea-grid.ts';
import { MinHeap } from '../../lib/min-heap.ts';

export type LatLon = [number, number];

/** A polyline ships are known to sail ([lat, lon] points) and how much cheaper than open water it is to follow. */
export interface Lane {
  points: readonly LatLon[];
  /** Cost factor of its legs: below 1 draws routes onto the lane. */
  weight: number;
}

interface Arc {
  to: number;
  cost: number;
}

/** Lane legs cost at least this fraction of their length: A*'s heuristic is scaled by it to stay admissible. */
export const MIN_LANE_WEIGHT = 0.5;
/** How far (grid cells) a point looks for the graph node it joins: near first, then wider (a port up a river). */
const SNAP_RINGS = [8, 30];

export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const k = Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  return Math.hypot((lon2 - lon1) * k * 111.32, (lat2 - lat1) * 110.57);
}

/**
 * The sea-lane graph: the open-water grid plus lanes (known routes and the
 * tracks ships sailed), each lane vertex joined to the grid cells around it
 * that it sees across open water. Every arc is a leg that crosses no land, so
 * any path through the graph is a sea route.
 */
export class SeaGraph {
  private readonly laneLat: number[] = [];
  private readonly laneLon: number[] = [];
  private readonly extra = new Map<number, Arc[]>();
  /** Lane nodes by the grid cell they lie in. */
  private readonly laneCells = new Map<number, number[]>();
  private readonly laneKeys = new Map<string, number>();
  private component = new Int32Array(0);
  private mainComponent = -1;

  constructor(
    readonly grid: SeaGrid,
    lanes: readonly Lane[] = [],
  ) {
    for (const lane of lanes) this.addLane(lane);
    this.labelComponents();
  }

  get land(): LandIndex {
    return this.grid.land;
  }

  get nodeCount(): number {
    return this.grid.size + this.laneLat.length;
  }

  get laneNodeCount(): number {
    return this.laneLat.length;
  }

  isLaneNode(n: number): boolean {
    return n >= this.grid.size;
  }

  coord(n: number): LatLon {
    const g = this.grid.size;
    return n < g ? this.grid.center(n) : [this.laneLat[n - g]!, this.laneLon[n - g]!];
  }

  private arc(a: number, b: number, cost: number) {
    const list = this.extra.get(a);
    if (list) list.push({ to: b, cost });
    else this.extra.set(a, [{ to: b, cost }]);
  }

  /** A lane vertex as a node; vertices within about 300 m of each other are one node. */
  private laneNode(lat: number, lon: number): number {
    const k = `${Math.round(lat / 0.003)},${Math.round(lon / 0.006)}`;
    const known = this.laneKeys.get(k);
    if (known !== undefined) return known;
    const n = this.grid.size + this.laneLat.length;
    this.laneLat.push(lat);
    this.laneLon.push(lon);
    this.laneKeys.set(k, n);
    const cell = this.grid.cellOf(lat, lon);
    const here = this.laneCells.get(cell);
    if (here) here.push(n);
    else this.laneCells.set(cell, [n]);
    // Joined to the water cells around it that it sees: the lane is reachable from open sea.
    const r = Math.floor(cell / this.grid.cols);
    const c = cell % this.grid.cols;
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) {
        const g = this.grid.cellAt(r + dr, c + dc);
        if (g < 0 || !this.grid.water[g]) continue;
        const [glat, glon] = this.grid.center(g);
        if (this.land.crosses(lat, lon, glat, glon)) continue;
        const km = distanceKm(lat, lon, glat, glon);
        this.arc(n, g, km);
        this.arc(g, n, km);
      }
    return n;
  }

  private addLane(lane: Lane) {
    const w = Math.max(MIN_LANE_WEIGHT, lane.weight);
    let prev = -1;
    for (const [lat, lon] of lane.points) {
      if (cellOutside(this.grid, lat, lon) || this.land.onLand(lat, lon)) {
        prev = -1;
        continue;
      }
      const n = this.laneNode(lat, lon);
      if (prev >= 0 && prev !== n) {
        const [a, b] = [this.coord(prev), this.coord(n)];
        if (!this.land.crosses(a[0], a[1], b[0], b[1])) {
          const cost = distanceKm(a[0], a[1], b[0], b[1]) * w;
          this.arc(prev, n, cost);
          this.arc(n, prev, cost);
        }
      }
      prev = n;
    }
  }

  private *neighbours(n: number): Generator<Arc> {
    const g = this.grid;
    if (n < g.size) {
      const open = g.open[n]!;
      if (open) {
        const [lat, lon] = g.center(n);
        for (let d = 0; d < 8; d++) {
          if (!(open & (1 << d))) continue;
          const m = g.neighbour(n, d);
          const [lat2, lon2] = g.center(m);
          yield { to: m, cost: distanceKm(lat, lon, lat2, lon2) };
        }
      }
    }
    const more = this.extra.get(n);
    if (more) yield* more;
  }

  private labelComponents() {
    const comp = new Int32Array(this.nodeCount).fill(-1);
    const sizes: number[] = [];
    const stack: number[] = [];
    for (let s = 0; s < comp.length; s++) {
      if (comp[s] !== -1 || (s < this.grid.size && !this.grid.water[s])) continue;
      const id = sizes.length;
      let size = 0;
      comp[s] = id;
      stack.push(s);
      while (stack.length) {
        const n = stack.pop()!;
        size++;
        for (const { to } of this.neighbours(n)) {
          if (comp[to] === -1) {
            comp[to] = id;
            stack.push(to);
          }
        }
      }
      sizes.push(size);
    }
    this.component = comp;
    this.mainComponent = sizes.indexOf(Math.max(...sizes));
  }

  /**
   * The graph node a point joins: the nearest one it sees across open water,
   * preferring the connected open sea over a pocket of water the coarse grid cut
   * off. `sight: false`: the nearest node whether seen or not (a point on land,
   * a port behind islands). `within`: only nodes connected to that node.
   */
  snap(lat: number, lon: number, opts: { sight?: boolean; within?: number } = {}): number | null {
    const cell = this.grid.cellOf(lat, lon);
    if (cell < 0) return null;
    let inner = -1;
    for (const rings of SNAP_RINGS) {
      const found = this.snapWithin(cell, inner, rings, lat, lon, opts.sight ?? true, opts.within);
      if (found !== null) return found;
      inner = rings;
    }
    return null;
  }

  /** Nodes in the square ring band (inner, outer] of cells around `cell`. */
  private snapWithin(cell: number, inner: number, outer: number, lat: number, lon: number, sight: boolean, within: number | undefined): number | null {
    const g = this.grid;
    const r0 = Math.floor(cell / g.cols);
    const c0 = cell % g.cols;
    const wanted = within === undefined ? this.mainComponent : this.component[within]!;
    const candidates: { n: number; km: number; main: boolean }[] = [];
    for (let dr = -outer; dr <= outer; dr++)
      for (let dc = -outer; dc <= outer; dc++) {
        if (Math.max(Math.abs(dr), Math.abs(dc)) <= inner) continue;
        const i = g.cellAt(r0 + dr, c0 + dc);
        if (i < 0) continue;
        const nodes = g.water[i] ? [i, ...(this.laneCells.get(i) ?? [])] : (this.laneCells.get(i) ?? []);
        for (const n of nodes) {
          const main = this.component[n] === wanted;
          if (within !== undefined && !main) continue;
          const [nlat, nlon] = this.coord(n);
          candidates.push({ n, km: distanceKm(lat, lon, nlat, nlon), main });
        }
      }
    candidates.sort((a, b) => Number(b.main) - Number(a.main) || a.km - b.km);
    for (const { n } of candidates) {
      const [nlat, nlon] = this.coord(n);
      if (!sight || !this.land.crosses(lat, lon, nlat, nlon)) return n;
    }
    return null;
  }

  sameComponent(a: number, b: number): boolean {
    return this.component[a] === this.component[b];
  }

  /** Cheapest node path (A*), or null when the two are not connected. */
  path(from: number, to: number): number[] | null {
    if (!this.sameComponent(from, to)) return null;
    const [tlat, tlon] = this.coord(to);
    const h = (n: number) => {
      const [lat, lon] = this.coord(n);
      return distanceKm(lat, lon, tlat, tlon) * MIN_LANE_WEIGHT;
    };
    const cost = new Map<number, number>([[from, 0]]);
    const prev = new Map<number, number>();
    const heap = new MinHeap();
    heap.push(h(from), from);
    const done = new Set<number>();
    while (heap.size) {
      const n = heap.pop()!;
      if (n === to) break;
      if (done.has(n)) continue;
      done.add(n);
      const base = cost.get(n)!;
      for (const { to: m, cost: c } of this.neighbours(n)) {
        const next = base + c;
        if (next < (cost.get(m) ?? Infinity)) {
          cost.set(m, next);
          prev.set(m, n);
          heap.push(next + h(m), m);
        }
      }
    }
    if (!cost.has(to)) return null;
    const out = [to];
    for (let n = to; n !== from; ) {
      n = prev.get(n)!;
      out.push(n);
    }
    return out.reverse();
  }
}

function cellOutside(grid: SeaGrid, lat: number, lon: number) {
  return grid.cellOf(lat, lon) < 0;
}
