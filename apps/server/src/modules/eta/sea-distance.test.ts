import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLattice } from '../routes/index.ts';
import { haversine } from './geo.ts';
import { shippedPorts } from './ports.ts';
import { decodeLattice, encodeLattice, SEA_LATTICE_FILE, shippedSeaDistances } from './sea-distance.ts';

const ports = shippedPorts();
const sea = shippedSeaDistances();
const km = (from: string, to: string) => {
  const a = ports.get(from)!;
  const b = ports.get(to)!;
  const bySea = sea.metres(b, a.lat, a.lon);
  return { bySea: bySea === null ? null : bySea / 1000, gc: haversine(a.lat, a.lon, b.lat, b.lon) / 1000 };
};

describe('distances by sea', () => {
  it('go round the land that lies between', () => {
    // Helsinki to Oulu: out of the Gulf of Finland, round Åland, up the Gulf of Bothnia.
    const oulu = km('FIHEL', 'FIOUL');
    expect(oulu.gc).toBeLessThan(560);
    expect(oulu.bySea).toBeGreaterThan(950);
    expect(oulu.bySea).toBeLessThan(1150);
    // Helsinki to Luleå: to the top of the Gulf of Bothnia by sea, not over Finland.
    const lulea = km('FIHEL', 'SELLA');
    expect(lulea.bySea! / lulea.gc).toBeGreaterThan(1.5);
  });

  it('follow the straight line across open water', () => {
    const tallinn = km('FIHEL', 'EETLL');
    expect(tallinn.bySea! / tallinn.gc).toBeGreaterThan(0.95);
    expect(tallinn.bySea! / tallinn.gc).toBeLessThan(1.3);
  });

  it('take the Kiel Canal from the Elbe to the Baltic', () => {
    const kiel = ports.get('DEKEL')!;
    // Off Cuxhaven in the Elbe's mouth: about 100 km by the canal, near 900 round the Skaw.
    const m = sea.metres(kiel, 53.9, 8.6)!;
    expect(m / 1000).toBeGreaterThan(80);
    expect(m / 1000).toBeLessThan(250);
  });

  it('are smooth as a ship crosses cells', () => {
    const oulu = ports.get('FIOUL')!;
    let last: number | null = null;
    // 20 km due east along the Gulf of Finland, away from its mouth, in 250 m steps: the way
    // grows by about a step each time, never by a cell's width (4.4 km) at a cell's edge.
    let first: number | null = null;
    for (let i = 0; i <= 80; i++) {
      const m = sea.metres(oulu, 59.95, 24 + (i * 0.25) / 55.6)!;
      if (last !== null) expect(Math.abs(m - last)).toBeLessThan(1000);
      first ??= m;
      last = m;
    }
    expect((last! - first!) / 1000).toBeGreaterThan(15);
    expect((last! - first!) / 1000).toBeLessThan(25);
  });

  it('know nothing off the lattice', () => {
    const hel = ports.get('FIHEL')!;
    expect(sea.metres(hel, 62.5, 27.0)).toBeNull(); // Finnish lake district, 40 km from the sea
    expect(sea.metres(hel, 40, 0)).toBeNull(); // outside the box
  });

  it('are read from a lattice that matches the shipped coastline', () => {
    // Rebuild after a coastline change: npx tsx apps/server/src/cli/build-sea-lattice.ts
    const shipped = decodeLattice(readFileSync(SEA_LATTICE_FILE));
    const built = buildLattice();
    expect({ ...shipped, open: null }).toEqual({ ...built, open: null });
    expect(Buffer.compare(Buffer.from(shipped.open), Buffer.from(built.open))).toBe(0);
    expect(decodeLattice(encodeLattice(built)).open).toEqual(built.open);
  });
});
