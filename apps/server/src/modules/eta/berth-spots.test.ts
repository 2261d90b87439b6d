import { describe, expect, it } from 'vitest';
import { EtaEngine } from './engine.ts';
import { Knowledge } from './knowledge.ts';
import { shippedPorts } from './ports.ts';
import type { DetectedCall, EtaReport } from './types.ts';

const ports = shippedPorts();
const T0 = Date.parse('2026-03-01T00:00:00Z');
const MIN = 60_000;

/** A ship sailing north into the outer Stockholm archipelago, stopping 25 km from the SESTO point (Vaxholm's is nearer). */
function callAtOuterStockholm(mmsi: number, start: number, text: string, stopStatus = 5): EtaReport[] {
  const out: EtaReport[] = [];
  const base = { mmsi, cog: 0, heading: 0, reportedEta: null, destination: text };
  for (let i = 0; i < 12; i++) out.push({ ...base, at: start + i * 5 * MIN, lat: 59.2 + i * 0.02, lon: 18.45, sog: 12, navStatus: 0 });
  for (let i = 0; i < 12; i++) out.push({ ...base, at: start + (12 + i) * 5 * MIN, lat: 59.42, lon: 18.45, sog: 0.1, navStatus: stopStatus });
  for (let i = 0; i < 6; i++) out.push({ ...base, at: start + (24 + i) * 5 * MIN, lat: 59.42 - (i + 1) * 0.02, lon: 18.45, sog: 12, cog: 180, navStatus: 0 });
  return out;
}

describe('learned berths (where ships that named a port stopped)', () => {
  it('a stop where ships naming SESTO lay is a SESTO call, though the ship names another port and Vaxholm is nearer', () => {
    const engine = new EtaEngine(ports);
    const calls: DetectedCall[] = [];
    engine.onCall = (c) => {
      if (c.departure === null) calls.push(c);
    };
    const reports = [
      ...callAtOuterStockholm(1, T0, 'SESTO'),
      ...callAtOuterStockholm(2, T0 + 6 * 3600_000, 'STOCKHOLM'),
      ...callAtOuterStockholm(3, T0 + 12 * 3600_000, 'FITKU<>FIMHQ/FILAN<>'),
    ];
    for (const r of reports) engine.observe(r);
    expect(calls.map((c) => [c.mmsi, c.port])).toEqual([[1, 'SESTO'], [2, 'SESTO'], [3, 'SESTO']]);
  });

  it('a ship left "at anchor" alongside a learned berth is in port; at anchor elsewhere it is waiting', () => {
    const engine = new EtaEngine(ports);
    const calls: DetectedCall[] = [];
    engine.onCall = (c) => {
      if (c.departure === null) calls.push(c);
    };
    for (const r of callAtOuterStockholm(3, T0, 'SESTO', 1)) engine.observe(r);
    expect(calls).toHaveLength(0);
    for (const r of [...callAtOuterStockholm(1, T0 + 6 * 3600_000, 'SESTO'), ...callAtOuterStockholm(2, T0 + 12 * 3600_000, 'SESTO')]) engine.observe(r);
    for (const r of callAtOuterStockholm(3, T0 + 18 * 3600_000, 'SESTO', 1)) engine.observe(r);
    expect(calls.map((c) => [c.mmsi, c.port])).toEqual([[1, 'SESTO'], [2, 'SESTO'], [3, 'SESTO']]);
  });

  it('without such stops the nearest port point wins (nothing learned yet)', () => {
    const engine = new EtaEngine(ports);
    const calls: DetectedCall[] = [];
    engine.onCall = (c) => {
      if (c.departure === null) calls.push(c);
    };
    for (const r of callAtOuterStockholm(3, T0, 'FITKU<>FIMHQ/FILAN<>')) engine.observe(r);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.port).not.toBe('SESTO');
  });

  it('needs two stops and a clear majority, and survives a save and load', () => {
    const k = new Knowledge();
    k.addSpot(59.42, 18.45, 'SESTO');
    expect(k.spotPort(59.42, 18.45)).toBeNull();
    k.addSpot(59.421, 18.451, 'SESTO');
    expect(k.spotPort(59.4205, 18.4505)).toBe('SESTO');
    expect(k.spotPort(59.5, 18.45)).toBeNull();
    k.addSpot(59.42, 18.45, 'SEVXH');
    k.addSpot(59.42, 18.45, 'SEVXH');
    expect(k.spotPort(59.42, 18.45)).toBeNull();
    const back = Knowledge.fromJSON(JSON.parse(JSON.stringify(k.toJSON())));
    back.addSpot(59.42, 18.45, 'SESTO');
    back.addSpot(59.42, 18.45, 'SESTO');
    expect(back.spotPort(59.42, 18.45)).toBe('SESTO');
  });
});

