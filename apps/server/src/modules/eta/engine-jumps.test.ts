import { describe, expect, it } from 'vitest';
import { EtaEngine } from './engine.ts';
import { shippedPorts } from './ports.ts';
import { ferryFixture } from './testing/ferry-fixture.ts';
import type { DetectedCall, EtaReport } from './types.ts';

/** Real feeds carry bad fixes and MMSIs shared by two ships; neither may make or break a port call. */
const ports = shippedPorts();
const start = Date.parse('2026-03-01T00:00:00Z');

function calls(reports: EtaReport[]) {
  const engine = new EtaEngine(ports);
  const out: DetectedCall[] = [];
  engine.onCall = (c) => {
    if (c.departure === null) out.push({ ...c });
    else out.find((x) => x.arrival === c.arrival)!.departure = c.departure;
  };
  const predictions = reports.map((r) => engine.observe(r));
  return { calls: out, predictions };
}

describe('positions no ship could have reached', () => {
  const { reports } = ferryFixture({ mmsi: 276829002, start, days: 3 });
  const clean = calls(reports);

  it('a bad fix every few hours, in port and at sea, changes no port call', () => {
    const dirty: EtaReport[] = [];
    reports.forEach((r, i) => {
      dirty.push(r);
      // 100-200 km away in the middle of the Baltic, a second later.
      if (i % 40 === 7) dirty.push({ ...r, at: r.at + 1000, lat: 58.5 + (i % 3) * 0.3, lon: 20 + (i % 5) * 0.4 });
    });
    const run = calls(dirty);
    expect(clean.calls.length).toBeGreaterThan(20);
    expect(run.calls).toEqual(clean.calls);
    // The bad rows still get a prediction: the one at the last good position.
    const bad = dirty.map((r, i) => [r, run.predictions[i]!] as const).filter(([r]) => r.lat < 59);
    expect(bad.length).toBeGreaterThan(10);
    for (const [, p] of bad) expect(p.destination).not.toBeNull();
  });

  it('another ship sending the same MMSI far away, report after report, is not followed', () => {
    const dirty: EtaReport[] = [];
    reports.forEach((r, i) => {
      dirty.push(r);
      // Its own reports are far apart from each other too (it is not one steady stranger).
      if (i % 2 === 0) dirty.push({ ...r, at: r.at + 2000, lat: 57 + (i % 7) * 0.5, lon: 18 + (i % 11) * 0.3 });
    });
    expect(calls(dirty).calls).toEqual(clean.calls);
  });

  it('a ship that really is elsewhere (the feed lost it for a while) is followed from its second report there', () => {
    const engine = new EtaEngine(ports);
    const at = (min: number) => start + min * 60_000;
    const base = { mmsi: 7, sog: 12, cog: 90, heading: 90, navStatus: 0, reportedEta: null, destination: 'FIHEL' };
    engine.observe({ ...base, at: at(0), lat: 59.9, lon: 22.0 });
    // 100 km east 10 minutes later: 320 knots, a jump; the next report agrees with it.
    engine.observe({ ...base, at: at(10), lat: 59.9, lon: 23.8 });
    engine.observe({ ...base, at: at(15), lat: 59.9, lon: 23.83 });
    const ship = engine.ships.get(7)!;
    expect(ship.det.lastLon).toBeCloseTo(23.83, 5);
  });
});
