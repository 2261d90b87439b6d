import { describe, expect, it } from 'vitest';
import { EtaEngine } from './engine.ts';
import { haversine } from './geo.ts';
import { DETECTOR_DEFAULTS } from './detector.ts';
import { Knowledge } from './knowledge.ts';
import { shippedPorts } from './ports.ts';
import { shippedSeaDistances } from './sea-distance.ts';
import type { EtaReport } from './types.ts';

/** A port is behind the ship only if it is behind by sea too (predictor.ts, headingAway). */
const ports = shippedPorts();
const start = Date.parse('2026-03-01T00:00:00Z');
const MIN = 60_000;
const KN = 1852 / 3600;

/** Reports every 5 minutes at `kn` along the waypoints ([lat, lon]). */
function voyage(mmsi: number, text: string, kn: number, points: [number, number][]): EtaReport[] {
  const out: EtaReport[] = [];
  let at = start;
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!, points[i]!];
    const steps = Math.max(1, Math.round(haversine(a[0], a[1], b[0], b[1]) / (kn * KN * 300)));
    const cog = ((Math.atan2((b[1] - a[1]) * Math.cos((a[0] * Math.PI) / 180), b[0] - a[0]) * 180) / Math.PI + 360) % 360;
    for (let k = 0; k < steps; k++, at += 5 * MIN) {
      const f = k / steps;
      out.push({ mmsi, at, lat: a[0] + f * (b[0] - a[0]), lon: a[1] + f * (b[1] - a[1]), sog: kn, cog, heading: cog, navStatus: 0, reportedEta: null, destination: text });
    }
  }
  return out;
}

const withSea = () => new EtaEngine(ports, new Knowledge(), DETECTOR_DEFAULTS, shippedSeaDistances());

// Out of the Gulf of Finland past Hanko, west to the Åland Sea, then north into the Gulf of
// Bothnia: about 27 hours at 14 knots, the first 12 of them getting farther from Oulu as the crow flies.
const toOulu: [number, number][] = [[59.95, 24.8], [59.7, 22.6], [59.75, 20.4], [60.3, 19.5], [61.5, 20.2], [63.3, 21.6], [64.3, 23.4]];

describe('a port behind the ship, by sea', () => {
  it('keeps Oulu named by the text while the ship sails round to it', () => {
    const engine = withSea();
    const reports = voyage(301, 'FI OUL', 14, toOulu);
    const dest = reports.map((r) => engine.observe(r).destination);
    expect(new Set(dest)).toEqual(new Set(['FIOUL']));
  });

  it('by the straight line alone the text is dropped on the way (what the distances by sea fix)', () => {
    const engine = new EtaEngine(ports);
    const dest = voyage(302, 'FI OUL', 14, toOulu).map((r) => engine.observe(r).destination);
    expect(dest.some((d) => d !== 'FIOUL')).toBe(true);
  });

  it('still drops a port the ship really sails away from', () => {
    // Kotka lies east of Helsinki; the ship heads west to Hanko and beyond.
    const engine = withSea();
    const dest = voyage(303, 'FI KTK', 14, toOulu.slice(0, 3)).map((r) => engine.observe(r).destination);
    expect(dest[0]).toBe('FIKTK');
    expect(dest.at(-1)).not.toBe('FIKTK');
  });
});

describe('the ETA with no past voyages, by sea', () => {
  // The way the ship sails: the waypoints, then on to Oulu's point.
  const oulu = ports.get('FIOUL')!;
  const way = [...toOulu, [oulu.lat, oulu.lon] as [number, number]];
  let metres = 0;
  for (let i = 1; i < way.length; i++) metres += haversine(way[i - 1]![0], way[i - 1]![1], way[i]![0], way[i]![1]);
  const hoursToGo = (engine: EtaEngine) => {
    const first = voyage(304, 'FI OUL', 14, toOulu)[0]!;
    const p = engine.observe(first);
    expect(p.basis).toBe('distance');
    return (p.eta! - first.at) / 3600_000;
  };
  const sailed = metres / (14 * KN) / 3600;

  it('is the way round the land over the speed', () => {
    // The graph's way is through the Archipelago Sea, a little shorter than round Åland.
    expect(hoursToGo(withSea()) / sailed).toBeGreaterThan(0.85);
    expect(hoursToGo(withSea()) / sailed).toBeLessThan(1.15);
  });

  it('by the straight line alone is hours short', () => {
    expect(hoursToGo(new EtaEngine(ports)) / sailed).toBeLessThan(0.75);
  });
});
