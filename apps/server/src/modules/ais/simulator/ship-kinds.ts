import type { HarborShipType } from '@harbor/contracts';

/**
 * The simulated fleet's mix: all 12 categories in shares like the traffic
 * Digitraffic shows in Finnish waters outside summer (merchant ships about
 * three in four; general cargo the largest group, then tankers, ro-ro and
 * ro-pax, passenger ships, bulkers and container feeders; tugs, pilots,
 * fishing and pleasure craft a few percent each; navy ships rare). AIS has one
 * code range for all cargo ships, so ro-ro, bulker and container ships carry
 * their category beside the AIS type, as the ship registry would give it.
 */
export interface ShipKind {
  category: HarborShipType;
  /** AIS ship-and-cargo type (ITU-R M.1371 table 53). */
  aisType: number;
  share: number;
  minKn: number;
  maxKn: number;
  lengthM: number;
  classB: boolean;
  /** Calls at berths (merchant ships); the others sail in and out without a port call. */
  calls: boolean;
  /** Time alongside, minutes: [min, max]. */
  dwellMin: [number, number];
}

export const SHIP_KINDS: ShipKind[] = [
  { category: 'OTHER_CARGO', aisType: 70, share: 0.26, minKn: 10, maxKn: 14, lengthM: 120, classB: false, calls: true, dwellMin: [180, 720] },
  { category: 'TANKER', aisType: 80, share: 0.13, minKn: 10, maxKn: 14, lengthM: 170, classB: false, calls: true, dwellMin: [240, 900] },
  { category: 'RORO_VEHICLE_CARRIER', aisType: 79, share: 0.09, minKn: 14, maxKn: 19, lengthM: 190, classB: false, calls: true, dwellMin: [90, 360] },
  { category: 'PASSENGER', aisType: 60, share: 0.09, minKn: 16, maxKn: 23, lengthM: 190, classB: false, calls: true, dwellMin: [45, 150] },
  { category: 'BULKER', aisType: 70, share: 0.07, minKn: 10, maxKn: 13, lengthM: 180, classB: false, calls: true, dwellMin: [480, 1800] },
  { category: 'CONTAINER', aisType: 71, share: 0.06, minKn: 13, maxKn: 17, lengthM: 160, classB: false, calls: true, dwellMin: [240, 720] },
  { category: 'OTHER', aisType: 90, share: 0.04, minKn: 8, maxKn: 12, lengthM: 60, classB: false, calls: true, dwellMin: [120, 600] },
  { category: 'TUGS_SPECIAL_CRAFT', aisType: 52, share: 0.06, minKn: 8, maxKn: 11, lengthM: 30, classB: false, calls: false, dwellMin: [0, 0] },
  { category: 'PILOT_SAR', aisType: 50, share: 0.04, minKn: 12, maxKn: 20, lengthM: 18, classB: false, calls: false, dwellMin: [0, 0] },
  { category: 'FISHING', aisType: 30, share: 0.04, minKn: 6, maxKn: 9, lengthM: 25, classB: false, calls: false, dwellMin: [0, 0] },
  { category: 'PLEASURE_HIGH_SPEED_CRAFT', aisType: 37, share: 0.05, minKn: 5, maxKn: 8, lengthM: 12, classB: true, calls: false, dwellMin: [0, 0] },
  { category: 'PLEASURE_HIGH_SPEED_CRAFT', aisType: 36, share: 0.02, minKn: 5, maxKn: 7, lengthM: 11, classB: true, calls: false, dwellMin: [0, 0] },
  { category: 'PLEASURE_HIGH_SPEED_CRAFT', aisType: 40, share: 0.02, minKn: 25, maxKn: 33, lengthM: 35, classB: false, calls: false, dwellMin: [0, 0] },
  { category: 'PILOT_SAR', aisType: 51, share: 0.01, minKn: 15, maxKn: 25, lengthM: 20, classB: false, calls: false, dwellMin: [0, 0] },
  { category: 'MILITARY', aisType: 35, share: 0.01, minKn: 12, maxKn: 18, lengthM: 60, classB: false, calls: false, dwellMin: [0, 0] },
  { category: 'TUGS_SPECIAL_CRAFT', aisType: 33, share: 0.01, minKn: 6, maxKn: 9, lengthM: 50, classB: false, calls: false, dwellMin: [0, 0] },
];

/** How a crew keeps the AIS ETA: most update it, some leave an old one, a few type a wrong one or none. */
export type EtaHabit = 'accurate' | 'stale' | 'wrong' | 'missing';
export const ETA_HABITS: [EtaHabit, number][] = [
  ['accurate', 0.72],
  ['stale', 0.14],
  ['wrong', 0.09],
  ['missing', 0.05],
];

export function pick<T>(table: [T, number][] | { share: number }[], r: number): number {
  let x = r;
  for (let i = 0; i < table.length; i++) {
    const w = Array.isArray(table[i]) ? (table[i] as [T, number])[1] : (table[i] as { share: number }).share;
    if ((x -= w) < 0) return i;
  }
  return 0;
}
