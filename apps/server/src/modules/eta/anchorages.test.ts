import { describe, expect, it } from 'vitest';
import { EtaEngine } from './engine.ts';
import { shippedPorts } from './ports.ts';
import { ferryFixture } from './testing/ferry-fixture.ts';
import type { DetectedCall, EtaReport } from './types.ts';

/**
 * Crews often leave the status at "under way" at anchor, so a wait within reach of the port
 * point looks like a call. Where the port's berths are known, a stop away from them (not
 * reporting moored) is taken for a wait: the ship is still predicted into that port.
 */
const ports = shippedPorts();
const start = Date.parse('2026-03-01T00:00:00Z');
const MIN = 60_000;
const WAIT = 3 * 3600_000;

/** The ferry fixture with the n-th Tallinn-bound leg held WAIT at its first report off Tallinn, status left at "under way". */
function withWaitOffTallinn(n: number, mmsi: number) {
  const { reports, arrivals } = ferryFixture({ mmsi, start, days: 4 });
  const tallinn = arrivals.filter((a) => a.port === 'EETLL');
  const into = tallinn[n]!;
  const prev = arrivals.filter((a) => a.at < into.at).at(-1)!;
  const i = reports.findIndex((r) => r.at > prev.at && r.destination === 'EETLL' && r.lat < 59.52 && r.at < into.at);
  const hold = reports[i]!;
  const waiting: EtaReport[] = [];
  for (let t = hold.at + 5 * MIN; t < hold.at + WAIT; t += 5 * MIN) waiting.push({ ...hold, at: t, sog: 0.1, navStatus: 0 });
  const shifted = [...reports.slice(0, i + 1), ...waiting, ...reports.slice(i + 1).map((r) => ({ ...r, at: r.at + WAIT }))];
  return { shifted, hold, arrival: into.at + WAIT };
}

describe('a wait at anchor with the status left at "under way"', () => {
  it('off a port whose berths are known, the ship is still predicted into that port, and its voyage goes on', () => {
    const { shifted, hold, arrival } = withWaitOffTallinn(5, 276829101);
    const engine = new EtaEngine(ports);
    const calls: DetectedCall[] = [];
    engine.onCall = (c) => calls.push(c);
    const during: { destination: string | null; eta: number | null }[] = [];
    for (const r of shifted) {
      const p = engine.observe(r);
      if (r.at > hold.at + 30 * MIN && r.at < hold.at + WAIT - 10 * MIN) during.push(p);
    }
    expect(during.length).toBeGreaterThan(20);
    // Not the next leg to Helsinki: Tallinn, still ahead.
    expect(during.every((p) => p.destination === 'EETLL')).toBe(true);
    expect(during.every((p) => p.eta !== null && p.eta > hold.at)).toBe(true);
    // The berth arrival after the wait is detected where it really was.
    expect(calls.some((c) => c.port === 'EETLL' && c.departure === null && Math.abs(c.arrival - arrival) < 10 * MIN)).toBe(true);
    // The wait was not learned as the ship's stay in port: the next leg is from Tallinn, as before.
    const learned = engine.k.toJSON().voyages.filter((v) => v.mmsi === 276829101 && v.to === 'FIHEL' && v.departure > hold.at);
    expect(learned.length).toBeGreaterThan(0);
    expect(learned.every((v) => v.from === 'EETLL' && v.departure > hold.at + WAIT)).toBe(true);
  });

  it('the same stop at a port with no berths learned yet is a call (nothing to tell it from one)', () => {
    const { shifted, hold } = withWaitOffTallinn(1, 276829102);
    const engine = new EtaEngine(ports);
    let seen: string | null = null;
    for (const r of shifted) {
      const p = engine.observe(r);
      if (r.at === hold.at + 2 * 3600_000) seen = p.destination;
    }
    expect(seen).toBe('FIHEL');
  });

  it('a place ships waited at twice is learned as an anchorage and no longer as a berth', () => {
    const engine = new EtaEngine(ports);
    const { shifted, hold } = withWaitOffTallinn(5, 276829103);
    for (const r of shifted) engine.observe(r);
    // Waits seen there twice (the second ship too): the place is learned as an anchorage.
    const second = withWaitOffTallinn(5, 276829104);
    for (const r of second.shifted) engine.observe(r);
    expect(engine.k.isAnchorage(hold.lat, hold.lon)).toBe(true);
    expect(engine.k.spotPort(hold.lat, hold.lon)).toBeNull();
  });
});
