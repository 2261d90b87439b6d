import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { MinHeap } from '../../lib/min-heap.ts';
import { haversine } from './geo.ts';
import { PASSAGES } from './passages.ts';

/**
 * Distances by sea to a port: how far a ship still has to go when land lies between it and the
 * port (Helsinki to Oulu is 540 km as the crow flies and about 1,040 km round the Åland Sea;
 * Rauma to Rostock, round Sweden's south coast; the North Sea to the Baltic, by the Kiel Canal
 * or round the Skaw). The predictor asks them whether a ship is sailing away from a port
 * (`headingAway`: on the way to Oulu a ship leaving Helsinki heads away from Oulu as the crow
 * flies for half a day). Not yet for the ETA with no history: on the simulated fleet, whose lanes
 * thread the Archipelago Sea on a 450 m grid, the 4.4 km cells made the way longer than the
 * ships sailed and the 0-12 h MAE worse (bench/README-eta.md, 2026-12-07, fifth session).
 *
 * The lattice is the routes module's open-water grid on the shipped coastline, frozen in
 * catalogue/sea-lattice.bin.gz by `npx tsx apps/server/src/cli/build-sea-lattice.ts`. For each
 * port asked about, one Dijkstra runs outward from the open sea around it, and the field (metres
 * by sea from every water cell, in 100 m steps) is kept, the most recently used first.
 */
export interface Lattice {
  box: { west: number; south: number; east: number; north: number };
  /** Cell height in degrees of latitude; cells are twice as wide in longitude. */
  dLat: number;
  rows: number;
  cols: number;
  /** Neighbour offsets [dRow, dCol]: bit d of a cell's `open` is the leg to neighbour dirs[d]. */
  dirs: readonly (readonly [number, number])[];
  /** Per cell, bit d set: the leg to the neighbour in direction d is open water. */
  open: Uint8Array;
}

export const SEA_LATTICE_FILE = new URL('./catalogue/sea-lattice.bin.gz', import.meta.url);

/** gzip of: header length (u32 LE), the JSON header, the `open` bytes. */
export function encodeLattice(l: Lattice): Buffer {
  const header = Buffer.from(JSON.stringify({ box: l.box, dLat: l.dLat, rows: l.rows, cols: l.cols, dirs: l.dirs }));
  const len = Buffer.alloc(4);
  len.writeUInt32LE(header.length);
  return gzipSync(Buffer.concat([len, header, l.open]), { level: 9 });
}

export function decodeLattice(bytes: Buffer): Lattice {
  const raw = gunzipSync(bytes);
  const n = raw.readUInt32LE(0);
  const h = JSON.parse(raw.subarray(4, 4 + n).toString('utf8')) as Omit<Lattice, 'open'>;
  const open = new Uint8Array(raw.subarray(4 + n));
  if (open.length !== h.rows * h.cols) throw new Error(`sea lattice: ${open.length} cells, expected ${h.rows} x ${h.cols}`);
  return { ...h, open };
}

let shipped: SeaDistances | null = null;

/** The distances on the shipped lattice (read once, about 30 ms). */
export function shippedSeaDistances(): SeaDistances {
  shipped ??= new SeaDistances(decodeLattice(readFileSync(SEA_LATTICE_FILE)));
  return shipped;
}

/** Metres per stored step: 65,534 steps reach 6,553 km, beyond any way by sea in the box. */
const STEP_M = 100;
const FAR = 0xffff;
/** From the open sea to a port inside an archipelago or up a river, and from a ship to the open sea: the straight line times this. */
const OFF_LATTICE_DETOUR = 1.25;
/** How far from a port its open sea may lie: Stockholm is 70 km inside its archipelago, Hamburg 100 km up the Elbe. */
const PORT_REACH_KM = [15, 40, 80, 150] as const;
/** How far from a ship the open sea may lie (a ship in a fairway between islands). */
const SHIP_REACH_KM = [6, 15, 30] as const;
const M_PER_DEG = 111_195;
/** Fields kept (130 kB each). */
const KEPT = 256;

export class SeaDistances {
  private readonly l: Lattice;
  private readonly dLon: number;
  /** Cell -> index among the cells of the largest open-water component, or -1. */
  private readonly node: Int32Array;
  private readonly cellOfNode: Int32Array;
  /** Length of a leg in direction d from a cell of row r: [r * 8 + d], metres. */
  private readonly legM: Float64Array;
  /** Extra links (the canals), both ways: node -> [other node, metres]. */
  private readonly links = new Map<number, [number, number][]>();
  private readonly fields = new Map<object, Uint16Array>();

