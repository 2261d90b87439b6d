/**
 * The sea lanes of `harbor-ais simulate` (packages/ais, frozen by bench/eta-lanes-trace.ts) against
 * GSHHG full-resolution land: no leg may cross the coastline, shifted sideways or not, and every
 * port point is at sea. (Islets narrower than a quarter of a lane's width, at most 250 m, could
 * hide between two checked offsets.)
 */
import { LANE_OFFSETS, LANE_PORTS, offsetPolyline, SEA_LANES } from '@harbor/ais/voyages';
import { beforeAll, describe, expect, it } from 'vitest';
import { Coastline, GSHHG_LAND } from './simulator/coastline.ts';

describe('voyage generator sea lanes', () => {
  let coast: Coastline;
  beforeAll(() => {
    coast = new Coastline(GSHHG_LAND, { west: 9, south: 53, east: 31, north: 66.2 });
  });

  it('puts every port at sea and connects the ferry lines', () => {
    for (const p of LANE_PORTS) expect(coast.onLand(p.lat, p.lon), p.locode).toBe(false);
    const pairs = new Set(SEA_LANES.flatMap((l) => [`${l.from}-${l.to}`, `${l.to}-${l.from}`]));
    for (const p of ['FIHEL-EETLL', 'FIHEL-FIMHQ', 'FIMHQ-SESTO', 'FITKU-FILAN', 'FILAN-SESTO', 'FIHEL-DETRV', 'FIHKO-DERSK', 'SENYN-PLGDN'])
      expect(pairs, p).toContain(p);
  });

  it('has no lane leg crossing the coastline, at any of the sideways offsets trips use', { timeout: 180_000 }, () => {
    const bad: string[] = [];
    let spread = 0;
    for (const lane of SEA_LANES)
      lane.variants.forEach((points, k) => {
        const widths = lane.widthsKm?.[k] ?? points.map(() => 0);
        expect(widths).toHaveLength(points.length);
        if (widths.some((w) => w > 0)) spread++;
        for (const f of LANE_OFFSETS) {
          const v = offsetPolyline(points, widths, f);
          for (let i = 0; i + 1 < v.length; i++) {
            const [a, b] = [v[i]!, v[i + 1]!];
            if (coast.crosses(a[0], a[1], b[0], b[1])) bad.push(`${lane.from}-${lane.to} variant ${k} offset ${f} leg ${i}`);
          }
        }
      });
    expect(bad).toEqual([]);
    expect(spread).toBeGreaterThan(SEA_LANES.length / 2);
  });
});
