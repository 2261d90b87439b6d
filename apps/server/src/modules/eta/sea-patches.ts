import { gunzipSync, gzipSync } from 'node:zlib';
import { MinHeap } from '../../lib/min-heap.ts';
import { haversine } from './geo.ts';

/** An open-water lattice: the routes module's SeaGrid (routes/index.ts, buildLattice). */
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

/**
 * The graph the distances by sea run on: the fine open-water lattice (0.01 degree cells,
 * about 1.1 km, fine enough to thread the Archipelago Sea and the Stockholm and Turku
 * archipelagos) summed up in blocks of k x k cells. Each block holds one node per patch of
 * water joined inside the block (open sea: one; among islands: one per channel), placed at
 * the patch's cell nearest its middle, and two nodes are linked when a leg of the lattice
 * joins their patches, by the lattice's shortest way between the two inside the two patches.
 * The per-port field then has a sixteenth of the lattice's cells (130 kB, 20-60 ms), and the
 * ways keep the passages that only the fine lattice has.
 */
export interface SeaPatches {
  box: Lattice['box'];
  /** The lattice's cell height in degrees of latitude (cells are twice as wide in longitude). */
  cellDLat: number;
  /** Lattice cells per side of a block. */
  k: number;
  /** Blocks down and across. */
  rows: number;
  cols: number;
  /** Nodes of block b: blockStart[b] ..< blockStart[b + 1]. */
  blockStart: Int32Array;
  /** Each node's lattice cell inside its block: row * k + column. */
  spot: Uint8Array;
  /** The links, each once, from the lower node: from[i] < to[i], metres[i] (whole metres). */
  from: Int32Array;
  to: Int32Array;
  metres: Uint16Array;
}

