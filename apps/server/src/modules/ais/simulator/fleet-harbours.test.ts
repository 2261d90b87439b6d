import { describe, expect, it } from 'vitest';
import { HARBOR_SHIP_TYPES } from '@harbor/contracts';
import { VesselStore } from '../../vessels/vessel-store.ts';
import { LineIngest } from '../ais-pipeline.ts';
import { Fleet } from './fleet.ts';
import { HARBOURS } from './harbours.ts';
import { SHIP_KINDS } from './ship-kinds.ts';
import { SIM_PORTS } from './sea-routes.ts';

const M_PER_DEG = 111_320;
const distM = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  Math.hypot((a.lat - b.lat) * M_PER_DEG, (a.lon - b.lon) * M_PER_DEG * Math.cos((a.lat * Math.PI) / 180));

/** Vuosaari cut down to two quays and three anchor spots, so the fleet must queue. */
const VUOSAARI = HARBOURS.find((h) => h.locode === 'FIVSS')!;
const SMALL = [{ ...VUOSAARI, berths: VUOSAARI.berths.slice(0, 2), anchorage: { name: 'Vuosaari anchorage', spots: VUOSAARI.anchorage!.spots.slice(0, 3) } }];

function still(fleet: Fleet) {
  const out: { i: number; lat: number; lon: number; phase: string; berth: number; anchor: number }[] = [];
  for (let i = 0; i < fleet.size; i++) {
    const s = fleet.harbourState(i);
    if (s.phase === 'berth' || s.phase === 'anchor') out.push({ i, lat: fleet.lat[i]!, lon: fleet.lon[i]!, ...s });
  }
  return out;
}

describe('simulated fleet in harbour', () => {
  it('moors ships at distinct quays, anchors the rest when the quays are taken, and moves them in as quays free', () => {
    const start = Date.UTC(2026, 10, 25, 8);
    const fleet = new Fleet(400, start, 5, { harbours: SMALL, inHarbourShare: 1, dwellScale: 0.1 });
    let now = start;
    let anchoredThenBerthed = 0;
    const wasAnchored = new Set<number>();
    for (let step = 0; step <= 3 * 60; step++) {
      const here = still(fleet);
      const berthed = here.filter((s) => s.phase === 'berth');
      const anchored = here.filter((s) => s.phase === 'anchor');
      // One ship per quay and per anchor spot, never two on one coordinate.
      expect(new Set(berthed.map((s) => s.berth)).size).toBe(berthed.length);
      expect(new Set(anchored.map((s) => s.anchor)).size).toBe(anchored.length);
      expect(berthed.length).toBeLessThanOrEqual(2);
      for (let a = 0; a < here.length; a++) for (let b = a + 1; b < here.length; b++) expect(distM(here[a]!, here[b]!)).toBeGreaterThan(50);
      if (step === 0) {
        // Every quay taken at start (a ship alongside or sailing in to it), so the next ships wait at anchor.
        const claimed = Array.from({ length: fleet.size }, (_, i) => fleet.harbourState(i)).filter((s) => s.berth >= 0 && (s.phase === 'berth' || s.phase === 'in'));
        expect(claimed.map((s) => s.berth).sort()).toEqual([0, 1]);
        expect(anchored.length).toBe(3);
      }
      for (const s of berthed) {
        if (!wasAnchored.has(s.i)) continue;
        anchoredThenBerthed++;
        wasAnchored.delete(s.i);
      }
      for (const s of anchored) wasAnchored.add(s.i);
      now += 120_000;
      fleet.step(now, 120_000, () => {});
    }
    expect(anchoredThenBerthed).toBeGreaterThan(0);
  });

  it('reports moored ships as moored and anchored ones at anchor, at the 3-minute rate once settled', () => {
    const start = Date.UTC(2026, 10, 25, 8);
    const fleet = new Fleet(60, start, 2, { harbours: SMALL, inHarbourShare: 1 });
    const store = new VesselStore();
    const ingest = new LineIngest(store, true);
    const reports = new Map<number, number>();
    let now = start;
    for (let s = 0; s < 60; s++) {
      now += 10_000;
      fleet.step(now, 10_000, (line) => ingest.push(line, now));
    }
    expect(ingest.rejects).toBe(0);
    for (const s of still(fleet)) {
      const slot = store.slot(fleet.mmsi[s.i]!)!;
      expect(store.sog[slot]).toBe(0);
      expect([0, s.phase === 'berth' ? 5 : 1]).toContain(store.navStatus[slot]);
      reports.set(s.i, 1);
    }
    expect(reports.size).toBeGreaterThan(0);
  });

  it('sails every one of the 12 categories in shares like Baltic traffic', () => {
    const fleet = new Fleet(20_000, Date.UTC(2026, 10, 25), 11, { inHarbourShare: 0 });
    const n = new Map<string, number>();
    for (let i = 0; i < fleet.size; i++) n.set(fleet.categoryOf(i), (n.get(fleet.categoryOf(i)) ?? 0) + 1);
    for (const c of HARBOR_SHIP_TYPES) {
      const want = SHIP_KINDS.filter((k) => k.category === c).reduce((s, k) => s + k.share, 0);
      expect(want, c).toBeGreaterThan(0);
      expect((n.get(c) ?? 0) / fleet.size, c).toBeCloseTo(want, 1);
    }
    // Merchant ships are about three in four; cargo (general, ro-ro, bulk, container) the largest group.
    const merchant = SHIP_KINDS.filter((k) => k.calls).reduce((s, k) => s + k.share, 0);
    expect(merchant).toBeGreaterThan(0.65);
    expect(merchant).toBeLessThan(0.8);
    expect(SHIP_KINDS.reduce((s, k) => s + k.share, 0)).toBeCloseTo(1, 5);
  });

  it('reports ETAs reachable at the ship speed, with a share of stale, wrong or missing ones', () => {
    const now = Date.UTC(2026, 10, 25, 8);
    const fleet = new Fleet(3000, now, 4, { inHarbourShare: 0 });
    const ports = new Map(SIM_PORTS.map((p) => [p.locode, p]));
    let atSea = 0;
    let unreachable = 0;
    let missing = 0;
    for (let i = 0; i < fleet.size; i++) {
      const port = ports.get(fleet.destinationOf(i));
      if (!port || fleet.harbourState(i).phase !== 'sea') continue;
      atSea++;
      const eta = fleet.reportedEta(i, now);
      if (eta === null) {
        missing++;
        continue;
      }
      // The straight line is the shortest way: no ship gets there sooner at its own speed.
      const soonest = now + (distM({ lat: fleet.lat[i]!, lon: fleet.lon[i]! }, port) / 1852 / fleet.speedKn(i)) * 3_600_000;
      if (eta < soonest) unreachable++;
    }
    expect(atSea).toBeGreaterThan(1000);
    // Most crews keep it right; some 10-35 % are stale, wrong or missing, as in real feeds.
    expect(missing / atSea).toBeGreaterThan(0.02);
    expect((missing + unreachable) / atSea).toBeGreaterThan(0.08);
    expect((missing + unreachable) / atSea).toBeLessThan(0.35);
  });
});
