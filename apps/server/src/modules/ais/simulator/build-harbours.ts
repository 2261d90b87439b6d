/**
 * Dev script: `npx tsx apps/server/src/modules/ais/simulator/build-harbours.ts`.
 * Writes harbours.ts: for every simulator port, water paths from the port's sea
 * point (where the sea routes end) to each DVK quay of the shipped port data
 * and to distinct anchoring spots in the port's anchorage. Paths are found by
 * A* on a 30 m water raster of GSHHG full-resolution land, then straightened by
 * line of sight against the exact coastline; `harbours.test.ts` checks them.
 * The server never reads GSHHG: it uses the frozen output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Geometry } from '@harbor/contracts';
import { containsPoint } from '../../zones/index.ts';
import { Coastline, GSHHG_LAND } from './coastline.ts';
import { SIM_PORTS } from './sea-routes.ts';

type LatLon = [number, number];
interface Feature {
  geometry: { type: string; coordinates: unknown };
  properties: { type: string; locode?: string; name?: string; meta?: Record<string, string> };
}

const CELL_M = 30;
const M_PER_DEG = 111_320;
const portData = JSON.parse(readFileSync(new URL('../../../seed/ports/finland.geojson', import.meta.url), 'utf8')) as { features: Feature[] };
const land = JSON.parse(readFileSync(GSHHG_LAND, 'utf8')) as { geometries: { coordinates: number[][][] }[] };
const coast = new Coastline();

/** Water raster of a box by scanline parity (rings do not overlap). */
function raster(south: number, west: number, rows: number, cols: number, dLat: number, dLon: number) {
  const water = new Uint8Array(rows * cols);
  const north = south + rows * dLat;
  const edges: number[] = [];
  for (const g of land.geometries)
    for (const ring of g.coordinates)
      for (let i = 0; i + 1 < ring.length; i++) {
        const [x1, y1] = ring[i] as [number, number];
        const [x2, y2] = ring[i + 1] as [number, number];
        if (Math.max(y1, y2) < south || Math.min(y1, y2) > north || Math.max(x1, x2) < west) continue;
        edges.push(x1, y1, x2, y2);
      }
  for (let r = 0; r < rows; r++) {
    const lat = south + (r + 0.5) * dLat;
    const xs: number[] = [];
    for (let e = 0; e < edges.length; e += 4) {
      const [x1, y1, x2, y2] = [edges[e]!, edges[e + 1]!, edges[e + 2]!, edges[e + 3]!];
      if (y1 > lat !== y2 > lat) xs.push(x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1));
    }
    xs.sort((a, b) => a - b);
    let k = 0;
    for (let c = 0; c < cols; c++) {
      const lon = west + (c + 0.5) * dLon;
      while (k < xs.length && xs[k]! <= lon) k++;
      // Crossings east of the point: odd = inside land.
      if ((xs.length - k) % 2 === 0) water[r * cols + c] = 1;
    }
  }
  return water;
}