  constructor(lattice: Lattice) {
    this.l = lattice;
    this.dLon = lattice.dLat * 2;
    this.node = this.largestComponent();
    let n = 0;
    for (let i = 0; i < this.node.length; i++) if (this.node[i]! >= 0) n++;
    this.cellOfNode = new Int32Array(n);
    for (let i = 0; i < this.node.length; i++) if (this.node[i]! >= 0) this.cellOfNode[this.node[i]!] = i;
    this.legM = new Float64Array(lattice.rows * 8);
    for (let r = 0; r < lattice.rows; r++) {
      const lat = lattice.box.south + (r + 0.5) * lattice.dLat;
      for (let d = 0; d < 8; d++) {
        const [dr, dc] = this.l.dirs[d]!;
        this.legM[r * 8 + d] = haversine(lat, 0, lat + dr * lattice.dLat, dc * this.dLon);
      }
    }
    // A canal joins the open sea at its two ends: its length plus the way out to the lattice.
    for (const p of PASSAGES) {
      const ends = [p.entrances[0]!, p.entrances[p.entrances.length - 1]!].map(([lat, lon]) => this.nearestNode(lat, lon, 15));
      if (!ends[0] || !ends[1]) continue;
      let m = 0;
      for (let i = 1; i < p.path.length; i++) m += haversine(p.path[i - 1]![0], p.path[i - 1]![1], p.path[i]![0], p.path[i]![1]);
      const [a, b] = [ends[0].node, ends[1].node];
      this.links.set(a, [...(this.links.get(a) ?? []), [b, m + ends[0].m + ends[1].m]]);
      this.links.set(b, [...(this.links.get(b) ?? []), [a, m + ends[0].m + ends[1].m]]);
    }
  }

  /**
   * Metres by sea from (lat, lon) to `port`; null when either lies off the lattice (outside its
   * box, or too far inland). The port's field is kept by its object (a catalogue's port).
   */
  metres(port: { lat: number; lon: number }, lat: number, lon: number): number | null {
    const field = this.field(port);
    if (!field) return null;
    const r0 = this.rowOf(lat);
    const c0 = this.colOf(lon);
    if (r0 < -1 || c0 < -1 || r0 > this.l.rows || c0 > this.l.cols) return null;
    // The cell's neighbours first: of the ways through them the shortest (smooth as the ship
    // crosses cells, where its own cell's value would step by a cell's width). Farther out when
    // the ship is among islands.
    let best = this.bestThrough(field, lat, lon, 2, 1);
    for (const km of SHIP_REACH_KM) {
      if (best !== null) break;
      best = this.bestThrough(field, lat, lon, this.cellsFor(km), OFF_LATTICE_DETOUR, km * 1000);
    }
    return best;
  }

  private bestThrough(field: Uint16Array, lat: number, lon: number, k: number, detour: number, maxM = Infinity): number | null {
    let best: number | null = null;
    this.forEachNodeAround(lat, lon, k, maxM, (n, off) => {
      if (field[n] === FAR) return;
      const m = off * detour + field[n]! * STEP_M;
      if (best === null || m < best) best = m;
    });
    return best;
  }

  private field(port: { lat: number; lon: number }): Uint16Array | null {
    const hit = this.fields.get(port);
    if (hit) {
      this.fields.delete(port);
      this.fields.set(port, hit);
      return hit.length > 0 ? hit : null;
    }
    const field = this.build(port.lat, port.lon);
    if (this.fields.size >= KEPT) this.fields.delete(this.fields.keys().next().value!);
    // A port with no open sea within reach is remembered as such (an empty field).
    this.fields.set(port, field ?? new Uint16Array(0));
    return field;
  }

