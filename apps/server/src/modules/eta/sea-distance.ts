import { readFileSync } from 'node:fs';
import { MinHeap } from '../../lib/min-heap.ts';
import { haversine } from './geo.ts';
import { PASSAGES } from './passages.ts';
import { decodePatches, type SeaPatches } from './sea-patches.ts';

/**
 * Distances by sea to a port: how far a ship still has to go when land lies between it and the
 * port (Helsinki to Oulu is 540 km as the crow flies and over 900 km by sea; Rauma to Rostock,
 * round Sweden's south coast; the North Sea to the Baltic, by the Kiel Canal or round the
 * Skaw). The predictor asks them whether a ship is sailing away from a port (`headingAway`: on
 * the way to Oulu a ship leaving Helsinki heads away from Oulu as the crow flies for half a
 * day) and, with no past voyages to go by, how far it has to go (`distanceOverSpeed`).
 *
 * They run on the graph of sea-patches.ts: the routes module's open-water lattice on the
 * shipped coastline at 0.01 degrees (fine enough for the channels of the Archipelago Sea and
 * of the Stockholm and Turku archipelagos; the 0.04 degree lattice of the first version went
 * round them, 640 km from Kotka to Rauma where ships sail 460-500), summed up in 0.04 degree
 * blocks and frozen in catalogue/sea-graph.bin.gz by `npm run build:sea-graph -w
 * @harbor/server`. For each port asked about, one Dijkstra runs outward from the open sea
 * around it, and the field (metres by sea from every node, in 100 m steps) is kept, the most
 * recently used first.
 */
export const SEA_GRAPH_FILE = new URL('./catalogue/sea-graph.bin.gz', import.meta.url);
/** The lattice's cell height: fine enough to thread the archipelagos' channels. */
export const SEA_LATTICE_DLAT = 0.01;
/** Lattice cells per side of a block of the graph (sea-patches.ts): 0.04 degree blocks. */
export const SEA_BLOCK = 4;

let shipped: SeaDistances | null = null;