export function buildPatches(l: Lattice, k: number): SeaPatches {
  const { rows, cols, open, dirs } = l;
  const dLon = l.dLat * 2;
  const main = largestComponent(l);
  const bRows = Math.ceil(rows / k);
  const bCols = Math.ceil(cols / k);
  const blockOf = (cell: number) => Math.floor(Math.floor(cell / cols) / k) * bCols + Math.floor((cell % cols) / k);
  const neighbours = (cell: number, fn: (other: number, d: number) => void) => {
    const bits = open[cell]!;
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    for (let d = 0; d < 8; d++) {
      if (!(bits & (1 << d))) continue;
      const rr = r + dirs[d]![0];
      const cc = c + dirs[d]![1];
      if (rr >= 0 && cc >= 0 && rr < rows && cc < cols && main[rr * cols + cc]) fn(rr * cols + cc, d);
    }
  };

  // Patches, block by block in block order, so that a block's nodes are consecutive.
  const patchOf = new Int32Array(rows * cols).fill(-1);
  const blockStart = new Int32Array(bRows * bCols + 1);
  const reps: number[] = [];
  const stack: number[] = [];
  for (let b = 0; b < bRows * bCols; b++) {
    blockStart[b] = reps.length;
    const r0 = Math.floor(b / bCols) * k;
    const c0 = (b % bCols) * k;
    for (let r = r0; r < Math.min(rows, r0 + k); r++) {
      for (let c = c0; c < Math.min(cols, c0 + k); c++) {
        const seed = r * cols + c;
        if (!main[seed] || patchOf[seed] !== -1) continue;
        const id = reps.length;
        const cells: number[] = [];
        patchOf[seed] = id;
        stack.push(seed);
        while (stack.length > 0) {
          const cell = stack.pop()!;
          cells.push(cell);
          neighbours(cell, (o) => {
            if (patchOf[o] === -1 && blockOf(o) === b) {
              patchOf[o] = id;
              stack.push(o);
            }
          });
        }
        // The patch's cell nearest the mean of its cells (on water, unlike the mean).
        let mr = 0;
        let mc = 0;
        for (const cell of cells) [mr, mc] = [mr + Math.floor(cell / cols), mc + (cell % cols)];
        [mr, mc] = [mr / cells.length, mc / cells.length];
        let rep = cells[0]!;
        let repD = Infinity;
        for (const cell of cells) {
          const dd = (Math.floor(cell / cols) - mr) ** 2 + ((cell % cols) - mc) ** 2;
          if (dd < repD) [rep, repD] = [cell, dd];
        }
        reps.push(rep);
      }
    }
  }
  blockStart[bRows * bCols] = reps.length;
  const n = reps.length;
  const spot = new Uint8Array(n);
  for (let i = 0; i < n; i++) spot[i] = (Math.floor(reps[i]! / cols) % k) * k + ((reps[i]! % cols) % k);

  // Legs of the lattice per row: their lengths (metres) by direction.
  const legM = new Float64Array(rows * 8);
  for (let r = 0; r < rows; r++) {
    const la = l.box.south + (r + 0.5) * l.dLat;
    for (let d = 0; d < 8; d++) legM[r * 8 + d] = haversine(la, 0, la + dirs[d]![0] * l.dLat, dirs[d]![1] * dLon);
  }

  // Cells of each patch (counting sort by patch).
  const cellStart = new Int32Array(n + 1);
  for (let cell = 0; cell < patchOf.length; cell++) if (patchOf[cell]! >= 0) cellStart[patchOf[cell]! + 1]!++;
  for (let i = 0; i < n; i++) cellStart[i + 1]! += cellStart[i]!;
  const cellsOf = new Int32Array(cellStart[n]!);
  const put = cellStart.slice(0, n);
  for (let cell = 0; cell < patchOf.length; cell++) if (patchOf[cell]! >= 0) cellsOf[put[patchOf[cell]!]!++] = cell;

  // Open sea: a full block whose every leg is open. Between two of them the way is the
  // lattice's straight or diagonal one, with no search.
  const isClear = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    if (cellStart[p + 1]! - cellStart[p]! !== k * k) continue;
    let all = 1;
    for (let i = cellStart[p]!; i < cellStart[p + 1]! && all; i++) if (open[cellsOf[i]!] !== 0xff) all = 0;
    isClear[p] = all;
  }
  const clear = (p: number) => isClear[p] === 1;
  const dirOf = new Int8Array(9);
  dirs.forEach(([dr, dc], d) => (dirOf[(dr + 1) * 3 + dc + 1] = d));
  const straightWay = (from: number, to: number) => {
    let [r, c] = [Math.floor(from / cols), from % cols];
    const [tr, tc] = [Math.floor(to / cols), to % cols];
    let m = 0;
    while (r !== tr || c !== tc) {
      const [dr, dc] = [Math.sign(tr - r), Math.sign(tc - c)];
      m += legM[r * 8 + dirOf[(dr + 1) * 3 + dc + 1]!]!;
      [r, c] = [r + dr, c + dc];
    }
    return m;
  };

  // Each patch linked to the patches a leg joins it to, by the shortest way from its node to
  // theirs through it and them (one Dijkstra per patch, over a few dozen cells).
  const links: [number, number, number][] = [];
  const dist = new Float64Array(rows * cols);
  const seen = new Int32Array(rows * cols).fill(-1);
  const near = new Set<number>();
  const heap = new MinHeap();
  for (let a = 0; a < n; a++) {
    near.clear();
    for (let i = cellStart[a]!; i < cellStart[a + 1]!; i++) {
      neighbours(cellsOf[i]!, (o) => {
        if (patchOf[o]! > a) near.add(patchOf[o]!);
      });
    }
    if (near.size === 0) continue;
    if (clear(a) && [...near].every(clear)) {
      for (const b of near) links.push([a, b, straightWay(reps[a]!, reps[b]!)]);
      continue;
    }
    const within = (p: number) => p === a || near.has(p);
    let left = near.size;
    seen[reps[a]!] = a;
    dist[reps[a]!] = 0;
    heap.push(0, reps[a]!);
    while (heap.size > 0) {
      const u = heap.pop()!;
      const du = dist[u]!;
      if (seen[u] === -2 - a) continue;
      seen[u] = -2 - a; // settled
      const pu = patchOf[u]!;
      if (pu !== a && reps[pu] === u) {
        links.push([a, pu, du]);
        if (--left === 0) break;
      }
      const ur = Math.floor(u / cols);
      neighbours(u, (v, d) => {
        if (seen[v] === -2 - a || !within(patchOf[v]!)) return;
        const dv = du + legM[ur * 8 + d]!;
        if (seen[v] !== a || dv < dist[v]!) {
          seen[v] = a;
          dist[v] = dv;
          heap.push(dv, v);
        }
      });
    }
    while (heap.size > 0) heap.pop();
  }
  const metres = new Uint16Array(links.length);
  links.forEach(([, , m], i) => {
    if (m > 0xffff) throw new Error(`sea patches: a link of ${Math.round(m)} m does not fit`);
    metres[i] = Math.round(m);
  });
  return {
    box: l.box,
    cellDLat: l.dLat,
    k,
    rows: bRows,
    cols: bCols,
    blockStart,
    spot,
    from: Int32Array.from(links, ([a]) => a),
    to: Int32Array.from(links, ([, b]) => b),
    metres,
  };
}

