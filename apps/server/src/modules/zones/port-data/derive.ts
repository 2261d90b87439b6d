import polygonClipping, { type MultiPolygon, type Pair, type Polygon, type Ring } from 'polygon-clipping';

/**
 * Geometry for the shipped port data build (build-port-data): outlines drawn
 * around real points (Portnet port areas, DVK quays) and clipped to water by
 * a coastline. Build-time only; the server reads the result, not this code.
 * Distances in metres on a local equirectangular projection, fine at port scale.
 */

export type { MultiPolygon, Pair, Polygon, Ring };

const M_PER_DEG_LAT = 110_574;
const mPerDegLon = (lat: number) => 111_320 * Math.cos((lat * Math.PI) / 180);

export const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

export function distanceM(a: Pair, b: Pair): number {
  const lat = (a[1] + b[1]) / 2;
  return Math.hypot((a[0] - b[0]) * mPerDegLon(lat), (a[1] - b[1]) * M_PER_DEG_LAT);
}

/** A point `m` metres from `p` towards `bearingDeg` (0 = north, clockwise). */
export function offsetPoint(p: Pair, m: number, bearingDeg: number): Pair {
  const b = (bearingDeg * Math.PI) / 180;
  return [p[0] + (m * Math.sin(b)) / mPerDegLon(p[1]), p[1] + (m * Math.cos(b)) / M_PER_DEG_LAT];
}

/** A closed ring of `n` vertices around `c` (counter-clockwise, as GeoJSON wants outer rings). */
export function circle(c: Pair, radiusM: number, n = 32): Ring {
  const ring: Ring = [];
  for (let i = 0; i < n; i++) ring.push(offsetPoint(c, radiusM, 90 - (360 * i) / n));
  ring.push(ring[0]!);
  return ring;
}

