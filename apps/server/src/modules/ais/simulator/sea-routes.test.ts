import { beforeAll, describe, expect, it } from 'vitest';
import { VesselStore } from '../../vessels/vessel-store.ts';
import { LineIngest } from '../ais-pipeline.ts';
import { Coastline } from './coastline.ts';
import { DIRECTED_ROUTES, Fleet } from './fleet.ts';
import { SEA_ROUTES, SIM_PORTS } from './sea-routes.ts';

const KM_PER_DEG = 111.32;

/** The leg moved `km` to its left (negative: right), as the simulator spreads ships. */
function offsetLeg([la1, lo1]: [number, number], [la2, lo2]: [number, number], km: number) {
  const k = Math.cos(((la1 + la2) / 2) * (Math.PI / 180));
  const dx = (lo2 - lo1) * k * KM_PER_DEG;
  const dy = (la2 - la1) * KM_PER_DEG;
  const len = Math.hypot(dx, dy) || 1;
  const dLat = ((dx / len) * km) / KM_PER_DEG;
  const dLon = ((-dy / len) * km) / (KM_PER_DEG * k);
  return [la1 + dLat, lo1 + dLon, la2 + dLat, lo2 + dLon] as const;
}

describe('simulator sea routes', () => {
  let coast: Coastline;
  beforeAll(() => {
    coast = new Coastline();
  });

  it('connects real ports', () => {
    const locodes = SIM_PORTS.map((p) => p.locode);
    for (const l of ['FIVSS', 'FIHEL', 'FITKU', 'FINLI', 'FIRAU', 'FIKOK', 'FIHMN', 'FIOUL', 'FIPOR', 'FIVAA']) expect(locodes).toContain(l);
    for (const r of SEA_ROUTES) {
      expect(locodes).toContain(r.from);
      expect(locodes).toContain(r.to);
      expect(r.widthsKm).toHaveLength(r.points.length - 1);
    }
  });

  it('has no leg crossing the coastline, nor the edges of the lane ships spread over', () => {
    const bad: string[] = [];
    for (const r of SEA_ROUTES) {
      r.points.forEach(([lat, lon], i) => {
        if (coast.onLand(lat, lon)) bad.push(`${r.from}-${r.to} point ${i} on land`);
        const next = r.points[i + 1];
        if (!next) return;
        if (coast.crosses(lat, lon, next[0], next[1])) bad.push(`${r.from}-${r.to} leg ${i}`);
        const w = r.widthsKm[i]!;
        for (const side of [w, -w]) if (w > 0 && coast.crosses(...offsetLeg([lat, lon], next, side))) bad.push(`${r.from}-${r.to} leg ${i} at ${side} km`);
      });
    }
    expect(bad).toEqual([]);
  });

  it('keeps a fleet at sea while it sails and reports through the decoder', () => {
    const start = Date.UTC(2026, 0, 1);
    const fleet = new Fleet(3000, start, 7);
    const store = new VesselStore();
    const ingest = new LineIngest(store, true);
    let now = start;
    const onLand: string[] = [];
    for (let step = 0; step < 12; step++) {
      now += 600_000; // ten minutes per step: two hours in all
      fleet.step(now, 600_000, (line) => ingest.push(line, now));
      for (const s of fleet.ships().filter((_, i) => i % 10 === step % 10)) if (coast.onLand(s.lat, s.lon)) onLand.push(`${s.mmsi} ${s.lat},${s.lon}`);
    }
    expect(onLand).toEqual([]);
    expect(store.size).toBe(3000);
    expect(ingest.rejects).toBe(0);
    const slot = store.slot(fleet.mmsi[0]!)!;
    expect(store.isSimulated(slot)).toBe(true);
    expect(store.statics[slot]?.name).toMatch(/^[A-Z]+ [A-Z]+ \d+$/);
    expect(DIRECTED_ROUTES.length).toBe(SEA_ROUTES.length * 2);
  });
});
