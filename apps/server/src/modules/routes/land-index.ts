/**
 * Land polygons as an edge index: does a straight leg cross the coastline, is a
 * point on land. Coordinates in: [lon, lat] rings (GeoJSON order); queries take
 * lat, lon.
 *
 * `onLand` casts a ray east to `landMeridian`, a meridian that is land at every
 * latitude of the box (60 E, the Urals, for the Baltic and North Sea), and
 * counts the coastline crossed on the way (edges on the meridian itself not
 * counted): even means land like the meridian.
 * A ray to infinity would meet world rings that cross the antimeridian (Natural
 * Earth's Eurasia jumps from 180 to -180 in Chukotka) and miscount.
 */
export type Ring = readonly (readonly number[])[];

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * Bucket size in degrees: small enough that a cell of a dense archipelago
 * (full-resolution GSHHG) holds few edges, large enough for few buckets per leg.
 */
const CELL = 0.02;
const key = (row: number, col: number) => row * 100_000 + col;

export class LandIndex {
  /** x1 y1 x2 y2 per edge (lon, lat). */
  private readonly edges: number[] = [];
  /** Edges by the grid cells their bounding box touches (crossing tests). */
  private readonly cells = new Map<number, number[]>();
  /** Edges by latitude row, all longitudes (ray casts). */
  private readonly rows = new Map<number, number[]>();

  /** Only rings whose bounding box meets `box`, or lies between it and the land meridian, are indexed. */
  constructor(
    rings: Iterable<Ring>,
    readonly box: Box,
    readonly landMeridian = 60,
  ) {
    for (const ring of rings) {
      let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
      for (const [x, y] of ring as number[][]) {
        if (x! < w) w = x!;
        if (x! > e) e = x!;
        if (y! < s) s = y!;
        if (y! > n) n = y!;
      }
      // Rings up to the land meridian count too: the ray cast crosses them.
      if (e < box.west || w > Math.max(box.east, landMeridian) || n < box.south || s > box.north) continue;
      for (let i = 0; i + 1 < ring.length; i++) this.add(ring[i]![0]!, ring[i]![1]!, ring[i + 1]![0]!, ring[i + 1]![1]!);
    }
  }

  get edgeCount(): number {
    return this.edges.length / 4;
  }

  private add(x1: number, y1: number, x2: number, y2: number) {
    // An antimeridian jump (179.9 to -179.9) is no coastline: it is far outside any box this serves.
    if (Math.abs(x2 - x1) > 180) return;
    const id = this.edges.length;
    this.edges.push(x1, y1, x2, y2);
    const r0 = Math.floor(Math.min(y1, y2) / CELL);
    const r1 = Math.floor(Math.max(y1, y2) / CELL);
    if (Math.max(x1, x2) >= this.box.west - 1 && Math.min(x1, x2) <= this.landMeridian) for (let r = r0; r <= r1; r++) push(this.rows, r, id);
    // Cells only inside the box (plus a margin): crossing tests never look further.
    if (Math.max(x1, x2) < this.box.west - 1 || Math.min(x1, x2) > this.box.east + 1) return;
    if (Math.max(y1, y2) < this.box.south - 1 || Math.min(y1, y2) > this.box.north + 1) return;
    const c0 = Math.floor(Math.min(x1, x2) / CELL);
    const c1 = Math.floor(Math.max(x1, x2) / CELL);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) push(this.cells, key(r, c), id);
  }

  /**
   * True when the leg (lat/lon degrees, a straight line in lon/lat) crosses a
   * coastline edge. Visits only the cells the leg passes through (row by row),
   * so a long open-sea leg costs its length, not its bounding box.
   */
  crosses(lat1: number, lon1: number, lat2: number, lon2: number): boolean {
    const E = this.edges;
    const r0 = Math.floor(Math.min(lat1, lat2) / CELL);
    const r1 = Math.floor(Math.max(lat1, lat2) / CELL);
    const seen = r0 === r1 && Math.floor(lon1 / CELL) === Math.floor(lon2 / CELL) ? null : new Set<number>();
    for (let r = r0; r <= r1; r++) {
      // The leg's longitudes within this row's latitude band.
      let a = lon1, b = lon2;
      if (lat1 !== lat2) {
        const lo = Math.max(r * CELL, Math.min(lat1, lat2));
        const hi = Math.min((r + 1) * CELL, Math.max(lat1, lat2));
        a = lon1 + ((lo - lat1) / (lat2 - lat1)) * (lon2 - lon1);
        b = lon1 + ((hi - lat1) / (lat2 - lat1)) * (lon2 - lon1);
      }
      const c0 = Math.floor(Math.min(a, b) / CELL) - 1;
      const c1 = Math.floor(Math.max(a, b) / CELL) + 1;
      for (let c = c0; c <= c1; c++) {
        const list = this.cells.get(key(r, c));
        if (!list) continue;
        for (const e of list) {
          if (seen) {
            if (seen.has(e)) continue;
            seen.add(e);
          }
          if (segmentsCross(lon1, lat1, lon2, lat2, E[e]!, E[e + 1]!, E[e + 2]!, E[e + 3]!)) return true;
        }
      }
    }
    return false;
  }

  /**
   * onLand for many points of one latitude at once (a grid row): the row's
   * crossings are found once, sorted, and each point counts those east of it.
   */
  onLandAlong(lat: number, lons: readonly number[]): boolean[] {
    const list = this.rows.get(Math.floor(lat / CELL)) ?? [];
    const E = this.edges;
    const xs: number[] = [];
    for (const e of list) {
      const x1 = E[e]!, y1 = E[e + 1]!, x2 = E[e + 2]!, y2 = E[e + 3]!;
      if (y1 > lat === y2 > lat) continue;
      const x = x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1);
      if (x < this.landMeridian) xs.push(x);
    }
    xs.sort((a, b) => a - b);
    return lons.map((lon) => {
      let lo = 0, hi = xs.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (xs[mid]! <= lon) lo = mid + 1;
        else hi = mid;
      }
      return (xs.length - lo) % 2 === 0;
    });
  }

  /** Even-odd count of the coastline between the point and the land meridian east of it (see the class comment). */
  onLand(lat: number, lon: number): boolean {
    const list = this.rows.get(Math.floor(lat / CELL));
    if (!list) return true;
    const E = this.edges;
    let crossings = 0;
    for (const e of list) {
      const x1 = E[e]!, y1 = E[e + 1]!, x2 = E[e + 2]!, y2 = E[e + 3]!;
      if (y1 > lat === y2 > lat) continue;
      const x = x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1);
      if (x > lon && x < this.landMeridian) crossings++;
    }
    return crossings % 2 === 0;
  }
}

function push(map: Map<number, number[]>, k: number, v: number) {
  const list = map.get(k);
  if (list) list.push(v);
  else map.set(k, [v]);
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number) {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** Proper or touching intersection: a leg that only grazes a coastline vertex counts as crossing (safe side). */
export function segmentsCross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const d1 = orient(ax, ay, bx, by, cx, cy);
  const d2 = orient(ax, ay, bx, by, dx, dy);
  const d3 = orient(cx, cy, dx, dy, ax, ay);
  const d4 = orient(cx, cy, dx, dy, bx, by);
  return ((d1 >= 0 && d2 <= 0) || (d1 <= 0 && d2 >= 0)) && ((d3 >= 0 && d4 <= 0) || (d3 <= 0 && d4 >= 0)) && !(d1 === 0 && d2 === 0);
}
