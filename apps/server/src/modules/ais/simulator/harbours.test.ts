import { beforeAll, describe, expect, it } from 'vitest';
import { Coastline } from './coastline.ts';
import { HARBOURS } from './harbours.ts';
import { SIM_PORTS } from './sea-routes.ts';

/** The frozen harbour paths (build-harbours.ts) against full-resolution GSHHG land (shared data). */
describe('simulator harbour paths', () => {
  let coast: Coastline;
  beforeAll(() => {
    coast = new Coastline();
  });

  it('start at the port sea point and never cross the coastline', () => {
    const bad: string[] = [];
    for (const h of HARBOURS) {
      const port = SIM_PORTS.find((p) => p.locode === h.locode)!;
      const paths = [...h.berths.map((b) => ['berth ' + b.name, b.path] as const), ...(h.anchorage?.spots ?? []).map((p, i) => [`anchor ${i}`, p] as const)];
      for (const [name, path] of paths) {
        expect(path[0], `${h.locode} ${name}`).toEqual([port.lat, port.lon]);
        for (let i = 0; i + 1 < path.length; i++) if (coast.crosses(path[i]![0], path[i]![1], path[i + 1]![0], path[i + 1]![1])) bad.push(`${h.locode} ${name} leg ${i}`);
        const end = path[path.length - 1]!;
        if (coast.onLand(end[0], end[1])) bad.push(`${h.locode} ${name} ends on land`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('gives the demo ports quays and distinct spots', () => {
    for (const code of ['FIVSS', 'FIHEL', 'FITKU', 'FINLI', 'FIRAU', 'FIKTK', 'FIOUL']) {
      const h = HARBOURS.find((x) => x.locode === code)!;
      expect(h.berths.length, code).toBeGreaterThanOrEqual(3);
      const ends = [...h.berths.map((b) => b.path.at(-1)!), ...(h.anchorage?.spots ?? []).map((p) => p.at(-1)!)].map((p) => p.join(','));
      expect(new Set(ends).size, code).toBe(ends.length);
    }
    expect(HARBOURS.find((x) => x.locode === 'FIVSS')!.berths.filter((b) => b.name).length).toBe(11);
  });
});
