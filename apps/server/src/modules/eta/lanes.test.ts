import { describe, expect, it } from 'vitest';
import { EtaEngine } from './engine.ts';
import { bearing, haversine } from './geo.ts';
import { Knowledge } from './knowledge.ts';
import { shippedPorts } from './ports.ts';
import type { EtaReport } from './types.ts';

/**
 * The lanes past voyages followed: where ships on this lane on this course went, used when the
 * text (or habit) names a port that ships never sail to this way.
 */
const ports = shippedPorts();
const start = Date.parse('2026-03-01T00:00:00Z');
const MIN = 60_000;
type Pt = [lat: number, lon: number];

/** A learned voyage's points along a straight line, flat [lat, lon, msToGo, metresToGo], at 12 kn. */
function straight(from: Pt, to: Pt, n = 40): number[] {
  const total = haversine(from[0], from[1], to[0], to[1]);
  const pts: number[] = [];
  for (let i = 0; i <= n; i++) {
    const f = i / n;
    const left = total * (1 - f);
    pts.push(from[0] + f * (to[0] - from[0]), from[1] + f * (to[1] - from[1]), (left / (12 * 1852)) * 3600_000, left);
  }
  return pts;
}

const HANKO_LANE: [Pt, Pt] = [[58.3, 22.4], [59.8, 22.95]];
const NYNASHAMN_LANE: [Pt, Pt] = [[57.6, 19.6], [58.88, 17.98]];

function knowledge(): Knowledge {
  const k = new Knowledge();
  for (let i = 0; i < 6; i++) k.addVoyage({ mmsi: 1000 + i, from: 'LVRIX', to: 'FIHKO', departure: start, arrival: start + 10 * 3600_000, points: straight(...HANKO_LANE) });
  for (let i = 0; i < 5; i++) k.addVoyage({ mmsi: 2000 + i, from: 'PLGDN', to: 'SENYN', departure: start, arrival: start + 10 * 3600_000, points: straight(...NYNASHAMN_LANE) });
  return k;
}

/** Reports every 5 minutes along a line, at 12 kn, with a destination text. */
function sail(mmsi: number, from: Pt, to: Pt, n: number, text: string): EtaReport[] {
  const cog = bearing(from[0], from[1], to[0], to[1]);
  return Array.from({ length: n }, (_, i) => {
    const f = i / 60;
    return {
      mmsi, at: start + 20 * 3600_000 + i * 5 * MIN, lat: from[0] + f * (to[0] - from[0]), lon: from[1] + f * (to[1] - from[1]),
      sog: 12, cog, heading: cog, navStatus: 0, reportedEta: null, destination: text,
    };
  });
}

describe('lanes learned from past voyages', () => {
  it('know where voyages through a cell on a course went, not the other way, and survive storing', () => {
    const k = knowledge();
    const mid: Pt = [59.0, 22.66];
    const north = bearing(...HANKO_LANE[0], ...HANKO_LANE[1]);
    expect(k.laneDestinations(...mid, north, null)).toEqual(new Map([['FIHKO', 6]]));
    expect(k.onLaneTo('FIHKO', ...mid, north)).toBe(true);
    expect(k.onLaneTo('FIHKO', ...mid, (north + 180) % 360)).toBe(false);
    expect(k.laneDestinations(...mid, (north + 180) % 360, null).size).toBe(0);
    expect(k.laneDestinations(...mid, north, 'FIHKO').size).toBe(0);
    expect(k.onLaneTo('SENYN', ...mid, north)).toBe(false);
    const restored = Knowledge.fromJSON(JSON.parse(JSON.stringify(k.toJSON())));
    expect(restored.laneDestinations(...mid, north, null)).toEqual(new Map([['FIHKO', 6]]));
  });

  it('a text naming a port whose lanes do not pass here gives way to where ships on this lane went', () => {
    const engine = new EtaEngine(ports, knowledge());
    // On the Hanko lane, 90-100 km short of Hanko, the text (stale) names Nynäshamn, 280 km west.
    const dest = sail(31, [58.95, 22.64], [59.25, 22.75], 6, 'SENYN').map((r) => engine.observe(r).destination);
    expect(dest.at(-1)).toBe('FIHKO');
  });

  it('keeps the text on that port’s own lane, and far from where the lane leads', () => {
    const onItsLane = new EtaEngine(ports, knowledge());
    const dest = sail(32, [58.0, 19.0], [58.4, 18.5], 6, 'SENYN').map((r) => onItsLane.observe(r).destination);
    expect(dest.at(-1)).toBe('SENYN');
    // The Hanko lane's far end (over 150 km from Hanko): the lane's vote is not trusted there.
    const far = new EtaEngine(ports, knowledge());
    const farDest = sail(33, [58.3, 22.4], [58.45, 22.46], 6, 'SENYN').map((r) => far.observe(r).destination);
    expect(farDest.at(-1)).toBe('SENYN');
  });
});
