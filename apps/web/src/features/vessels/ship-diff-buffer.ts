import type { ShipPosition } from '@harbor/contracts';

/**
 * Position diffs waiting to reach the map sources, merged per ship: the
 * newest position wins, a removal replaces an earlier update and a later
 * update replaces a removal. `take` empties the buffer into one diff.
 */
export class ShipDiffBuffer {
  private readonly pending = new Map<number, ShipPosition | null>();

  get size(): number {
    return this.pending.size;
  }

  add(updated: readonly ShipPosition[], removed: readonly number[]): void {
    for (const mmsi of removed) this.pending.set(mmsi, null);
    for (const s of updated) this.pending.set(s.mmsi, s);
  }

  take(): { updated: ShipPosition[]; removed: number[] } {
    const updated: ShipPosition[] = [];
    const removed: number[] = [];
    for (const [mmsi, s] of this.pending) {
      if (s) updated.push(s);
      else removed.push(mmsi);
    }
    this.pending.clear();
    return { updated, removed };
  }

  clear(): void {
    this.pending.clear();
  }
}
