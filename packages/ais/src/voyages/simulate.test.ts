import { describe, expect, it } from 'vitest';
import type { CrewHabits } from './fleet.ts';
import { haversineKm } from './lane-network.ts';
import { destinationText, typedEta, utcOffsetHours } from './reported-voyage.ts';
import { LANE_PORTS } from './sea-lanes.generated.ts';
import type { PortCall } from './ship-sim.ts';
import { simulateTracks, TRACKS_HEADER } from './simulate.ts';

const START = Date.parse('2025-10-20T00:00:00Z');

function run(days: number, ships: number, seed: number) {
  const calls: PortCall[] = [];
  const csv = [...simulateTracks({ days, ships, seed, intervalSec: 300, start: START }, calls)].join('');
  return { csv, calls };
}

const habits = (h: Partial<CrewHabits>): CrewHabits => ({
  destStyle: 'locode', localTimeAsUtc: false, updatesEta: false, namesFinalPort: false, updateDelayMin: 0, blankEta: false, roundMin: 1, ...h,
});

describe('harbor-ais simulate voyages', () => {
  const { csv, calls } = run(6, 24, 7);
  const rows = csv.trim().split('\n');

  it('is deterministic for a seed and different for another', () => {
    expect(run(1, 5, 7).csv).toBe(run(1, 5, 7).csv);
    expect(run(1, 5, 8).csv).not.toBe(run(1, 5, 7).csv);
  });

  it('writes the replay format in time order, one report per ship per interval', () => {
    expect(rows[0]).toBe(TRACKS_HEADER);
    let last = 0;
    const bad: string[] = [];
    for (const line of rows.slice(1)) {
      const cells = line.split(',');
      const t = Date.parse(cells[1]!);
      if (cells.length !== 10 || !(t >= last)) bad.push(line);
      last = t;
    }
    expect(bad).toEqual([]);
    // 24 ships x 6 days x 288 reports, less about 1 % lost.
    expect(rows.length - 1).toBeGreaterThan(24 * 6 * 288 * 0.97);
    expect(rows.length - 1).toBeLessThanOrEqual(24 * 6 * 288);
  });

  it('records arrivals where the ship then lies still at the port, and departures after them', () => {
    expect(calls.length).toBeGreaterThan(50);
    const byShip = new Map<string, string[][]>();
    for (const line of rows.slice(1)) {
      const c = line.split(',');
      byShip.set(c[0]!, [...(byShip.get(c[0]!) ?? []), c]);
    }
    const port = new Map(LANE_PORTS.map((p) => [p.locode, p]));
    for (const call of calls) {
      if (call.departure !== null) expect(call.departure).toBeGreaterThan(call.arrival);
      const after = byShip.get(String(call.mmsi))!.find((c) => Date.parse(c[1]!) >= call.arrival);
      if (!after || (call.departure !== null && Date.parse(after[1]!) > call.departure)) continue;
      const p = port.get(call.port)!;
      expect(haversineKm(Number(after[2]), Number(after[3]), p.lat, p.lon)).toBeLessThan(1);
      expect(Number(after[4])).toBeLessThanOrEqual(0.1);
      expect(after[7]).toBe('5');
    }
    expect(new Set(calls.map((c) => c.port))).toContain('SESTO');
  });

  it('reports a realistic tail: local-time ETAs, final ports, blank and route-style destinations', () => {
    const dests = new Set(rows.slice(1).map((l) => l.split(',')[9]));
    expect([...dests].some((d) => d?.includes('-') || d?.includes('<>'))).toBe(true);
    expect(dests).toContain('');
    expect([...dests].every((d) => (d ?? '').length <= 20)).toBe(true);
  });

  it('types local time as UTC the way crews do, with summer time', () => {
    const hel = LANE_PORTS.find((p) => p.locode === 'FIHEL')!;
    const sto = LANE_PORTS.find((p) => p.locode === 'SESTO')!;
    expect(utcOffsetHours(hel, Date.parse('2025-07-01T00:00:00Z'))).toBe(3);
    expect(utcOffsetHours(hel, Date.parse('2025-10-26T01:00:00Z'))).toBe(2); // EU summer time ends 01:00 UTC
    expect(utcOffsetHours(sto, Date.parse('2025-10-26T00:59:00Z'))).toBe(2);
    const t = Date.parse('2025-12-01T10:07:00Z');
    expect(typedEta(habits({ localTimeAsUtc: true, roundMin: 15 }), t, hel)).toBe(Date.parse('2025-12-01T12:00:00Z'));
    expect(typedEta(habits({ blankEta: true }), t, hel)).toBeNull();
  });

  it('writes destinations in the styles seen on real transponders', () => {
    const route = ['FITKU', 'FILAN', 'SESTO'];
    expect(destinationText(habits({ destStyle: 'route' }), 'FILAN', route, undefined)).toBe('FITKU-FILAN-SESTO');
    expect(destinationText(habits({ destStyle: 'spaced', namesFinalPort: true }), 'FILAN', route, undefined)).toBe('SE STO');
    expect(destinationText(habits({ destStyle: 'name' }), 'FIHEL', ['EETLL', 'FIHEL'], undefined)).toBe('HELSINKI');
    expect(destinationText(habits({}), 'FILAN', route, 'FITKU<>FIMHQ/FILAN<>SESTO')).toBe('FITKU<>FIMHQ/FILAN<>');
    expect(destinationText(habits({ destStyle: 'blank' }), 'FILAN', route, undefined)).toBe('');
  });
});
