import type { SimHarbour } from './harbour-types.ts';

/**
 * Who lies where in each simulated harbour: one ship per quay and per
 * anchoring spot, so moored ships never share a coordinate. A ship that finds
 * every quay taken anchors; one that finds the anchorage full too sails on.
 */
export class PortSpots {
  /** Per harbour: owner ship index per berth (-1 free), and per anchoring spot. */
  private readonly berths: Int32Array[];
  private readonly anchors: Int32Array[];
  private readonly index = new Map<string, number>();

  constructor(readonly harbours: SimHarbour[]) {
    this.berths = harbours.map((h) => new Int32Array(h.berths.length).fill(-1));
    this.anchors = harbours.map((h) => new Int32Array(h.anchorage?.spots.length ?? 0).fill(-1));
    harbours.forEach((h, i) => this.index.set(h.locode, i));
  }

  harbourOf(locode: string): number {
    return this.index.get(locode) ?? -1;
  }

  /** A free quay (a random one, so traffic spreads over the harbour), or -1. */
  claimBerth(harbour: number, ship: number, rand: () => number): number {
    return claim(this.berths[harbour]!, ship, rand);
  }

  claimAnchor(harbour: number, ship: number, rand: () => number): number {
    return claim(this.anchors[harbour]!, ship, rand);
  }

  releaseBerth(harbour: number, berth: number) {
    this.berths[harbour]![berth] = -1;
  }

  releaseAnchor(harbour: number, spot: number) {
    this.anchors[harbour]![spot] = -1;
  }

  freeBerths(harbour: number): number {
    return this.berths[harbour]!.filter((o) => o === -1).length;
  }

  berthOwner(harbour: number, berth: number) {
    return this.berths[harbour]![berth]!;
  }

  anchorOwner(harbour: number, spot: number) {
    return this.anchors[harbour]![spot]!;
  }
}

function claim(owners: Int32Array, ship: number, rand: () => number): number {
  const free: number[] = [];
  owners.forEach((o, i) => o === -1 && free.push(i));
  if (!free.length) return -1;
  const i = free[Math.floor(rand() * free.length)]!;
  owners[i] = ship;
  return i;
}
