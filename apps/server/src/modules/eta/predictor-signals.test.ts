import { describe, expect, it } from 'vitest';
import { EtaEngine } from './engine.ts';
import { shippedPorts } from './ports.ts';
import { ferryFixture } from './testing/ferry-fixture.ts';
import type { EtaReport } from './types.ts';

/**
 * What the ship does says more than a stale or final-port text: slowing down off a port,
 * lying stopped off it; and a wait off a port is not part of the passage learned.
 */
const ports = shippedPorts();
const start = Date.parse('2026-03-01T00:00:00Z');
const MIN = 60_000;

/** Reports every 5 minutes from (lat, lon) heading `cog`, at `kn`, for `n` reports. */
function leg(mmsi: number, from: number, lat: number, lon: number, cog: number, kn: number, n: number, text: string, navStatus = 0): EtaReport[] {
  const out: EtaReport[] = [];
  const r = (cog * Math.PI) / 180;
  for (let i = 0; i < n; i++) {
    const km = (kn * 1.852 * 5 * i) / 60;
    out.push({
      mmsi, at: from + i * 5 * MIN, lat: lat + (km / 111.2) * Math.cos(r), lon: lon + (km / (111.2 * Math.cos((lat * Math.PI) / 180))) * Math.sin(r),
      sog: kn, cog, heading: cog, navStatus, reportedEta: null, destination: text,
    });
  }
  return out;
}

describe('destination from what the ship does', () => {
  it('a ship down to harbour speed a few km off a port ahead is going in there, though its text names a far port', () => {
    const engine = new EtaEngine(ports);
    // Off Rauma from the west, the text still names Rostock (the final port, or the last voyage's).
    const fast = leg(11, start, 61.115, 21.2, 85, 12, 6, 'DERSK');
    const slow = leg(11, start + 30 * MIN, 61.12, 21.33, 85, 4.5, 4, 'DERSK');
    const atSpeed = fast.map((r) => engine.observe(r).destination);
    expect(atSpeed.every((d) => d === 'DERSK')).toBe(true);
    const slowing = slow.map((r) => engine.observe(r).destination);
    expect(slowing).toEqual(['FIRAU', 'FIRAU', 'FIRAU', 'FIRAU']);
  });

  it('a pilot-boarding slowdown (above half the cruise speed) keeps the named port', () => {
    const engine = new EtaEngine(ports);
    for (const r of leg(12, start, 61.115, 21.2, 85, 12, 6, 'DERSK')) engine.observe(r);
    const p = engine.observe(leg(12, start + 30 * MIN, 61.12, 21.33, 85, 7.5, 1, 'DERSK')[0]!);
    expect(p.destination).toBe('DERSK');
  });

  it('a ship lying stopped off a port for half an hour waits for it; a short stop does not count', () => {
    const engine = new EtaEngine(ports);
    for (const r of leg(13, start, 61.1, 21.15, 80, 11, 6, 'DERSK')) engine.observe(r);
    const stopped = leg(13, start + 30 * MIN, 61.105, 21.34, 80, 0.2, 9, 'DERSK', 1).map((r) => engine.observe(r).destination);
    // Stopped since the first of these: 0, 5, ... 40 minutes.
    expect(stopped.slice(0, 6)).toEqual(Array(6).fill('DERSK'));
    expect(stopped.slice(6)).toEqual(['FIRAU', 'FIRAU', 'FIRAU']);
  });
});

describe("history's guess yields to the ship's course; the text does not", () => {
  // Ships out of Gdansk have gone to Nynäshamn; this one leaves with no text, steering for Klaipeda.
  const voyage = (text: string) => {
    const engine = new EtaEngine(ports);
    for (let i = 0; i < 3; i++) engine.knowledge.addTransition('*|PLGDN', 'SENYN', start - (i + 1) * 86_400_000);
    for (const r of leg(21, start, 54.3762, 18.4745, 0, 0, 13, text, 5)) engine.observe(r);
    // 5.5 hours at 14 kn on 48 degrees: Nynäshamn lies 50 degrees off the course at first, over 60 after about 4 hours.
    return leg(21, start + 65 * MIN, 54.3762, 18.4745, 48, 14, 66, text).map((r) => engine.observe(r).destination);
  };

  it('a fleet habit that lies over 60 degrees off the course for half an hour gives way to the port ahead', () => {
    const dest = voyage('');
    const turned = dest.findIndex((d) => d !== 'SENYN');
    expect(dest[6]).toBe('SENYN');
    // Gives way half an hour after Nynäshamn lies 60 degrees off, to a Lithuanian port ahead (Palanga, Klaipeda).
    expect(turned).toBeGreaterThan(50);
    expect(dest.slice(turned).every((d) => d === 'LTPLM' || d === 'LTKLJ')).toBe(true);
  });

  it('a port the text names is kept on the same course', () => {
    expect(voyage('SE NYN').slice(6)).toEqual(Array(60).fill('SENYN'));
  });

  it('a habit held by fewer than half the departures is no clue at sea: the course is, from the start', () => {
    const engine = new EtaEngine(ports);
    const spread = ['SENYN', 'SENYN', 'LVRIX', 'LVRIX', 'DERSK'];
    spread.forEach((to, i) => engine.knowledge.addTransition('*|PLGDN', to, start - (i + 1) * 86_400_000));
    const inPort = leg(22, start, 54.3762, 18.4745, 0, 0, 13, '', 5).map((r) => engine.observe(r).destination);
    // Lying in port with nothing else to go by, the commonest next port is still the guess.
    expect(inPort.at(-1)).toBe('SENYN');
    const dest = leg(22, start + 65 * MIN, 54.3762, 18.4745, 48, 14, 66, '').map((r) => engine.observe(r).destination);
    // The ports ahead on course (Hel, the Sambia coast, then Lithuania), never the habit 50 degrees off.
    expect(dest).not.toContain('SENYN');
    expect(dest.slice(-10).every((d) => d === 'LTPLM' || d === 'LTKLJ')).toBe(true);
  });
});

