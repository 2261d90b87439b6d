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

describe('the text a ship shows when heard again', () => {
  const mmsi = 276829003;
  const reports: EtaReport[] = [];
  let t = start;
  const point = (l: string) => [ports.get(l)!.lat, ports.get(l)!.lon] as const;
  const moored = (port: string, hours: number, text: string) => {
    const [lat, lon] = point(port);
    for (const end = t + hours * HOUR; t < end; t += 5 * 60_000)
      reports.push({ mmsi, at: t, lat, lon, sog: 0, cog: 0, heading: 0, navStatus: 5, reportedEta: null, destination: text });
  };
  const sail = (from: string, to: string, kn: number, text: string) => {
    const [aLat, aLon] = point(from);
    const [bLat, bLon] = point(to);
    const km = Math.hypot((bLat - aLat) * 111.2, (bLon - aLon) * 111.2 * Math.cos((aLat * Math.PI) / 180));
    const dur = (km / (kn * 1.852)) * HOUR;
    const cog = ((Math.atan2((bLon - aLon) * Math.cos((aLat * Math.PI) / 180), bLat - aLat) * 180) / Math.PI + 360) % 360;
    const t0 = t;
    for (; t < t0 + dur; t += 5 * 60_000) {
      const f = (t - t0) / dur;
      reports.push({ mmsi, at: t, lat: aLat + f * (bLat - aLat), lon: aLon + f * (bLon - aLon), sog: kn, cog, heading: Math.round(cog), navStatus: 0, reportedEta: null, destination: text });
    }
  };
  // Helsinki to Tallinn, out of reception south of 59.75 N; heard again on the way to Kotka,
  // the text already Kotka's; back to Helsinki; then Helsinki to Kotka with the same text.
  moored('FIHEL', 2, 'EETLL');
  sail('FIHEL', 'EETLL', 18, 'EETLL');
  moored('EETLL', 2, 'EETLL');
  sail('EETLL', 'FIKTK', 15, 'FIKTK');
  moored('FIKTK', 3, 'FIKTK');
  sail('FIKTK', 'FIHEL', 15, 'FIHEL');
  moored('FIHEL', 3, 'FIHEL');
  const leaving = t;
  sail('FIHEL', 'FIKTK', 15, 'FIKTK');
  const heard = reports.filter((r) => r.lat >= 59.75);

  it('belongs to the next leg, not to the call filed for the gap', () => {
    const { calls, predictions } = replay(heard);
    expect(calls.filter((c) => c.departure !== null).map((c) => c.port)).toEqual(['FIHEL', 'EETLL', 'FIKTK', 'FIHEL']);
    // The first hour out of Helsinki with Kotka's text: Kotka (before, Tallinn: learned as
    // "from Helsinki with Kotka's text" from the Tallinn call filed when the text was Kotka's).
    const out = heard.flatMap((r, i) => (r.at > leaving && r.at < leaving + HOUR ? [predictions[i]!.destination] : []));
    expect(out.length).toBeGreaterThan(10);
    expect(new Set(out)).toEqual(new Set(['FIKTK']));
  });
});
