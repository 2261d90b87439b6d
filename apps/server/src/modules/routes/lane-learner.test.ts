import { describe, expect, it } from 'vitest';
import { lanesFromTracks, lanesFromVoyages, VOYAGE_LANE_WEIGHT, type TrackPoint } from './lane-learner.ts';

const at = (m: number) => new Date(Date.UTC(2026, 0, 1) + m * 60_000);
const p = (mmsi: number, m: number, lat: number, lon: number, sog: number | null = 12): TrackPoint => ({ mmsi, at: at(m), lat, lon, sog });

describe('lane learning from tracks', () => {
  it('makes one lane of a run of under-way reports, dropping points closer than a kilometre', () => {
    const lanes = lanesFromTracks([p(1, 0, 60, 24), p(1, 2, 60.005, 24), p(1, 4, 60.02, 24), p(1, 6, 60.04, 24)]);
    expect(lanes).toHaveLength(1);
    expect(lanes[0]!.points).toEqual([[60, 24], [60.02, 24], [60.04, 24]]);
    expect(lanes[0]!.weight).toBeLessThan(1);
  });

  it('splits at a new ship, a long gap, a jump and a stop', () => {
    const lanes = lanesFromTracks([
      p(1, 0, 60, 24),
      p(1, 2, 60.02, 24),
      p(2, 2, 61, 21), // another ship
      p(2, 4, 61.02, 21),
      p(2, 60, 61.04, 21), // 56 minutes later
      p(2, 62, 61.06, 21),
      p(2, 64, 61.5, 21), // a 49 km jump
      p(2, 66, 61.52, 21),
      p(2, 68, 61.53, 21, 0.2), // stopped
      p(2, 70, 61.55, 21),
      p(2, 72, 61.57, 21),
    ]);
    expect(lanes.map((l) => l.points.length)).toEqual([2, 2, 2, 2, 2]);
  });

  it("takes the eta module's learned voyages as lanes, point by point", () => {
    // [lat, lon, msToGo, metresToGo] per point.
    const lanes = lanesFromVoyages([{ points: [60, 24, 7_200_000, 40_000, 60.001, 24, 7_100_000, 39_900, 60.1, 24.2, 3_600_000, 20_000] }, { points: [61, 21, 0, 0] }]);
    expect(lanes).toEqual([{ points: [[60, 24], [60.1, 24.2]], weight: VOYAGE_LANE_WEIGHT }]);
  });
});