  /** Dijkstra from the open sea round the port: each cell's metres by sea to the port. */
  private build(lat: number, lon: number): Uint16Array | null {
    const n = this.cellOfNode.length;
    const dist = new Float64Array(n).fill(Infinity);
    const heap = new MinHeap();
    for (const km of PORT_REACH_KM) {
      this.forEachNodeAround(lat, lon, this.cellsFor(km), km * 1000, (node, m) => {
        const d = m * OFF_LATTICE_DETOUR;
        if (d < dist[node]!) {
          dist[node] = d;
          heap.push(d, node);
        }
      });
      if (heap.size > 0) break;
    }
    if (heap.size === 0) return null;
    const { rows, cols, open } = this.l;
    const done = new Uint8Array(n);
    while (heap.size > 0) {
      const u = heap.pop()!;
      if (done[u]) continue;
      done[u] = 1;
      const du = dist[u]!;
      const cell = this.cellOfNode[u]!;
      const r = Math.floor(cell / cols);
      const c = cell % cols;
      const bits = open[cell]!;
      for (let d = 0; d < 8; d++) {
        if (!(bits & (1 << d))) continue;
        const rr = r + this.l.dirs[d]![0];
        const cc = c + this.l.dirs[d]![1];
        if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
        const v = this.node[rr * cols + cc]!;
        if (v < 0) continue;
        const dv = du + this.legM[r * 8 + d]!;
        if (dv < dist[v]!) {
          dist[v] = dv;
          heap.push(dv, v);
        }
      }
      for (const [v, m] of this.links.get(u) ?? []) {
        if (du + m < dist[v]!) {
          dist[v] = du + m;
          heap.push(du + m, v);
        }
      }
    }
    const field = new Uint16Array(n);
    for (let i = 0; i < n; i++) field[i] = dist[i] === Infinity ? FAR : Math.min(FAR - 1, Math.round(dist[i]! / STEP_M));
    return field;
  }

  /** The cells of the largest component joined by open legs (the sea; lakes and enclosed bays drop out). */
  private largestComponent(): Int32Array {
    const { rows, cols, open } = this.l;
    const comp = new Int32Array(rows * cols).fill(-1);
    const sizes: number[] = [];
    const stack: number[] = [];
    for (let i = 0; i < comp.length; i++) {
      if (comp[i] !== -1 || open[i] === 0) continue;
      const id = sizes.length;
      let size = 0;
      comp[i] = id;
      stack.push(i);
      while (stack.length > 0) {
        const cell = stack.pop()!;
        size++;
        const r = Math.floor(cell / cols);
        const c = cell % cols;
        for (let d = 0; d < 8; d++) {
          if (!(open[cell]! & (1 << d))) continue;
          const j = (r + this.l.dirs[d]![0]) * cols + c + this.l.dirs[d]![1];
          if (comp[j] === -1) {
            comp[j] = id;
            stack.push(j);
          }
        }
      }
      sizes.push(size);
    }
    const main = sizes.indexOf(Math.max(...sizes));
    const node = new Int32Array(comp.length).fill(-1);
    let n = 0;
    for (let i = 0; i < comp.length; i++) if (comp[i] === main) node[i] = n++;
    return node;
  }

  private nearestNode(lat: number, lon: number, km: number): { node: number; m: number } | null {
    let best: { node: number; m: number } | null = null;
    this.forEachNodeAround(lat, lon, this.cellsFor(km), km * 1000, (node, m) => {
      if (!best || m < best.m) best = { node, m };
    });
    return best;
  }

  /**
   * Each node of the lattice in the k rows and 2k columns either side of (lat, lon)'s cell, within
   * maxM of it, with its distance in metres (flat: within 150 km it is off by under 0.2 %, and a
   * haversine per cell cost a tenth of the replay).
   */
  private forEachNodeAround(lat: number, lon: number, k: number, maxM: number, fn: (node: number, m: number) => void): void {
    const r0 = this.rowOf(lat);
    const c0 = this.colOf(lon);
    const cosLat = Math.cos((lat * Math.PI) / 180);
    for (let r = Math.max(0, r0 - k); r <= Math.min(this.l.rows - 1, r0 + k); r++) {
      for (let c = Math.max(0, c0 - 2 * k); c <= Math.min(this.l.cols - 1, c0 + 2 * k); c++) {
        const node = this.node[r * this.l.cols + c]!;
        if (node < 0) continue;
        const [clat, clon] = this.center(r, c);
        const m = Math.hypot((clat - lat) * M_PER_DEG, (clon - lon) * M_PER_DEG * cosLat);
        if (m <= maxM) fn(node, m);
      }
    }
  }

  private rowOf(lat: number): number {
    return Math.floor((lat - this.l.box.south) / this.l.dLat);
  }

  private colOf(lon: number): number {
    return Math.floor((lon - this.l.box.west) / this.dLon);
  }

  private center(r: number, c: number): [number, number] {
    return [this.l.box.south + (r + 0.5) * this.l.dLat, this.l.box.west + (c + 0.5) * this.dLon];
  }

  /** Rows within `km` (a cell is 4.4 km high at 0.04 degrees). */
  private cellsFor(km: number): number {
    return Math.ceil(km / (this.l.dLat * 111.2));
  }
}
