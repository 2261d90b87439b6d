import { describe, expect, it } from 'vitest';
import { EtaEngine } from './engine.ts';
import { bearing, haversine, KN } from './geo.ts';
import { inPassage, PASSAGES } from './passages.ts';
import { shippedPorts } from './ports.ts';
import type { EtaReport } from './types.ts';

/**
 * A Baltic-North Sea voyage through the Kiel Canal: in from the Kiel Bight, 45 minutes moored
 * in the Holtenau lock, the canal at 7 knots (its speed limit is 8), a wait in a siding, 40
 * minutes in the Brunsbüttel lock, out down the Elbe. No stop of it is a call.
 */
const ports = shippedPorts();
const t0 = Date.parse('2026-04-10T06:00:00Z');
const MIN = 60_000;
const canal = PASSAGES.find((p) => p.name === 'Kiel Canal')!.path;
const HOLTENAU_LOCK: [number, number] = [54.3665, 10.1425];
const BRUNSBUTTEL_LOCK: [number, number] = [53.8925, 9.1445];

interface Leg {
  to: [number, number];
  kn: number;
}

function voyage(mmsi: number, text: string | null, stops: { at: [number, number]; minutes: number; nav: number }[], legs: Leg[][]): EtaReport[] {
  const out: EtaReport[] = [];
  let at = t0;
  let pos: [number, number] = [54.5, 10.3];
  let cog = 200;
  const report = (lat: number, lon: number, sog: number, nav: number) =>
    out.push({ mmsi, at: (at += MIN), lat, lon, sog, cog, heading: Math.round(cog), navStatus: nav, reportedEta: null, destination: text });
  legs.forEach((legList, i) => {
    for (const leg of legList) {
      const d = haversine(pos[0], pos[1], leg.to[0], leg.to[1]);
      cog = bearing(pos[0], pos[1], leg.to[0], leg.to[1]);
      const steps = Math.max(1, Math.round(d / (leg.kn * KN * 60)));
      for (let k = 1; k <= steps; k++) report(pos[0] + ((leg.to[0] - pos[0]) * k) / steps, pos[1] + ((leg.to[1] - pos[1]) * k) / steps, leg.kn, 0);
      pos = leg.to;
    }
    const stop = stops[i];
    if (stop) {
      pos = stop.at;
      for (let m = 0; m < stop.minutes; m++) report(pos[0], pos[1], 0.1, stop.nav);
    }
  });
  return out;
}

const westward = (from: number, to: number): Leg[] => canal.slice(to, from + 1).reverse().map((p) => ({ to: [p[0], p[1]] as [number, number], kn: 7 }));
const last = canal.length - 1;

/** In the Kiel Fjord off Friedrichsort: 5 km from the Holtenau gate, 9 km from Kiel's point, 2 km from Laboe's. */
const FJORD_ANCHORAGE: [number, number] = [54.403, 10.205];

/**
 * Kiel Bight to the Holtenau lock (after a wait in the fjord, if `queue` is given); the canal
 * to a siding at Oldenbüttel and on to Brunsbüttel; out to the German Bight.
 */
function transit(mmsi: number, text: string | null, siding: { minutes: number; nav: number } = { minutes: 50, nav: 0 }, queue?: { minutes: number; nav: number }): EtaReport[] {
  const sidingAt = canal.findIndex((p) => p[0] === 54.16);
  const fjord = queue ? [{ at: FJORD_ANCHORAGE, ...queue }] : [];
  const bight: Leg[][] = queue ? [[{ to: [54.45, 10.25], kn: 11 }, { to: [54.415, 10.215], kn: 11 }, { to: FJORD_ANCHORAGE, kn: 4 }]] : [];
  return voyage(
    mmsi,
    text,
    [
      ...fjord,
      { at: HOLTENAU_LOCK, minutes: 45, nav: 5 },
      { at: [canal[sidingAt]![0], canal[sidingAt]![1]], minutes: siding.minutes, nav: siding.nav },
      { at: BRUNSBUTTEL_LOCK, minutes: 40, nav: 5 },
    ],
    [
      ...bight,
      [{ to: [54.42, 10.2], kn: 11 }, { to: [54.37, 10.155], kn: 5 }],
      westward(last, sidingAt),
      westward(sidingAt, 0),
      [{ to: [53.88, 9.05], kn: 6 }, { to: [53.95, 8.6], kn: 12 }, { to: [54.0, 8.2], kn: 13 }],
    ],
  );
}

