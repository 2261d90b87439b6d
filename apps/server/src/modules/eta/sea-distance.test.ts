import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLattice } from '../routes/index.ts';
import { haversine } from './geo.ts';
import { shippedPorts } from './ports.ts';
import { SEA_BLOCK, SEA_GRAPH_FILE, SEA_LATTICE_DLAT, shippedSeaDistances } from './sea-distance.ts';
import { buildPatches, decodePatches, encodePatches } from './sea-patches.ts';

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
    // Helsinki to Oulu: out of the Gulf of Finland, through the Archipelago Sea (about 920 km;
    // round Åland, as deep-draught ships go, about 1,040), up the Gulf of Bothnia.
    const oulu = km('FIHEL', 'FIOUL');
    expect(oulu.gc).toBeLessThan(560);
    expect(oulu.bySea).toBeGreaterThan(880);
    expect(oulu.bySea).toBeLessThan(1150);
    // Helsinki to Luleå: to the top of the Gulf of Bothnia by sea, not over Finland.
    const lulea = km('FIHEL', 'SELLA');
    expect(lulea.bySea! / lulea.gc).toBeGreaterThan(1.4);
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

  it('thread the archipelagos', () => {
    // Kotka to Rauma through the Archipelago Sea (the simulated lanes: 458 km; round Åland: about 640).
    const rauma = km('FIKTK', 'FIRAU');
    expect(rauma.bySea).toBeGreaterThan(450);
    expect(rauma.bySea).toBeLessThan(560);
    // Turku, up the Aura behind its archipelago, to Stockholm behind its own (the ferries: about 290 km).
    const stockholm = km('FITKU', 'SESTO');
    expect(stockholm.bySea).toBeGreaterThan(270);
    expect(stockholm.bySea).toBeLessThan(340);
    // Naantali to Kapellskär across the Åland archipelago.
    expect(km('FINLI', 'SEKPS').bySea).toBeLessThan(240);
  });

  it('are read from a graph that matches the shipped coastline', () => {
    // Rebuild after a coastline change: npm run build:sea-graph -w @harbor/server
    const shipped = decodePatches(readFileSync(SEA_GRAPH_FILE));
    const built = decodePatches(encodePatches(buildPatches(buildLattice(SEA_LATTICE_DLAT), SEA_BLOCK)));
    expect(shipped).toEqual(built);
  }, 60_000);
});