/**
 * gzip of: header length (u32 LE), the JSON header, then per node its link count (u8) and
 * spot (u8), per block its node count (u8), and per link (in `from` order) to - from (u32 LE)
 * and metres (u16 LE). About 130 kB for the shipped graph.
 */
export function encodePatches(p: SeaPatches): Buffer {
  const n = p.spot.length;
  const links = p.from.length;
  const header = Buffer.from(JSON.stringify({ box: p.box, cellDLat: p.cellDLat, k: p.k, rows: p.rows, cols: p.cols, nodes: n, links }));
  const count = new Uint8Array(n);
  for (let i = 0; i < links; i++) {
    if (i > 0 && p.from[i]! < p.from[i - 1]!) throw new Error('sea patches: links out of order');
    count[p.from[i]!]!++;
  }
  const perBlock = new Uint8Array(p.rows * p.cols);
  for (let b = 0; b < perBlock.length; b++) perBlock[b] = p.blockStart[b + 1]! - p.blockStart[b]!;
  const delta = new Uint32Array(links);
  for (let i = 0; i < links; i++) delta[i] = p.to[i]! - p.from[i]!;
  const len = Buffer.alloc(4);
  len.writeUInt32LE(header.length);
  const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  return gzipSync(Buffer.concat([len, header, bytes(count), bytes(p.spot), bytes(perBlock), bytes(delta), bytes(p.metres)]), { level: 9 });
}

export function decodePatches(gz: Buffer): SeaPatches {
  const raw = gunzipSync(gz);
  const hLen = raw.readUInt32LE(0);
  const h = JSON.parse(raw.subarray(4, 4 + hLen).toString('utf8')) as Pick<SeaPatches, 'box' | 'cellDLat' | 'k' | 'rows' | 'cols'> & { nodes: number; links: number };
  let at = 4 + hLen;
  // A copy per array: the typed arrays need aligned offsets.
  const take = <T>(bytes: number, make: (b: ArrayBuffer) => T): T => {
    const part = raw.subarray(at, at + bytes);
    if (part.length !== bytes) throw new Error('sea patches: file cut short');
    at += bytes;
    return make(new Uint8Array(part).buffer);
  };
  const count = take(h.nodes, (b) => new Uint8Array(b));
  const spot = take(h.nodes, (b) => new Uint8Array(b));
  const perBlock = take(h.rows * h.cols, (b) => new Uint8Array(b));
  const delta = take(h.links * 4, (b) => new Uint32Array(b));
  const metres = take(h.links * 2, (b) => new Uint16Array(b));
  const blockStart = new Int32Array(perBlock.length + 1);
  for (let b = 0; b < perBlock.length; b++) blockStart[b + 1] = blockStart[b]! + perBlock[b]!;
  const from = new Int32Array(h.links);
  const to = new Int32Array(h.links);
  for (let a = 0, i = 0; a < h.nodes; a++) {
    for (let j = 0; j < count[a]!; j++, i++) [from[i], to[i]] = [a, a + delta[i]!];
  }
  return { box: h.box, cellDLat: h.cellDLat, k: h.k, rows: h.rows, cols: h.cols, blockStart, spot, from, to, metres };
}

/** 1 for the cells of the largest component joined by open legs (the sea; lakes and enclosed bays drop out). */
function largestComponent(l: Lattice): Uint8Array {
  const { rows, cols, open, dirs } = l;
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
        const j = (r + dirs[d]![0]) * cols + c + dirs[d]![1];
        if (comp[j] === -1) {
          comp[j] = id;
          stack.push(j);
        }
      }
    }
    sizes.push(size);
  }
  const biggest = sizes.indexOf(Math.max(...sizes));
  const main = new Uint8Array(comp.length);
  for (let i = 0; i < comp.length; i++) if (comp[i] === biggest) main[i] = 1;
  return main;
}