function run(reports: EtaReport[]) {
  const engine = new EtaEngine(ports);
  const calls: string[] = [];
  engine.onCall = (c) => {
    if (c.departure === null) calls.push(c.port);
  };
  const destinations = reports.map((r) => ({ r, p: engine.observe(r) }));
  return { calls, destinations };
}

describe('passages', () => {
  it('the canal is its corridor: the locks and the banks are in it, Kiel and Brunsbüttel harbours and the Elbe are not', () => {
    for (const p of [HOLTENAU_LOCK, BRUNSBUTTEL_LOCK, [54.298, 9.68], [54.16, 9.45]] as const) expect(inPassage(p[0], p[1])).toBe(true);
    // Kiel's Schwedenkai and Ostuferhafen, Brunsbüttel's Elbehafen, the Elbe off Cuxhaven, the Kiel Bight.
    for (const p of [[54.318, 10.137], [54.337, 10.17], [53.885, 9.2], [53.88, 8.75], [54.45, 10.25]] as const) expect(inPassage(p[0], p[1])).toBe(false);
  });

  it('a ship through the Kiel Canal makes no call at its locks or sidings, and keeps its destination', () => {
    const { calls, destinations } = run(transit(211000001, 'NLRTM'));
    expect(calls).toEqual([]);
    const wrong = destinations.filter(({ p }) => p.destination !== 'NLRTM');
    expect(wrong.map(({ r, p }) => `${r.lat.toFixed(3)},${r.lon.toFixed(3)} ${p.destination}`)).toEqual([]);
  });

  it('so does one with no text: the port it heads for is never a town on the canal', () => {
    const { calls, destinations } = run(transit(211000002, null));
    expect(calls).toEqual([]);
    const onCanal = destinations.filter(({ p }) => {
      const port = p.destination ? ports.get(p.destination) : undefined;
      return port !== undefined && inPassage(port.lat, port.lon);
    });
    expect(onCanal.map(({ p }) => p.destination)).toEqual([]);
  });

  it('a wait in the Kiel Fjord for the locks, status left at "under way", is no call at Kiel or Laboe', () => {
    const { calls, destinations } = run(transit(211000004, 'NLRTM', undefined, { minutes: 100, nav: 0 }));
    expect(calls).toEqual([]);
    expect(destinations.filter(({ p }) => p.destination !== 'NLRTM').map(({ r, p }) => `${r.lat.toFixed(3)},${r.lon.toFixed(3)} ${p.destination}`)).toEqual([]);
  });

  it('but a ship whose text names Kiel, or that reports moored, makes its call there', () => {
    expect(run(transit(211000005, 'DEKEL', undefined, { minutes: 100, nav: 0 })).calls.slice(0, 1)).toEqual(['DEKEL']);
    expect(run(transit(211000006, 'NLRTM', undefined, { minutes: 100, nav: 5 })).calls).toHaveLength(1);
  });

  it('a stop of hours at a canal quay is a call there, from when the ship stopped', () => {
    const reports = transit(211000003, 'NLRTM', { minutes: 5 * 60, nav: 5 });
    const engine = new EtaEngine(ports);
    const arrivals: { port: string; at: number }[] = [];
    engine.onCall = (c) => {
      if (c.departure === null) arrivals.push({ port: c.port, at: c.arrival });
    };
    for (const r of reports) engine.observe(r);
    expect(arrivals.map((a) => a.port)).toEqual(['DEOLB']);
    const firstStop = reports.find((r) => r.sog! < 1 && r.lat === 54.16)!;
    expect(Math.abs(arrivals[0]!.at - firstStop.at)).toBeLessThan(2 * MIN);
  });
});