class Grid {
  readonly rows: number;
  readonly cols: number;
  readonly dLat: number;
  readonly dLon: number;
  readonly water: Uint8Array;
  constructor(
    readonly south: number,
    readonly west: number,
    north: number,
    east: number,
  ) {
    this.dLat = CELL_M / M_PER_DEG;
    this.dLon = this.dLat / Math.cos((((south + north) / 2) * Math.PI) / 180);
    this.rows = Math.ceil((north - south) / this.dLat);
    this.cols = Math.ceil((east - west) / this.dLon);
    this.water = raster(south, west, this.rows, this.cols, this.dLat, this.dLon);
  }
  cell([lat, lon]: LatLon) {
    return Math.floor((lat - this.south) / this.dLat) * this.cols + Math.floor((lon - this.west) / this.dLon);
  }
  center(i: number): LatLon {
    const r = Math.floor(i / this.cols);
    return [this.south + (r + 0.5) * this.dLat, this.west + ((i % this.cols) + 0.5) * this.dLon];
  }
  /** The water cell nearest a point, within `maxM`. */
  nearestWater(p: LatLon, maxM: number): number | null {
    const c0 = this.cell(p);
    const r0 = Math.floor(c0 / this.cols);
    const k0 = c0 % this.cols;
    const reach = Math.ceil(maxM / CELL_M);
    let best: number | null = null;
    let bestD = Infinity;
    for (let r = r0 - reach; r <= r0 + reach; r++)
      for (let k = k0 - reach; k <= k0 + reach; k++) {
        if (r < 0 || k < 0 || r >= this.rows || k >= this.cols) continue;
        const i = r * this.cols + k;
        const d = Math.hypot(r - r0, k - k0);
        if (this.water[i] && d < bestD && d * CELL_M <= maxM) {
          bestD = d;
          best = i;
        }
      }
    return best;
  }
  /** A* over water cells (8 neighbours); null when the target is not reachable. */
  path(from: number, to: number): number[] | null {
    const n = this.rows * this.cols;
    const g = new Float64Array(n).fill(Infinity);
    const prev = new Int32Array(n).fill(-1);
    const tr = Math.floor(to / this.cols);
    const tc = to % this.cols;
    const h = (i: number) => Math.hypot(Math.floor(i / this.cols) - tr, (i % this.cols) - tc);
    const open: [number, number][] = [[h(from), from]];
    g[from] = 0;
    const push = (f: number, i: number) => {
      open.push([f, i]);
      let j = open.length - 1;
      while (j > 0) {
        const p = (j - 1) >> 1;
        if (open[p]![0] <= open[j]![0]) break;
        [open[p], open[j]] = [open[j]!, open[p]!];
        j = p;
      }
    };
    const pop = () => {
      const top = open[0]!;
      const last = open.pop()!;
      if (open.length) {
        open[0] = last;
        let j = 0;
        for (;;) {
          const l = 2 * j + 1;
          const r = l + 1;
          let m = j;
          if (l < open.length && open[l]![0] < open[m]![0]) m = l;
          if (r < open.length && open[r]![0] < open[m]![0]) m = r;
          if (m === j) break;
          [open[m], open[j]] = [open[j]!, open[m]!];
          j = m;
        }
      }
      return top;
    };
    while (open.length) {
      const [, i] = pop();
      if (i === to) break;
      const r = Math.floor(i / this.cols);
      const c = i % this.cols;
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++) {
          if (!dr && !dc) continue;
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= this.rows || cc >= this.cols) continue;
          const j = rr * this.cols + cc;
          if (!this.water[j]) continue;
          // No corner cutting between two land cells.
          if (dr && dc && (!this.water[r * this.cols + cc] || !this.water[rr * this.cols + c])) continue;
          const ng = g[i]! + (dr && dc ? Math.SQRT2 : 1);
          if (ng < g[j]!) {
            g[j] = ng;
            prev[j] = i;
            push(ng + h(j), j);
          }
        }
    }
    if (prev[to] === -1 && to !== from) return null;
    const out = [to];
    while (out[out.length - 1] !== from) out.push(prev[out[out.length - 1]!]!);
    return out.reverse();
  }
}

/** Line-of-sight straightening against the exact coastline. */
function straighten(points: LatLon[]): LatLon[] {
  const out: LatLon[] = [points[0]!];
  let i = 0;
  while (i < points.length - 1) {
    let j = points.length - 1;
    while (j > i + 1 && coast.crosses(points[i]![0], points[i]![1], points[j]![0], points[j]![1])) j--;
    out.push(points[j]!);
    i = j;
  }
  return out;
}

const round = (p: LatLon): LatLon => [Math.round(p[0] * 1e5) / 1e5, Math.round(p[1] * 1e5) / 1e5];

function centroid(ring: number[][]): { lat: number; lon: number; radiusM: number } {
  const lon = ring.reduce((s, q) => s + q[0]!, 0) / ring.length;
  const lat = ring.reduce((s, q) => s + q[1]!, 0) / ring.length;
  const k = Math.cos((lat * Math.PI) / 180);
  const radiusM = Math.min(...ring.map((q) => Math.hypot((q[0]! - lon) * k, q[1]! - lat) * M_PER_DEG));
  return { lat, lon, radiusM };
}