describe('a berth time given during a wait', () => {
  // Bound for Rauma, stopped at anchor 12 km off it from start + 60 min.
  const wait = (typedAfterMin: number | null) => {
    const engine = new EtaEngine(ports);
    const first = start + 60 * MIN;
    const sailed = Date.parse('2026-03-01T02:00:00Z');
    const given = Date.parse('2026-03-01T12:00:00Z');
    const reports = [...leg(31, start, 61.02, 20.9, 80, 12, 12, 'FIRAU'), ...leg(31, first, 61.1, 21.22, 80, 0.1, 36, 'FIRAU', 1)].map((r) => ({
      ...r,
      reportedEta: typedAfterMin !== null && r.at >= start + typedAfterMin * MIN ? given : sailed,
    }));
    const out = reports.map((r) => engine.observe(r));
    return { last: out.at(-1)!, given };
  };

  it('a crew that changes its ETA during the wait has been given a berth time: that is the ETA', () => {
    const { last, given } = wait(100);
    expect(last.destination).toBe('FIRAU');
    expect(last.eta).toBe(given);
    expect(last.basis).toBe('reported');
  });

  it('an ETA changed before the wait, or never, is not taken for one', () => {
    for (const typed of [30, null]) {
      const { last, given } = wait(typed);
      expect(last.destination).toBe('FIRAU');
      expect(last.eta).not.toBe(given);
      expect(last.eta! - (start + 235 * MIN)).toBeLessThan(90 * MIN);
    }
  });
});

describe('a wait off the port is not learned as passage time', () => {
  it('the voyage after one that waited 10 hours off Tallinn is predicted at its sailing time', () => {
    const { reports, arrivals } = ferryFixture({ mmsi: 276829001, start, days: 2 });
    // Hold the first Tallinn-bound leg 10 hours at anchor off Tallinn, at its first report south of 59.52 N.
    const firstTll = arrivals.find((a) => a.port === 'EETLL')!;
    const i = reports.findIndex((r) => r.destination === 'EETLL' && r.lat < 59.52 && r.at < firstTll.at);
    const hold = reports[i]!;
    const WAIT = 10 * 3600_000;
    const waiting: EtaReport[] = [];
    for (let t = hold.at + 5 * MIN; t < hold.at + WAIT; t += 5 * MIN) waiting.push({ ...hold, at: t, sog: 0.1, navStatus: 1 });
    const shifted = [...reports.slice(0, i + 1), ...waiting, ...reports.slice(i + 1).map((r) => ({ ...r, at: r.at + WAIT }))];
    const truth = arrivals.map((a) => (a.at > hold.at ? { ...a, at: a.at + WAIT } : a));

    const engine = new EtaEngine(ports);
    const errors: number[] = [];
    const second = truth.filter((a) => a.port === 'EETLL')[1]!;
    const prevArrival = truth.filter((a) => a.at < second.at).at(-1)!;
    for (const r of shifted) {
      const p = engine.observe(r);
      // At sea on the second Tallinn-bound leg: after leaving Helsinki, before the approach.
      if (r.at > prevArrival.at + 70 * MIN && r.at < second.at - 20 * MIN && p.eta !== null && r.sog! > 5) {
        expect(p.destination).toBe('EETLL');
        errors.push(Math.abs(p.eta - second.at) / MIN);
      }
    }
    expect(errors.length).toBeGreaterThan(10);
    expect(Math.max(...errors)).toBeLessThan(15);
  });
});
