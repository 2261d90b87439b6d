import { describe, expect, it } from 'vitest';
import { EtaEngine } from './engine.ts';
import { shippedPorts } from './ports.ts';
import { ferryFixture } from './testing/ferry-fixture.ts';

/**
 * A ferry on a timetable (timetable.ts): Helsinki-Tallinn sailings at 07:30, 11:00, 14:30 and
 * 18:00 UTC, so it lies overnight at one end after a day of short turnarounds. Lying there at
 * night, its next arrival is the morning sailing's, not its usual (daytime) turnaround's.
 */
const ports = shippedPorts();
const start = Date.parse('2026-03-02T00:00:00Z');
const DAY = 86_400_000;

describe('a ship in port that keeps a timetable', () => {
  const h = (hh: number, mm = 0) => hh * 60 + mm;
  const fixture = ferryFixture({ mmsi: 230990001, start, days: 9, sailingsUtcMin: [h(7, 30), h(11), h(14, 30), h(18)] });
  const engine = new EtaEngine(ports);
  // No crew ETA: the answer is ours alone.
  const predictions = fixture.reports.map((r) => engine.observe({ ...r, reportedEta: null }));

  it('is predicted to arrive after its first morning sailing while it lies overnight', () => {
    let n = 0;
    let right = 0;
    fixture.reports.forEach((r, i) => {
      const hour = new Date(r.at).getUTCHours();
      // Lying in port at night, once its first week of departures has been learned.
      if (r.at < start + 6 * DAY || r.sog !== 0 || (hour >= 5 && hour < 21)) return;
      const next = fixture.arrivals.find((a) => a.at > r.at);
      if (!next) return;
      n++;
      if (predictions[i]!.destination === next.port && Math.abs(predictions[i]!.eta! - next.at) < 20 * 60_000) right++;
    });
    expect(n).toBeGreaterThan(100);
    expect(right / n).toBeGreaterThan(0.95);
  });

  it('is predicted to leave after a short turnaround in the day', () => {
    let n = 0;
    let right = 0;
    fixture.reports.forEach((r, i) => {
      const hour = new Date(r.at).getUTCHours();
      if (r.at < start + 6 * DAY || r.sog !== 0 || hour < 9 || hour >= 17) return;
      const next = fixture.arrivals.find((a) => a.at > r.at);
      if (!next) return;
      n++;
      if (Math.abs(predictions[i]!.eta! - next.at) < 20 * 60_000) right++;
    });
    expect(n).toBeGreaterThan(20);
    expect(right / n).toBeGreaterThan(0.9);
  });
});