const out: unknown[] = [];
for (const port of SIM_PORTS) {
  const feats = portData.features.filter((f) => f.properties.locode === port.locode);
  const berths = feats.filter((f) => f.properties.type === 'berth' && f.geometry.type === 'Point');
  const anchorage = feats.find((f) => f.properties.type === 'anchorage' && f.geometry.type === 'Polygon');
  const start: LatLon = [port.lat, port.lon];
  const targets: LatLon[] = [start, ...berths.map((b) => [(b.geometry.coordinates as number[])[1]!, (b.geometry.coordinates as number[])[0]!] as LatLon)];
  const anch = anchorage ? centroid((anchorage.geometry.coordinates as number[][][])[0]!) : null;
  if (anch) targets.push([anch.lat + anch.radiusM / M_PER_DEG, anch.lon], [anch.lat - anch.radiusM / M_PER_DEG, anch.lon]);
  if (targets.length === 1) continue;
  const margin = 0.02;
  const grid = new Grid(
    Math.min(...targets.map((t) => t[0])) - margin,
    Math.min(...targets.map((t) => t[1])) - margin * 2,
    Math.max(...targets.map((t) => t[0])) + margin,
    Math.max(...targets.map((t) => t[1])) + margin * 2,
  );
  const from = grid.nearestWater(start, 200);
  if (from === null) continue;
  const route = (to: LatLon, maxM: number): LatLon[] | null => {
    const cell = grid.nearestWater(to, maxM);
    if (cell === null) return null;
    const cells = grid.path(from, cell);
    if (!cells) return null;
    // The exact end when it is water and in sight, else the water cell by the quay.
    const pts: LatLon[] = [start, ...cells.map((c) => grid.center(c))];
    if (!coast.onLand(to[0], to[1]) && !coast.crosses(pts[pts.length - 1]![0], pts[pts.length - 1]![1], to[0], to[1])) pts.push(to);
    const s = straighten(pts).map(round);
    for (let i = 0; i + 1 < s.length; i++) if (coast.crosses(s[i]![0], s[i]![1], s[i + 1]![0], s[i + 1]![1])) return null;
    return s;
  };
  const berthOut = [];
  for (const b of berths) {
    const [lon, lat] = b.geometry.coordinates as [number, number];
    const lengthM = Number(b.properties.meta?.lengthM) || null;
    // Within the detector's reach of the quay point (half the quay + 40 m, at least 60 m).
    const reach = Math.max(60, (lengthM ?? 0) / 2 + 40) - 15;
    const path = route([lat, lon], Math.min(reach, 120));
    if (path) berthOut.push({ name: b.properties.name ?? null, lengthM, path });
  }
  // Ports whose quays the data lacks (or none is reachable): quay-side water cells of their port areas, unnamed.
  if (berthOut.length < 3) {
    const areas = feats.filter((f) => f.properties.type === 'portarea').map((f) => f.geometry as Geometry);
    const taken: LatLon[] = berthOut.map((b) => b.path[b.path.length - 1]!);
    const far = (p: LatLon) => taken.every((q) => Math.hypot((p[0] - q[0]) * M_PER_DEG, (p[1] - q[1]) * M_PER_DEG * Math.cos((p[0] * Math.PI) / 180)) >= 200);
    for (let i = 0; i < grid.water.length && berthOut.length < 6; i += 7) {
      if (!grid.water[i]) continue;
      const r = Math.floor(i / grid.cols);
      const c = i % grid.cols;
      const byLand = [-1, 1].some((d) => !grid.water[(r + d) * grid.cols + c] || !grid.water[r * grid.cols + c + d]);
      const p = grid.center(i);
      if (!byLand || !far(p) || !areas.some((a) => containsPoint(a, p[1], p[0]))) continue;
      const path = route(p, 10);
      if (path) {
        berthOut.push({ name: null, lengthM: null, path });
        taken.push(p);
      }
    }
  }
  const spots = [];
  if (anch) {
    // A hexagonal pattern 250 m apart, kept 100 m inside the circle.
    const step = 250;
    const k = Math.cos((anch.lat * Math.PI) / 180);
    for (let y = -anch.radiusM; y <= anch.radiusM; y += step * 0.866)
      for (let x = -anch.radiusM; x <= anch.radiusM; x += step) {
        const xx = x + (Math.round(y / (step * 0.866)) % 2 ? step / 2 : 0);
        if (Math.hypot(xx, y) > anch.radiusM - 100) continue;
        const p: LatLon = [anch.lat + y / M_PER_DEG, anch.lon + xx / (M_PER_DEG * k)];
        const path = route(p, 10);
        if (path) spots.push(path);
      }
  }
  out.push({ locode: port.locode, berths: berthOut, anchorage: anchorage ? { name: anchorage.properties.name ?? null, spots } : null });
  console.log(port.locode, `${berthOut.length}/${berths.length} berths`, `${spots.length} anchor spots`);
}

const header = `/**
 * Generated by build-harbours.ts from the shipped port data (DVK quays, anchorages;
 * CC BY 4.0) and GSHHG full-resolution land: water paths [lat, lon] from each
 * simulator port's sea point to its quays and to distinct anchoring spots.
 * Do not edit by hand: rerun the script, then harbours.test.ts.
 */
import type { SimHarbour } from './harbour-types.ts';

export const HARBOURS: SimHarbour[] = `;
writeFileSync(new URL('./harbours.ts', import.meta.url), `${header}${JSON.stringify(out)};\n`);
