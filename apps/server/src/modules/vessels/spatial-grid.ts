/**
 * Fixed lat/lon grid over the whole globe with one intrusive doubly linked list
 * per cell, indexed by store slot. Moving a ship is O(1) (unlink, link) and
 * allocates nothing, which matters more on the ingest hot path than a packed
 * index's slightly faster scans: positions change 20k times a second.
 */
export const CELL_LAT = 0.1;
export const CELL_LON = 0.2;
const ROWS = Math.ceil(180 / CELL_LAT);
const COLS = Math.ceil(360 / CELL_LON);

const rowOf = (lat: number) => Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_LAT)));
const colOf = (lon: number) => Math.min(COLS - 1, Math.max(0, Math.floor((lon + 180) / CELL_LON)));

export class SpatialGrid {
  /** First slot in each cell, -1 when empty (13 MB for 3.24 M cells: cheaper than a Map on lookups). */
  private readonly head = new Int32Array(ROWS * COLS).fill(-1);
  private next: Int32Array;
  private prev: Int32Array;
  private cellOf: Int32Array;

  constructor(capacity: number) {
    this.next = new Int32Array(capacity).fill(-1);
    this.prev = new Int32Array(capacity).fill(-1);
    this.cellOf = new Int32Array(capacity).fill(-1);
  }

  grow(capacity: number) {
    const grow = (a: Int32Array) => {
      const b = new Int32Array(capacity).fill(-1);
      b.set(a);
      return b;
    };
    this.next = grow(this.next);
    this.prev = grow(this.prev);
    this.cellOf = grow(this.cellOf);
  }

  /** Puts `slot` in the cell of (lat, lon), moving it if it was elsewhere. */
  place(slot: number, lat: number, lon: number) {
    const cell = rowOf(lat) * COLS + colOf(lon);
    if (this.cellOf[slot] === cell) return;
    this.remove(slot);
    const first = this.head[cell]!;
    this.next[slot] = first;
    this.prev[slot] = -1;
    if (first >= 0) this.prev[first] = slot;
    this.head[cell] = slot;
    this.cellOf[slot] = cell;
  }

  remove(slot: number) {
    const cell = this.cellOf[slot]!;
    if (cell < 0) return;
    const p = this.prev[slot]!;
    const n = this.next[slot]!;
    if (p >= 0) this.next[p] = n;
    else this.head[cell] = n;
    if (n >= 0) this.prev[n] = p;
    this.cellOf[slot] = -1;
    this.next[slot] = -1;
    this.prev[slot] = -1;
  }

  /**
   * Calls `visit(slot, inside)` for every slot in the cells touching the box;
   * `inside` is true when the whole cell lies in the box, so the caller can skip
   * the coordinate test.
   */
  visit(south: number, west: number, north: number, east: number, visit: (slot: number, inside: boolean) => void) {
    const r0 = rowOf(south);
    const r1 = rowOf(north);
    const c0 = colOf(west);
    const c1 = colOf(east);
    const { head, next } = this;
    for (let r = r0; r <= r1; r++) {
      const cellSouth = r * CELL_LAT - 90;
      const rowInside = cellSouth >= south && cellSouth + CELL_LAT <= north;
      for (let c = c0; c <= c1; c++) {
        let slot = head[r * COLS + c]!;
        if (slot < 0) continue;
        const cellWest = c * CELL_LON - 180;
        const inside = rowInside && cellWest >= west && cellWest + CELL_LON <= east;
        while (slot >= 0) {
          visit(slot, inside);
          slot = next[slot]!;
        }
      }
    }
  }
}
