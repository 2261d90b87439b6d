import { describe, expect, it } from 'vitest';
import { EtaEngine } from './engine.ts';
import { shippedPorts } from './ports.ts';
import type { EtaReport } from './types.ts';

/**
 * Helsingør-Helsingborg, the busiest ferry crossing in the Baltic's approaches: the two ports'
 * points are 5.5 km apart, each within the detector's radius of the other's berth, and ferries'
 * destination texts often never change. The text must not file the calls at one end.
 */
const ports = shippedPorts();
const t0 = Date.parse('2026-03-01T00:00:00Z');
const MIN = 60_000;
const HELSINGOR: [number, number] = [56.0385, 12.6155]; // the ferry berth, 0.4 km from DKHLS's point
const HELSINGBORG: [number, number] = [56.0425, 12.6935]; // 0.6 km from SEHEL's

/** `legs` crossings from Helsingør, 15 min at each berth and 20 min across, a report a minute. */
function shuttle(texts: [string, string], legs: number, start: [number, number] = HELSINGOR): EtaReport[] {
  const out: EtaReport[] = [];
  let at = t0;
  const report = (lat: number, lon: number, sog: number, cog: number, text: string) =>
    out.push({ mmsi: 219000001, at: (at += MIN), lat, lon, sog, cog, heading: cog, navStatus: 0, reportedEta: null, destination: text });
  for (let leg = 0; leg < legs; leg++) {
    const [from, to] = (leg % 2 === 0) === (start === HELSINGOR) ? [HELSINGOR, HELSINGBORG] : [HELSINGBORG, HELSINGOR];
    const text = texts[leg % 2]!;
    for (let m = 0; m < 15; m++) report(from[0], from[1], 0.1, 0, text);
    for (let m = 0; m < 20; m++) {
      const f = m / 20;
      report(from[0] + (to[0] - from[0]) * f, from[1] + (to[1] - from[1]) * f, f < 0.15 || f > 0.85 ? 5 : 11, to === HELSINGBORG ? 85 : 265, text);
    }
  }
  return out;
}

function callsOf(reports: EtaReport[]): string[] {
  const engine = new EtaEngine(ports);
  const calls: string[] = [];
  engine.onCall = (c) => {
    if (c.departure !== null) calls.push(c.port);
  };
  for (const r of reports) engine.observe(r);
  return calls;
}

const alternating = (first: string, n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? first : first === 'DKHLS' ? 'SEHEL' : 'DKHLS'));

describe('a shuttle between two ports a few km apart', () => {
  it('a text that always names Helsingborg files the calls at Helsingør there only until the ship has left Helsingborg once', () => {
    const calls = callsOf(shuttle(['HELSINGBORG', 'HELSINGBORG'], 12));
    // The first stop, with nothing to go by but the text, is taken for Helsingborg.
    expect(calls[0]).toBe('SEHEL');
    expect(calls.slice(1)).toEqual(alternating('SEHEL', calls.length - 1));
    expect(calls.length).toBe(12);
  });

  it('so does one that always names Helsingør', () => {
    expect(callsOf(shuttle(['HELSINGOR', 'HELSINGOR'], 12))).toEqual(alternating('DKHLS', 12));
  });

  it('texts naming both ends or none are right from the first call', () => {
    for (const texts of [['HELSINGOR-HELSINGBORG', 'HELSINGOR-HELSINGBORG'], ['', '']] as [string, string][]) {
      expect(callsOf(shuttle(texts, 8))).toEqual(alternating('DKHLS', 8));
    }
  });

  it('a text naming the next port already at the berth is right from the second call', () => {
    const calls = callsOf(shuttle(['HELSINGBORG', 'HELSINGOR'], 8));
    expect(calls.slice(1)).toEqual(alternating('SEHEL', 7));
  });

  it('a ship from elsewhere whose text names the port across the strait stops where the text says', () => {
    // In from the north to the Helsingør berth, text Helsingborg: a port can spread over terminals
    // far from its point, and only a shuttle just back from the named port is doubted.
    const engine = new EtaEngine(ports);
    const calls: string[] = [];
    engine.onCall = (c) => calls.push(c.port);
    for (let m = 0; m < 60; m++) {
      const f = m / 60;
      engine.observe({ mmsi: 219000002, at: t0 + m * MIN, lat: 56.2 - (56.2 - HELSINGOR[0]) * f, lon: HELSINGOR[1], sog: 10, cog: 180, heading: 180, navStatus: 0, reportedEta: null, destination: 'HELSINGBORG' });
    }
    for (let m = 60; m < 90; m++) engine.observe({ mmsi: 219000002, at: t0 + m * MIN, lat: HELSINGOR[0], lon: HELSINGOR[1], sog: 0, cog: 0, heading: 180, navStatus: 0, reportedEta: null, destination: 'HELSINGBORG' });
    expect(calls).toEqual(['SEHEL']);
  });
});
