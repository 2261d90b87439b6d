import { describe, expect, it } from 'vitest';
import { EtaEngine } from './engine.ts';
import { Knowledge } from './knowledge.ts';
import { shippedPorts } from './ports.ts';
import { ferryFixture, type FixtureArrival } from './testing/ferry-fixture.ts';
import type { DetectedCall, EtaPrediction, EtaReport } from './types.ts';

const ports = shippedPorts();
const start = Date.parse('2026-03-01T00:00:00Z');
const DAY = 86_400_000;

function run(reports: EtaReport[]) {
  const engine = new EtaEngine(ports);
  const calls: DetectedCall[] = [];
  engine.onCall = (c) => {
    if (c.departure === null) calls.push({ ...c });
    else {
      const open = calls.find((x) => x.mmsi === c.mmsi && x.arrival === c.arrival);
      if (open) open.departure = c.departure;
    }
  };
  const predictions = reports.map((r) => engine.observe(r));
  return { engine, calls, predictions };
}

const nextArrival = (arrivals: FixtureArrival[], r: EtaReport) =>
  arrivals.filter((a) => a.mmsi === r.mmsi && a.at > r.at).sort((a, b) => a.at - b.at)[0];

describe('eta engine on a Helsinki-Tallinn ferry', () => {
  const fixture = ferryFixture({ mmsi: 276829000, start, days: 8, localTimeEvery: 4 });
  const { calls, predictions } = run(fixture.reports);

  it('detects every arrival and departure within minutes', () => {
    // The ship is at its berth when the data starts: that call is found too, at the first report.
    expect(calls[0]!.arrival).toBe(fixture.reports[0]!.at);
    calls.shift();
    expect(calls.length).toBe(fixture.arrivals.length);
    for (const a of fixture.arrivals) {
      const c = calls.find((x) => Math.abs(x.arrival - a.at) < 3600_000)!;
      expect(c.port).toBe(a.port);
      expect(Math.abs(c.arrival - a.at)).toBeLessThan(5 * 60_000);
    }
    // Departures: the first report away from the berth is at most 5 minutes after leaving.
    const departed = calls.filter((c) => c.departure !== null);
    expect(departed.length).toBeGreaterThanOrEqual(calls.length - 1);
    for (const c of departed) expect(c.departure! - c.arrival).toBeGreaterThan(40 * 60_000);
  });

  it('predicts the next port at (nearly) every report once it has seen one call', () => {
    let right = 0;
    let n = 0;
    fixture.reports.forEach((r, i) => {
      const truth = nextArrival(fixture.arrivals, r);
      if (!truth || r.at < start + DAY) return;
      n++;
      if (predictions[i]!.destination === truth.port) right++;
    });
    expect(right / n).toBeGreaterThan(0.97);
  });

  it('learns the route: ETA at sea within a few minutes, and far better than the reported ETA tail', () => {
    const ours: number[] = [];
    const theirs: number[] = [];
    fixture.reports.forEach((r, i) => {
      const truth = nextArrival(fixture.arrivals, r);
      const p = predictions[i]!;
      if (!truth || r.at < start + 2 * DAY || p.eta === null || p.basis === 'in-port' || p.basis === 'reported') return;
      ours.push(Math.abs(p.eta - truth.at) / 60_000);
      if (r.reportedEta !== null) theirs.push(Math.abs(r.reportedEta - truth.at) / 60_000);
    });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
    expect(ours.length).toBeGreaterThan(500);
    expect(mean(ours)).toBeLessThan(5);
    // Every fourth leg reports local time (UTC+2) as UTC: a 2-hour tail we must not follow.
    expect(p90(theirs)).toBeGreaterThan(100);
    expect(p90(ours)).toBeLessThan(p90(theirs) * 0.2);
  });

  it('learns only from the past: a prefix gives the same predictions as the whole run', () => {
    const half = Math.floor(fixture.reports.length / 2);
    const prefix = run(fixture.reports.slice(0, half)).predictions;
    expect(prefix).toEqual(predictions.slice(0, half));
  });

  it('gives no ETA without a destination, and none before it knows anything but distance', () => {
    const engine = new EtaEngine(ports);
    const p: EtaPrediction = engine.observe({ mmsi: 1, at: start, lat: 59.9, lon: 24.87, sog: 0, cog: null, heading: null, navStatus: 0, reportedEta: null, destination: null });
    expect(p).toEqual({ destination: null, eta: null, basis: null });
    const q = engine.observe({ mmsi: 1, at: start + 60_000, lat: 59.9, lon: 24.87, sog: 20, cog: 0, heading: 0, navStatus: 0, reportedEta: null, destination: 'FIHEL' });
    expect(q.destination).toBe('FIHEL');
    expect(q.basis).toBe('distance');
    // ~28 km at 20 kn, slower in the approach: 45-70 minutes.
    expect((q.eta! - q.eta! + (q.eta! - (start + 60_000))) / 60_000).toBeGreaterThan(45);
    expect((q.eta! - (start + 60_000)) / 60_000).toBeLessThan(70);
  });

  it('takes the next stop of a multi-port text by course when it has no history', () => {
    const engine = new EtaEngine(ports);
    // In the Sea of Åland heading west: of Turku - Långnäs - Stockholm, Stockholm is ahead;
    // in the Archipelago Sea heading west, Långnäs is.
    const p = engine.observe({ mmsi: 2, at: start, lat: 60.0, lon: 19.3, sog: 18, cog: 250, heading: 250, navStatus: 0, reportedEta: null, destination: 'FITKU-FILAN-SESTO' });
    expect(p.destination).toBe('SESTO');
    const q = engine.observe({ mmsi: 3, at: start, lat: 60.2, lon: 21.5, sog: 18, cog: 268, heading: 268, navStatus: 0, reportedEta: null, destination: 'FITKU-FILAN-SESTO' });
    expect(q.destination).toBe('FILAN');
  });

  it('keeps what it learned through a JSON round trip', () => {
    const { engine } = run(fixture.reports.slice(0, 2000));
    const copy = Knowledge.fromJSON(JSON.parse(JSON.stringify(engine.knowledge.toJSON())));
    expect(copy.voyagesTo.get('EETLL')?.length).toBe(engine.knowledge.voyagesTo.get('EETLL')?.length);
    expect(copy.topTransition('276829000|FIHEL')?.to).toBe('EETLL');
  });
});