describe('approach lanes (the last kilometres of past voyages into a port)', () => {
  /** A voyage heading north into a port at 60.0 N 22.0 E: flat [lat, lon, msToGo, metresToGo] points every ~1.1 km. */
  function voyageNorth(k: Knowledge, to: string, mmsi: number, endLat = 60, endLon = 22) {
    const points: number[] = [];
    for (let i = 20; i >= 0; i--) points.push(endLat - i * 0.01, endLon, i * 200_000, i * 1112);
    k.addVoyage({ mmsi, from: 'FIHEL', to, departure: T0, arrival: T0 + 3600_000, points });
  }

  it('counts past voyages on this course only, and a lane ending at a learned berth for that berth port', () => {
    const k = new Knowledge();
    voyageNorth(k, 'FIHKO', 1);
    expect(k.approaching(59.95, 22, 5)?.get('FIHKO')).toBe(1);
    voyageNorth(k, 'FIHKO', 2);
    expect(k.approaching(59.95, 22, 355)?.get('FIHKO')).toBe(2);
    expect(k.approaching(59.95, 22, 180)).toBeNull(); // leaving: the other way
    expect(k.approaching(59.5, 22, 0)).toBeNull(); // farther out than the approach
    // The berth at the lane's end turns out to be another port's.
    k.addSpot(60, 22, 'FITKU');
    k.addSpot(60, 22, 'FITKU');
    expect([...k.approaching(59.95, 22, 0)!.keys()]).toEqual(['FITKU']);
    const back = Knowledge.fromJSON(JSON.parse(JSON.stringify(k.toJSON())));
    expect(back.approaching(59.95, 22, 0)?.get('FITKU')).toBe(2);
  });
});

describe('a port behind the ship is not its destination', () => {
  it("drops the ship's habit (Helsinki -> Turku) once it has sailed east, away from Turku, for a while", () => {
    const k = new Knowledge();
    for (let i = 0; i < 3; i++) k.addTransition('5|FIHEL', 'FITKU', T0 - (i + 1) * 86_400_000);
    const engine = new EtaEngine(ports, k);
    const base = { mmsi: 5, heading: 90, reportedEta: null, destination: null };
    // Lying in Helsinki South Harbour, then east along the Gulf of Finland at 15 kn.
    for (let i = 0; i < 6; i++) engine.observe({ ...base, at: T0 + i * 5 * MIN, lat: 60.1605, lon: 24.956, sog: 0, cog: 0, navStatus: 5 });
    const under: string[] = [];
    for (let i = 1; i <= 48; i++) {
      const p = engine.observe({ ...base, at: T0 + (5 + i) * 5 * MIN, lat: 60.1, lon: 24.96 + i * 0.045, sog: 15, cog: 90, navStatus: 0 });
      under.push(p.destination ?? '-');
    }
    expect(under[0]).toBe('FITKU'); // at first the habit holds
    expect(under.slice(-12)).not.toContain('FITKU'); // 4 h on, 120 km east of Helsinki
  });
});
