import type { Box } from './land-index.ts';
import type { LandIndex } from './land-index.ts';

/** Neighbour offsets [dRow, dCol] of the 8 directions; direction d and (d + 4) % 8 are opposites. */
export const DIRS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
];

export interface GridSpec {
  box: Box;
  /** Cell size in degrees of latitude; longitude cells are twice as wide (about square at 60 N). */
  dLat: number;
}

/**
 * The open-water lattice of the sea-lane graph: one node per cell whose centre
 * is at sea, linked to each of its 8 neighbours when the straight leg between
 * the two centres crosses no coastline. Built once per land model.
 */
export class SeaGrid {
  readonly rows: number;
  readonly cols: number;
  readonly dLat: number;
  readonly dLon: number;
  readonly box: Box;
  /** Bit d set: the leg to the neighbour in DIRS[d] is open water. 0 for land cells. */
  readonly open: Uint8Array;
  readonly water: Uint8Array;

  constructor(
    readonly land: LandIndex,
    spec: GridSpec,
  ) {
    this.box = spec.box;
    this.dLat = spec.dLat;
    this.dLon = spec.dLat * 2;
    this.rows = Math.ceil((spec.box.north - spec.box.south) / this.dLat);
    this.cols = Math.ceil((spec.box.east - spec.box.west) / this.dLon);
    const n = this.rows * this.cols;
    this.water = new Uint8Array(n);
    this.open = new Uint8Array(n);
    const lons = Array.from({ length: this.cols }, (_, c) => this.box.west + (c + 0.5) * this.dLon);
    for (let r = 0; r < this.rows; r++) {
      const onLand = land.onLandAlong(this.box.south + (r + 0.5) * this.dLat, lons);
      for (let c = 0; c < this.cols; c++) if (!onLand[c]) this.water[r * this.cols + c] = 1;
    }
    // Directions 0-3 checked from each cell; the opposite bit set on the neighbour.
    for (let i = 0; i < n; i++) {
      if (!this.water[i]) continue;
      const r = Math.floor(i / this.cols);
      const c = i % this.cols;
      const [lat, lon] = this.center(i);
      for (let d = 0; d < 4; d++) {
        const j = this.cellAt(r + DIRS[d]![0], c + DIRS[d]![1]);
        if (j < 0 || !this.water[j]) continue;
        const [lat2, lon2] = this.center(j);
        if (land.crosses(lat, lon, lat2, lon2)) continue;
        this.open[i]! |= 1 << d;
        this.open[j]! |= 1 << ((d + 4) % 8);
      }
    }
  }

  get size(): number {
    return this.rows * this.cols;
  }

  cellAt(r: number, c: number): number {
    return r < 0 || c < 0 || r >= this.rows || c >= this.cols ? -1 : r * this.cols + c;
  }

  /** The cell holding a point, or -1 outside the grid. */
  cellOf(lat: number, lon: number): number {
    return this.cellAt(Math.floor((lat - this.box.south) / this.dLat), Math.floor((lon - this.box.west) / this.dLon));
  }

  center(i: number): [number, number] {
    const r = Math.floor(i / this.cols);
    const c = i % this.cols;
    return [this.box.south + (r + 0.5) * this.dLat, this.box.west + (c + 0.5) * this.dLon];
  }

  neighbour(i: number, d: number): number {
    return this.cellAt(Math.floor(i / this.cols) + DIRS[d]![0], (i % this.cols) + DIRS[d]![1]);
  }
}
