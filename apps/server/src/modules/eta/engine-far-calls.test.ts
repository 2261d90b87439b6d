import { describe, expect, it } from 'vitest';
import { EtaEngine } from './engine.ts';
import { shippedPorts } from './ports.ts';
import { ferryFixture } from './testing/ferry-fixture.ts';
import type { DetectedCall, EtaReport } from './types.ts';

/**
 * Calls made out of reception (engine.farCall): a Helsinki-Tallinn ferry whose text reads
 * `EETLL` both ways (many shuttles' texts never change), heard only north of 59.75 N, so every
 * stay at Tallinn (34 km beyond the last report, too far for the detector's own inference) falls
 * in a gap of about three hours.
 */
const ports = shippedPorts();
const start = Date.parse('2026-03-01T00:00:00Z');
const HOUR = 3600_000;

function replay(reports: EtaReport[]) {
  const engine = new EtaEngine(ports);
  const calls: DetectedCall[] = [];
  engine.onCall = (c) => calls.push({ ...c });
  return { calls, predictions: reports.map((r) => engine.observe(r)) };
}

describe('a call made out of reception', () => {
  const fixture = ferryFixture({ mmsi: 276829001, start, days: 6, texts: ['EETLL', 'EETLL'] });
  const heard = fixture.reports.filter((r) => r.lat >= 59.75);
  const { calls, predictions } = replay(heard);
  const tallinn = fixture.arrivals.filter((a) => a.port === 'EETLL');

  it('is filed at the port the ship was bound for, timed inside the gap', () => {
    const departures = calls.filter((c) => c.port === 'EETLL' && c.departure !== null);
    expect(departures.length).toBe(tallinn.length);
    for (const a of tallinn) {
      const c = departures.find((x) => Math.abs(x.arrival - a.at) < HOUR)!;
      expect(c).toBeDefined();
      // Our ETA before the gap, and a departure before the ship was heard again.
      expect(Math.abs(c.arrival - a.at)).toBeLessThan(20 * 60_000);
      const back = heard.find((r) => r.at > c.arrival)!;
      expect(c.departure!).toBeGreaterThan(c.arrival);
      expect(c.departure!).toBeLessThan(back.at);
    }
  });

  it('starts the way back from there: Helsinki, not the Tallinn the text still names', () => {
    let right = 0;
    let n = 0;
    heard.forEach((r, i) => {
      // Under way north after the first day (once a round trip has been seen).
      if (r.at < start + 24 * HOUR || r.sog! < 5 || r.cog! > 90) return;
      n++;
      if (predictions[i]!.destination === 'FIHEL') right++;
    });
    expect(n).toBeGreaterThan(100);
    expect(right / n).toBeGreaterThan(0.95);
  });

  it('is not filed for a ship heard again on its way there, nor one that could not have been there and back', () => {
    // South-bound for Tallinn at 12 kn from 60.05 N (about 65 km, 3 h to go), then heard again at 59.9 N.
    const at = (min: number, lat: number, cog: number): EtaReport => ({
      mmsi: 276829002, at: start + min * 60_000, lat, lon: 24.85, sog: 12, cog, heading: cog, navStatus: 0, reportedEta: null, destination: 'EETLL',
    });
    const before = [0, 5, 10, 15, 20, 25, 30].map((m) => at(m, 60.05 - m * 0.002, 180));
    const filed = (after: EtaReport) => replay([...before, after]).calls.filter((c) => c.port === 'EETLL');
    expect(filed(at(600, 59.9, 180))).toEqual([]); // still on its way (late): no call
    expect(filed(at(300, 59.9, 0))).toEqual([]); // north-bound, but 50 km out at 12 kn is 3 h back: no time for the call
    const call = filed(at(600, 59.9, 0)); // north-bound with time for it: the call is filed
    expect(call.map((c) => c.departure === null)).toEqual([true, false]);
  });
});
