import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShippedLand } from './land-source.ts';
import { KNOWN_LANES } from './routes-runtime.ts';
import { RoutePlanner } from './route-planner.ts';
import { distanceKm } from './sea-graph.ts';
import { landCrossings } from './test-helpers.ts';
import { lanesFromTracks } from './lane-learner.ts';

/** Ports the open-water grid or a known lane reaches (Stockholm's archipelago is checked in routes.test.ts). */
const PORTS: [string, [number, number]][] = [
  ['FITKU', [60.45, 22.28333]],
  ['FIHEL', [60.16749, 24.94275]],
  ['FIOUL', [65.0, 25.4]],
  ['EETLL', [59.43333, 24.73333]],
  ['PLGDN', [54.35, 18.66667]],
];

const OPEN_SEA_PROBES = Array.from({ length: 8 }, (_, i) => [(8 / 110.57) * Math.cos((i * Math.PI) / 4), (8 / 111.32) * Math.sin((i * Math.PI) / 4)] as const);

describe('sea-route planner', () => {
  let planner: RoutePlanner;
  beforeAll(() => {
    planner = new RoutePlanner(loadShippedLand(), {}, KNOWN_LANES);
  }, 120_000);

  it('routes any open-sea point of the Baltic to any port without crossing land (property)', { timeout: 300_000 }, () => {
    const land = planner.land;
    // East of 14 E: the Baltic and its gulfs (the Kattegat and the Norwegian coast are other waters).
    const seaPoint = fc
      .tuple(fc.double({ min: 54, max: 65.5, noNaN: true }), fc.double({ min: 14, max: 30, noNaN: true }))
      // Open sea: no coastline within 8 km in any of 8 directions (not a pocket of water between islands).
      .filter(([lat, lon]) => !land.onLand(lat, lon) && OPEN_SEA_PROBES.every(([dLat, dLon]) => !land.crosses(lat, lon, lat + dLat, lon + dLon / Math.cos((lat * Math.PI) / 180))));
    fc.assert(
      fc.property(seaPoint, fc.constantFrom(...PORTS), fc.integer({ min: 0, max: 5 }), ([lat, lon], [code, port], passes) => {
        const r = planner.plan([lat, lon], port, passes);
        expect(r, `${lat},${lon} -> ${code}`).not.toBeNull();
        expect(r![0]).toEqual([lat, lon]);
        expect(landCrossings(land, r!)).toEqual([]);
        expect(distanceKm(r!.at(-1)![0], r!.at(-1)![1], port[0], port[1])).toBeLessThan(25);
      }),
      { numRuns: 40, seed: 17 },
    );
  });

  it('learns lanes from tracks but never keeps a lane point on land or a lane leg across it', () => {
    const land = planner.land;
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1) + m * 60_000);
    // A track through Helsinki's mainland (a bad fix between two good ones): the land point is no lane node.
    const track = [
      { mmsi: 1, at: at(0), lat: 60.1, lon: 24.85, sog: 10 },
      { mmsi: 1, at: at(10), lat: 60.2, lon: 24.93, sog: 10 },
      { mmsi: 1, at: at(20), lat: 60.1, lon: 25.05, sog: 10 },
    ];
    expect(land.onLand(60.2, 24.93)).toBe(true);
    const lanes = lanesFromTracks(track);
    expect(lanes).toHaveLength(1);
    const p = new RoutePlanner(land, {}, lanes);
    const r = p.plan([60.1, 24.85], [60.1, 25.05], 3);
    expect(r).not.toBeNull();
    expect(landCrossings(land, r!)).toEqual([]);
    expect(Math.max(...r!.map(([lat]) => lat))).toBeLessThan(60.17);
  }, 180_000);
});
