import { describe, expect, it } from 'vitest';
import { prng } from './legs.ts';
import { PortSpots } from './port-spots.ts';
import type { SimHarbour } from './harbour-types.ts';

const harbour = (locode: string, berths: number, spots: number): SimHarbour => ({
  locode,
  berths: Array.from({ length: berths }, (_, i) => ({ name: `Quay ${i}`, lengthM: 200, path: [[60, 25], [60.001, 25 + i * 0.001]] })),
  anchorage: { name: 'Roads', spots: Array.from({ length: spots }, (_, i) => [[60, 25], [59.99, 25 + i * 0.003]] as [number, number][]) },
});

describe('berth allocation', () => {
  it('gives each ship its own quay, then anchor spots when every quay is taken, then nothing', () => {
    const s = new PortSpots([harbour('FIAAA', 3, 2)]);
    const r = prng(3);
    const berths = [0, 1, 2].map((ship) => s.claimBerth(0, ship, r));
    expect(new Set(berths).size).toBe(3);
    expect(s.claimBerth(0, 3, r)).toBe(-1);
    const spots = [3, 4].map((ship) => s.claimAnchor(0, ship, r));
    expect(new Set(spots).size).toBe(2);
    expect(s.claimAnchor(0, 5, r)).toBe(-1);
    expect(s.berthOwner(0, berths[1]!)).toBe(1);
    s.releaseBerth(0, berths[1]!);
    expect(s.freeBerths(0)).toBe(1);
    expect(s.claimBerth(0, 3, r)).toBe(berths[1]);
    expect(s.berthOwner(0, berths[1]!)).toBe(3);
  });

  it('keeps harbours apart', () => {
    const s = new PortSpots([harbour('FIAAA', 1, 0), harbour('FIBBB', 1, 0)]);
    const r = prng(1);
    expect(s.harbourOf('FIBBB')).toBe(1);
    expect(s.harbourOf('FIZZZ')).toBe(-1);
    expect(s.claimBerth(0, 1, r)).toBe(0);
    expect(s.claimBerth(1, 2, r)).toBe(0);
    expect(s.claimAnchor(0, 3, r)).toBe(-1);
  });
});
