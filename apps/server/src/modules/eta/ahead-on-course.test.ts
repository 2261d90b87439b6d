import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { angleDiff, bearing } from './geo.ts';
import { Knowledge } from './knowledge.ts';
import { shippedPorts } from './ports.ts';
import { aheadOnCourse, type Context } from './predictor.ts';
import type { EtaReport } from './types.ts';

const ports = shippedPorts();

/** The rule as first written: every port of the circle in distance order (but a canal's towns), the first best score wins. */
function reference(c: Context, r: EtaReport, from: string | null): string | null {
  let best: string | null = null;
  let bestScore = Infinity;
  for (const { port, dist } of c.ports.near(r.lat, r.lon, 200_000)) {
    if (port.locode === from || dist < 3000 || port.onPassage) continue;
    const off = angleDiff(bearing(r.lat, r.lon, port.lat, port.lon), r.cog!);
    if (off > 25) continue;
    const score = ((dist / 1000) * (1 + off / 25)) / (1 + Math.log1p(c.k.popularity(port.locode)) * 2);
    if (score < bestScore) [best, bestScore] = [port.locode, score];
  }
  return best;
}

describe('aheadOnCourse', () => {
  // The scan is unsorted and skips ports that cannot win; it must pick what the sorted scan picks.
  it('picks the port the distance-ordered scan picks, popular ports and all', () => {
    const k = new Knowledge();
    const busy = ['DKCPH', 'SEMMA', 'DEKEL', 'DKAAR', 'SEGOT', 'FIHEL', 'EETLL', 'DKFRC', 'SEHEL', 'DKHLS'];
    busy.forEach((p, i) => {
      for (let n = 0; n < (i + 1) * 3; n++) k.countMention(p);
    });
    const c: Context = { ports, k, sea: null };
    fc.assert(
      fc.property(
        fc.double({ min: 54, max: 60.5, noNaN: true }),
        fc.double({ min: 8, max: 26, noNaN: true }),
        fc.integer({ min: 0, max: 359 }),
        fc.constantFrom(null, 'DKCPH', 'SEMMA', 'FIHEL'),
        (lat, lon, cog, from) => {
          const r: EtaReport = { mmsi: 1, at: 0, lat, lon, sog: 12, cog, heading: null, navStatus: 0, reportedEta: null, destination: null };
          expect(aheadOnCourse(c, r, from)).toBe(reference(c, r, from));
        },
      ),
      { numRuns: 2000, seed: 11 },
    );
  });
});
