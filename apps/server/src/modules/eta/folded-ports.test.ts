import { describe, expect, it } from 'vitest';
import { parseDestination } from './destination-parser.ts';
import { EtaEngine } from './engine.ts';
import { shippedPorts } from './ports.ts';
import type { DetectedCall, EtaReport } from './types.ts';

/**
 * UN/LOCODE lists harbours of one port apart (Yxpila is Kokkola's deep-water harbour, Mäntyluoto
 * and Tahkoluoto are Pori's); port calls are filed under the port, in Portnet and in the product's
 * own port-calls module. The catalogue folds them into the port (scripts/build-eta-ports.mjs).
 */
const ports = shippedPorts();
const parse = (t: string) => parseDestination(t, ports).map((c) => c.join('|'));

describe('harbours filed under their port', () => {
  it('reads their codes and names as the port', () => {
    expect(parse('FIYXP')).toEqual(['FIKOK']);
    expect(parse('FI YXP')).toEqual(['FIKOK']);
    expect(parse('YXPILA')).toEqual(['FIKOK']);
    expect(parse('MANTYLUOTO')).toEqual(['FIPOR']);
    expect(parse('FITHK-DEHAM')).toEqual(['FIPOR', 'DEHAM']);
    expect(parse('AXMHQ')).toEqual(['FIMHQ']);
    expect(ports.get('FISUL')?.locode).toBe('FIKTK');
    // Vuosaari has a port card of its own (the product's default port): not folded into Helsinki.
    expect(parse('FIVSS')).toEqual(['FIVSS']);
  });

  it('counts a stop at such a harbour as a call at the port', () => {
    const engine = new EtaEngine(ports);
    const calls: DetectedCall[] = [];
    engine.onCall = (c) => calls.push(c);
    const t0 = Date.parse('2026-03-01T00:00:00Z');
    // Kokkola's deep-water harbour (Syväsatama), 3 km from Yxpila's UN/LOCODE point and 5 km from Kokkola's; no text.
    const report = (min: number, lat: number, sog: number): EtaReport => ({
      mmsi: 230000002, at: t0 + min * 60_000, lat, lon: 23.0345, sog, cog: 180, heading: 180, navStatus: 0, reportedEta: null, destination: null,
    });
    for (let m = 0; m <= 60; m += 5) engine.observe(report(m, 63.863 + ((60 - m) / 60) * 0.15, 9));
    for (let m = 65; m <= 400; m += 5) engine.observe(report(m, 63.863, 0));
    expect(calls.map((c) => c.port)).toContain('FIKOK');
    expect(calls.some((c) => c.port === 'FIYXP')).toBe(false);
  });
});