/** Convex hull (monotone chain), counter-clockwise and closed. */
export function convexHull(points: Pair[]): Ring {
  const pts = [...new Map(points.map((p) => [`${p[0]},${p[1]}`, p])).values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return [...pts, pts[0]!];
  const cross = (o: Pair, a: Pair, b: Pair) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Pair[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Pair[] = [];
  for (const p of [...pts].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return [...hull, hull[0]!];
}

/** The convex hull of the points grown by `radiusM` (the hull of their circles). */
export function bufferedHull(points: Pair[], radiusM: number): Polygon {
  return [convexHull(points.flatMap((p) => circle(p, radiusM, 24).slice(0, -1)))];
}

/** Area in square metres (shoelace on the local projection; holes subtract). */
export function areaM2(geom: Polygon | MultiPolygon): number {
  const polys = (isMulti(geom) ? geom : [geom]) as MultiPolygon;
  let total = 0;
  for (const poly of polys) {
    poly.forEach((ring, i) => {
      const k = mPerDegLon(ring[0]?.[1] ?? 0);
      let s = 0;
      for (let j = 0; j + 1 < ring.length; j++) s += ring[j]![0] * k * ring[j + 1]![1] * M_PER_DEG_LAT - ring[j + 1]![0] * k * ring[j]![1] * M_PER_DEG_LAT;
      total += (i === 0 ? 1 : -1) * Math.abs(s / 2);
    });
  }
  return total;
}

const isMulti = (g: Polygon | MultiPolygon): g is MultiPolygon => Array.isArray(g[0]?.[0]?.[0]);

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function boxOf(geom: Polygon | MultiPolygon): Box {
  const b = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const poly of (isMulti(geom) ? geom : [geom]) as MultiPolygon)
    for (const [x, y] of poly[0] ?? []) {
      b.west = Math.min(b.west, x);
      b.east = Math.max(b.east, x);
      b.south = Math.min(b.south, y);
      b.north = Math.max(b.north, y);
    }
  return b;
}

/**
 * Sutherland-Hodgman clip of a ring to a box. The mainland ring has over 100k
 * vertices; cutting it to the box first keeps the boolean operation small.
 * The box is taken wider than the shape, so the clip's edges along the box
 * sides never touch the result.
 */
export function cropRing(ring: Ring, b: Box): Ring | null {
  type Edge = [inside: (p: Pair) => boolean, cut: (p: Pair, q: Pair) => Pair];
  const atX = (x: number) => (p: Pair, q: Pair): Pair => [x, p[1] + ((q[1] - p[1]) * (x - p[0])) / (q[0] - p[0])];
  const atY = (y: number) => (p: Pair, q: Pair): Pair => [p[0] + ((q[0] - p[0]) * (y - p[1])) / (q[1] - p[1]), y];
  const edges: Edge[] = [
    [(p) => p[0] >= b.west, atX(b.west)],
    [(p) => p[0] <= b.east, atX(b.east)],
    [(p) => p[1] >= b.south, atY(b.south)],
    [(p) => p[1] <= b.north, atY(b.north)],
  ];
  let pts = ring.slice(0, -1);
  for (const [inside, cut] of edges) {
    if (pts.length === 0) break;
    const out: Pair[] = [];
    for (let i = 0; i < pts.length; i++) {
      const cur = pts[i]!;
      const prev = pts[(i + pts.length - 1) % pts.length]!;
      if (inside(cur)) {
        if (!inside(prev)) out.push(cut(prev, cur));
        out.push(cur);
      } else if (inside(prev)) out.push(cut(prev, cur));
    }
    pts = out;
  }
  if (pts.length < 3) return null;
  const closed: Ring = [...pts, pts[0]!];
  return Math.abs(areaM2([closed])) < 1 ? null : closed;
}

/** Land and lake rings with their boxes, for picking the few near a shape. */
export class Coast {
  private readonly land: { ring: Ring; box: Box }[];
  private readonly lakes: { ring: Ring; box: Box }[];

  constructor(land: Ring[], lakes: Ring[] = []) {
    const withBox = (ring: Ring) => ({ ring, box: boxOf([ring]) });
    this.land = land.map(withBox);
    this.lakes = lakes.map(withBox);
  }

  private near(list: { ring: Ring; box: Box }[], b: Box): Polygon[] {
    const out: Polygon[] = [];
    for (const r of list) {
      if (r.box.east < b.west || r.box.west > b.east || r.box.north < b.south || r.box.south > b.north) continue;
      const cropped = cropRing(r.ring, b);
      if (cropped) out.push([cropped]);
    }
    return out;
  }

  /** Water = not land, or in a lake (GSHHG land polygons include their lakes). */
  isWater(p: Pair): boolean {
    const inRing = (ring: Ring) => {
      let inside = false;
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i]!;
        const [xj, yj] = ring[j]!;
        if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    };
    const hit = (list: { ring: Ring; box: Box }[]) =>
      list.some((r) => p[0] >= r.box.west && p[0] <= r.box.east && p[1] >= r.box.south && p[1] <= r.box.north && inRing(r.ring));
    return !hit(this.land) || hit(this.lakes);
  }

  /** The water part of a shape; pieces under `minPieceM2` (slivers between coast and buffer) are dropped. */
  clipToWater(shape: Polygon | MultiPolygon, minPieceM2 = 2_000): MultiPolygon {
    const b = boxOf(shape);
    const pad = 0.01;
    const box = { west: b.west - pad, south: b.south - pad, east: b.east + pad, north: b.north + pad };
    const land = this.near(this.land, box);
    let water = land.length ? polygonClipping.difference(shape, ...land) : (isMulti(shape) ? shape : [shape]);
    const lakes = this.near(this.lakes, box);
    if (lakes.length) water = polygonClipping.union(water, ...lakes.map((lake) => polygonClipping.intersection(shape, lake)));
    return water.filter((poly) => areaM2(poly) >= minPieceM2);
  }
}

export function union(...geoms: (Polygon | MultiPolygon)[]): MultiPolygon {
  const [first, ...rest] = geoms;
  return first ? polygonClipping.union(first, ...rest) : [];
}

/** Coordinates rounded to 1e-5 degrees (about a metre), repeated vertices removed. */
export function roundGeometry(mp: MultiPolygon): MultiPolygon {
  return mp
    .map((poly) =>
      poly
        .map((ring) => ring.map(([x, y]): Pair => [round5(x), round5(y)]).filter((p, i, a) => i === 0 || p[0] !== a[i - 1]![0] || p[1] !== a[i - 1]![1]))
        .filter((ring) => ring.length >= 4),
    )
    .filter((poly) => poly.length > 0);
}