/** The distances on the shipped graph (read once, about 70 ms). */
export function shippedSeaDistances(): SeaDistances {
  shipped ??= new SeaDistances(decodePatches(readFileSync(SEA_GRAPH_FILE)));
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
/**
 * Fields kept (140 kB each, 72 MB at most). The ETA with no past voyages asks for one per port
 * that ships are bound for, at every pass over the live store: with more ports in use than
 * fields kept, each pass would rebuild them all (20-45 ms each).
 */
const KEPT = 512;

/** Where the nodes are, block by block. */
interface Blocks {
  box: SeaPatches['box'];
  /** Block height in degrees of latitude (blocks are twice as wide in longitude). */
  dLat: number;
  rows: number;
  cols: number;
  blockStart: Int32Array;
  lat: Float64Array;
  lon: Float64Array;
}

/** The graph ready for Dijkstra: each node's links (both ways) adjStart[n] ..< adjStart[n + 1] into adj and adjM. */
interface Graph extends Blocks {
  adjStart: Int32Array;
  adj: Int32Array;
  adjM: Float64Array;
}

export class SeaDistances {
  private readonly g: Graph;
  private readonly fields = new Map<object, Uint16Array>();

  constructor(p: SeaPatches) {
    const blocks = placeNodes(p);
    const canals: [number, number, number][] = [];
    // A canal joins the open sea at its two ends: its length plus the way out to the graph.
    for (const canal of PASSAGES) {
      const ends = [canal.entrances[0]!, canal.entrances[canal.entrances.length - 1]!].map(([lat, lon]) => nearestNode(blocks, lat, lon, 15));
      if (!ends[0] || !ends[1]) continue;
      let m = 0;
      for (let i = 1; i < canal.path.length; i++) m += haversine(canal.path[i - 1]![0], canal.path[i - 1]![1], canal.path[i]![0], canal.path[i]![1]);
      canals.push([ends[0].node, ends[1].node, m + ends[0].m + ends[1].m]);
    }
    this.g = { ...blocks, ...adjacency(blocks.lat.length, p, canals) };
  }

  /**
   * Metres by sea from (lat, lon) to `port`; null when either lies off the lattice (outside its
   * box, or too far inland). The port's field is kept by its object (a catalogue's port).
   */
  metres(port: { lat: number; lon: number }, lat: number, lon: number): number | null {
    const field = this.field(port);
    if (!field) return null;
    const r0 = Math.floor((lat - this.g.box.south) / this.g.dLat);
    const c0 = Math.floor((lon - this.g.box.west) / (this.g.dLat * 2));
    if (r0 < -1 || c0 < -1 || r0 > this.g.rows || c0 > this.g.cols) return null;
    // The cell's neighbours first: of the ways through them the shortest (smooth as the ship
    // crosses cells, where its own cell's value would step by a cell's width). Farther out when
    // the ship is among islands.
    let best = this.bestThrough(field, lat, lon, 2, 1);
    for (const km of SHIP_REACH_KM) {
      if (best !== null) break;
      best = this.bestThrough(field, lat, lon, cellsFor(this.g, km), OFF_LATTICE_DETOUR, km * 1000);
    }
    return best;
  }

  private bestThrough(field: Uint16Array, lat: number, lon: number, k: number, detour: number, maxM = Infinity): number | null {
    let best: number | null = null;
    forEachNodeAround(this.g, lat, lon, k, maxM, (n, off) => {
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

  /** Dijkstra from the open sea round the port: each node's metres by sea to the port. */
  private build(lat: number, lon: number): Uint16Array | null {
    const { adjStart, adj, adjM } = this.g;
    const n = this.g.lat.length;
    const dist = new Float64Array(n).fill(Infinity);
    const heap = new MinHeap();
    for (const km of PORT_REACH_KM) {
      forEachNodeAround(this.g, lat, lon, cellsFor(this.g, km), km * 1000, (node, m) => {
        const d = m * OFF_LATTICE_DETOUR;
        if (d < dist[node]!) {
          dist[node] = d;
          heap.push(d, node);
        }
      });
      if (heap.size > 0) break;
    }
    if (heap.size === 0) return null;
    const done = new Uint8Array(n);
    while (heap.size > 0) {
      const u = heap.pop()!;
      if (done[u]) continue;
      done[u] = 1;
      const du = dist[u]!;
      for (let e = adjStart[u]!; e < adjStart[u + 1]!; e++) {
        const v = adj[e]!;
        const dv = du + adjM[e]!;
        if (dv < dist[v]!) {
          dist[v] = dv;
          heap.push(dv, v);
        }
      }
    }
    const field = new Uint16Array(n);
    for (let i = 0; i < n; i++) field[i] = dist[i] === Infinity ? FAR : Math.min(FAR - 1, Math.round(dist[i]! / STEP_M));
    return field;
  }
}

/** Each node's position: the middle of its lattice cell. */
function placeNodes(p: SeaPatches): Blocks {
  const n = p.spot.length;
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  for (let b = 0; b < p.rows * p.cols; b++) {
    const [r0, c0] = [Math.floor(b / p.cols) * p.k, (b % p.cols) * p.k];
    for (let i = p.blockStart[b]!; i < p.blockStart[b + 1]!; i++) {
      lat[i] = p.box.south + (r0 + Math.floor(p.spot[i]! / p.k) + 0.5) * p.cellDLat;
      lon[i] = p.box.west + (c0 + (p.spot[i]! % p.k) + 0.5) * p.cellDLat * 2;
    }
  }
  return { box: p.box, dLat: p.cellDLat * p.k, rows: p.rows, cols: p.cols, blockStart: p.blockStart, lat, lon };
}

/** Both ways of each of the graph's links and of the extra ones, node by node. */
function adjacency(n: number, p: Pick<SeaPatches, 'from' | 'to' | 'metres'>, extra: [number, number, number][]): Pick<Graph, 'adjStart' | 'adj' | 'adjM'> {
  const each = (fn: (a: number, b: number, m: number) => void) => {
    for (let i = 0; i < p.from.length; i++) fn(p.from[i]!, p.to[i]!, p.metres[i]!);
    for (const [a, b, m] of extra) fn(a, b, m);
  };
  const adjStart = new Int32Array(n + 1);
  each((a, b) => {
    adjStart[a + 1]!++;
    adjStart[b + 1]!++;
  });
  for (let i = 0; i < n; i++) adjStart[i + 1]! += adjStart[i]!;
  const fill = adjStart.slice(0, n);
  const adj = new Int32Array(adjStart[n]!);
  const adjM = new Float64Array(adjStart[n]!);
  each((a, b, m) => {
    [adj[fill[a]!], adjM[fill[a]!]] = [b, m];
    fill[a]!++;
    [adj[fill[b]!], adjM[fill[b]!]] = [a, m];
    fill[b]!++;
  });
  return { adjStart, adj, adjM };
}

function nearestNode(g: Blocks, lat: number, lon: number, km: number): { node: number; m: number } | null {
  let best: { node: number; m: number } | null = null;
  forEachNodeAround(g, lat, lon, cellsFor(g, km), km * 1000, (node, m) => {
    if (!best || m < best.m) best = { node, m };
  });
  return best;
}

/**
 * Each node of the graph in the k rows and 2k columns of blocks either side of (lat, lon)'s
 * block, within maxM of it, with its distance in metres (flat: within 150 km it is off by under
 * 0.2 %, and a haversine per node cost a tenth of the replay).
 */
function forEachNodeAround(g: Blocks, lat: number, lon: number, k: number, maxM: number, fn: (node: number, m: number) => void): void {
  const r0 = Math.floor((lat - g.box.south) / g.dLat);
  const c0 = Math.floor((lon - g.box.west) / (g.dLat * 2));
  const cosLat = Math.cos((lat * Math.PI) / 180);
  for (let r = Math.max(0, r0 - k); r <= Math.min(g.rows - 1, r0 + k); r++) {
    for (let c = Math.max(0, c0 - 2 * k); c <= Math.min(g.cols - 1, c0 + 2 * k); c++) {
      const b = r * g.cols + c;
      for (let node = g.blockStart[b]!; node < g.blockStart[b + 1]!; node++) {
        const m = Math.hypot((g.lat[node]! - lat) * M_PER_DEG, (g.lon[node]! - lon) * M_PER_DEG * cosLat);
        if (m <= maxM) fn(node, m);
      }
    }
  }
}

/** Rows of blocks within `km` (a block is 4.4 km high at 0.04 degrees). */
function cellsFor(g: Blocks, km: number): number {
  return Math.ceil(km / (g.dLat * 111.2));
}
