import { describe, expect, it } from 'vitest';
import { EtaEngine } from './engine.ts';
import { shippedPorts } from './ports.ts';
import type { DetectedCall, EtaReport } from './types.ts';

/**
 * Reception gaps (hours without a report, common away from the coast stations): a call that
 * begins or ends inside one is timed from the speed and distance at its edge, not from the
 * first report after it.
 */
const ports = shippedPorts();
const t0 = Date.parse('2026-03-01T00:00:00Z');
const MIN = 60_000;
const KM_PER_DEG = 111.2;
const [LAT, LON] = [61.13333, 21.5]; // Rauma's point

/** A report `km` west of Rauma at `min` minutes, `kn` knots (east when coming in, west when leaving). */
function at(min: number, km: number, kn: number, cog = 90): EtaReport {
  const lon = LON - km / (KM_PER_DEG * Math.cos((LAT * Math.PI) / 180));
  return { mmsi: 230000001, at: t0 + min * MIN, lat: LAT, lon, sog: kn, cog, heading: cog, navStatus: 0, reportedEta: null, destination: 'FIRAU' };
}

describe('calls across a gap in reception', () => {
  it('arrival and departure inside gaps are timed by the distance and speed at the gap edge', () => {
    const engine = new EtaEngine(ports);
    const calls: DetectedCall[] = [];
    engine.onCall = (c) => calls.push(c);
    // In at 12 kn until 20 km out (minute 60), then nothing for two hours; stopped at the berth from minute 180.
    for (let m = 0; m <= 60; m += 5) engine.observe(at(m, 20 + ((60 - m) / 60) * 12 * 1.852, 12));
    for (let m = 180; m <= 600; m += 5) engine.observe(at(m, 0.2, 0));
    // Left inside a second gap: the first report after it is 15 km out at 12 kn (minute 780).
    for (let m = 780; m <= 840; m += 5) engine.observe(at(m, 15 + ((m - 780) / 60) * 12 * 1.852, 12, 270));

    const arrival = calls.find((c) => c.departure === null)!;
    const departure = calls.find((c) => c.departure !== null)!;
    expect(arrival.port).toBe('FIRAU');
    // 20 km at 12 kn is 54 min; slowing in, about 65: well before the first report at the berth (minute 180).
    expect((arrival.arrival - t0) / MIN).toBeGreaterThan(110);
    expect((arrival.arrival - t0) / MIN).toBeLessThan(135);
    // 15 km out at 12 kn, accelerating from rest: about 61 min before minute 780, not the last report at the berth (600).
    expect((departure.departure! - t0) / MIN).toBeGreaterThan(700);
    expect((departure.departure! - t0) / MIN).toBeLessThan(735);
  });

  it('a whole call inside a gap is inferred from the way in before it and the way out after it', () => {
    const engine = new EtaEngine(ports);
    const calls: DetectedCall[] = [];
    engine.onCall = (c) => calls.push(c);
    // In at 12 kn until 10 km out (minute 60); nothing for three hours; out at 12 kn from 8 km out (minute 240).
    for (let m = 0; m <= 60; m += 5) engine.observe(at(m, 10 + ((60 - m) / 60) * 12 * 1.852, 12));
    for (let m = 240; m <= 300; m += 5) engine.observe(at(m, 8 + ((m - 240) / 60) * 12 * 1.852, 12, 270));
    expect(calls.map((c) => c.port)).toEqual(['FIRAU', 'FIRAU']);
    const [arrival, departure] = calls as [DetectedCall, DetectedCall];
    // 10 km at 12 kn, slowing in (x 1.2): about 32 min after minute 60; 8 km out, accelerating (x 1.5): 32 min before minute 240.
    expect((arrival.arrival - t0) / MIN).toBeCloseTo(92, -1);
    expect((departure.departure! - t0) / MIN).toBeCloseTo(208, -1);

    // Passing by in a gap, bound elsewhere (north along the coast 11 km off, before and after it): no call.
    const passing = new EtaEngine(ports);
    const none: DetectedCall[] = [];
    passing.onCall = (c) => none.push(c);
    const north = (min: number, dLat: number) => ({ ...at(min, 11, 12, 0), lat: LAT + dLat, destination: 'FIOUL' });
    for (let m = 0; m <= 60; m += 5) passing.observe(north(m, -0.3 + (m / 60) * 0.2));
    for (let m = 240; m <= 300; m += 5) passing.observe(north(m, 0.3 + ((m - 240) / 60) * 0.2));
    expect(none).toEqual([]);
  });
});
