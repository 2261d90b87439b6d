import { readFileSync } from 'node:fs';

/**
 * GSHHG full-resolution land (shared data) as an edge index, for checking that
 * simulated ships stay at sea. Test-only: the server never loads it.
 */
export const GSHHG_LAND = '/work/shared/data/geo/coastline/gshhg-full-land-baltic.geojson';

const BUCKET = 0.05;

export class Coastline {
  /** Edges as x1 y1 x2 y2 (lon, lat), bucketed by the grid cells their bounding box touches. */
  private readonly buckets = new Map<number, number[]>();
  private readonly edges: number[] = [];

  constructor(file = GSHHG_LAND, box = { west: 17, south: 58.5, east: 31, north: 66.2 }) {
    const geo = JSON.parse(readFileSync(file, 'utf8')) as { geometries: { coordinates: number[][][] }[] };
    for (const poly of geo.geometries) {
      for (const ring of poly.coordinates) {
        for (let i = 0; i + 1 < ring.length; i++) {
          const [x1, y1] = ring[i] as [number, number];
          const [x2, y2] = ring[i + 1] as [number, number];
          if (Math.max(x1, x2) < box.west || Math.min(x1, x2) > box.east || Math.max(y1, y2) < box.south || Math.min(y1, y2) > box.north) continue;
          const e = this.edges.length;
          this.edges.push(x1, y1, x2, y2);
          for (let r = Math.floor(Math.min(y1, y2) / BUCKET); r <= Math.floor(Math.max(y1, y2) / BUCKET); r++)
            for (let c = Math.floor(Math.min(x1, x2) / BUCKET); c <= Math.floor(Math.max(x1, x2) / BUCKET); c++) {
              const k = r * 10_000 + c;
              const list = this.buckets.get(k);
              if (list) list.push(e);
              else this.buckets.set(k, [e]);
            }
        }
      }
    }
  }

  /** True when the segment (lat/lon degrees) crosses a coastline edge. */
  crosses(lat1: number, lon1: number, lat2: number, lon2: number): boolean {
    const seen = new Set<number>();
    const E = this.edges;
    for (let r = Math.floor(Math.min(lat1, lat2) / BUCKET); r <= Math.floor(Math.max(lat1, lat2) / BUCKET); r++)
      for (let c = Math.floor(Math.min(lon1, lon2) / BUCKET); c <= Math.floor(Math.max(lon1, lon2) / BUCKET); c++) {
        for (const e of this.buckets.get(r * 10_000 + c) ?? []) {
          if (seen.has(e)) continue;
          seen.add(e);
          if (intersects(lon1, lat1, lon2, lat2, E[e]!, E[e + 1]!, E[e + 2]!, E[e + 3]!)) return true;
        }
      }
    return false;
  }

  /** Even-odd ray cast eastwards: land polygons do not overlap, so the parity over all of them tells. */
  onLand(lat: number, lon: number): boolean {
    const r = Math.floor(lat / BUCKET);
    const seen = new Set<number>();
    let inside = false;
    const E = this.edges;
    for (let c = Math.floor(lon / BUCKET); c <= Math.ceil(32 / BUCKET); c++) {
      for (const e of this.buckets.get(r * 10_000 + c) ?? []) {
        if (seen.has(e)) continue;
        seen.add(e);
        const [x1, y1, x2, y2] = [E[e]!, E[e + 1]!, E[e + 2]!, E[e + 3]!];
        if (y1 > lat !== y2 > lat && lon < x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
      }
    }
    return inside;
  }
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number) {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

function intersects(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number) {
  const d1 = orient(ax, ay, bx, by, cx, cy);
  const d2 = orient(ax, ay, bx, by, dx, dy);
  const d3 = orient(cx, cy, dx, dy, ax, ay);
  const d4 = orient(cx, cy, dx, dy, bx, by);
  return d1 > 0 !== d2 > 0 && d3 > 0 !== d4 > 0;
}
