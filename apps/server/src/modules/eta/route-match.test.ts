import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectOnSegment } from './geo.ts';
import type { LearnedVoyage } from './knowledge.ts';
import { matchVoyage } from './route-match.ts';

/** The whole track, every segment projected, nothing skipped: what matchVoyage's first search must find. */
function nearestSegment(v: LearnedVoyage, lat: number, lon: number) {
  let best = { i: -1, dist: Infinity };
  for (let o = 0; o + 7 < v.points.length; o += 4) {
    const pr = projectOnSegment(lat, lon, v.points[o]!, v.points[o + 1]!, v.points[o + 4]!, v.points[o + 5]!);
    if (pr.dist < best.dist) best = { i: o / 4, dist: pr.dist };
  }
  return best;
}

const voyage = fc
  .record({
    lat: fc.double({ min: 54, max: 65.5, noNaN: true }),
    lon: fc.double({ min: 10, max: 29, noNaN: true }),
    steps: fc.array(fc.tuple(fc.double({ min: -0.05, max: 0.05, noNaN: true }), fc.double({ min: -0.1, max: 0.1, noNaN: true })), { minLength: 1, maxLength: 40 }),
  })
  .map(({ lat, lon, steps }): LearnedVoyage => {
    const pts = [lat, lon];
    for (const [dy, dx] of steps) pts.push(pts[pts.length - 2]! + dy, pts[pts.length - 1]! + dx);
    const n = pts.length / 2;
    const points: number[] = [];
    for (let i = 0; i < n; i++) points.push(pts[2 * i]!, pts[2 * i + 1]!, (n - 1 - i) * 300_000, (n - 1 - i) * 2_000);
    return { id: 1, mmsi: 1, from: 'FIAAA', to: 'FIBBB', departure: 0, arrival: (n - 1) * 300_000, points };
  });

describe('matchVoyage', () => {
  // The search skips segments (and whole voyages) by cheap bounds; this checks that the bounds
  // never skip the segment a full projection finds, near the track and far from it.
  it('finds the nearest segment as a full scan does, or none beyond the allowed offset', () => {
    fc.assert(
      fc.property(
        voyage,
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.constantFrom(2500, 3500),
        (v, dLat, dLon, maxOffM) => {
          const i = Math.floor(v.points.length / 8) * 4;
          const lat = v.points[i]! + dLat;
          const lon = v.points[i + 1]! + dLon;
          const cache = { idx: -1, fullAt: 0 };
          const match = matchVoyage(v, lat, lon, null, 1_000_000_000, cache, maxOffM);
          const want = nearestSegment(v, lat, lon);
          if (want.dist <= maxOffM) {
            expect(match?.offM).toBeCloseTo(want.dist, 6);
            expect(cache.idx).toBe(want.i);
          } else {
            expect(match).toBeNull();
            expect(cache.idx).toBe(want.dist <= maxOffM * 3 ? want.i : -1);
          }
        },
      ),
      { numRuns: 3000, seed: 17 },
    );
  });
});
