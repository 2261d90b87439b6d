import { describe, expect, it } from 'vitest';
import { prng } from '../ais/simulator/fleet.ts';
import { flagOfMmsi, midOf } from './mid-flags.ts';
import { shipPositionJson, toShipPosition } from './vessels.mapper.ts';
import { VesselStore } from './vessel-store.ts';

describe('vessel store', () => {
  it('answers box queries exactly like a full scan, while ships move', () => {
    const r = prng(3);
    const store = new VesselStore(16); // small start: exercises growth
    const now = 1_700_000_000_000;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5000; i++) {
        store.applyPosition({ mmsi: 230_000_000 + i, at: now + round, lat: 54 + r() * 12, lon: 10 + r() * 20, sog: 5, cog: 10, heading: 10, navStatus: i % 16 });
      }
    }
    for (let q = 0; q < 50; q++) {
      const s = 54 + r() * 11;
      const w = 10 + r() * 19;
      const n = s + r() * 2;
      const e = w + r() * 3;
      const got = store.query(s, w, n, e).map((slot) => store.mmsi[slot]).sort();
      const want: number[] = [];
      for (let slot = 0; slot < store.size; slot++) if (store.lat[slot]! >= s && store.lat[slot]! <= n && store.lon[slot]! >= w && store.lon[slot]! <= e) want.push(store.mmsi[slot]!);
      expect(got).toEqual(want.sort());
    }
  });

  it('merges positions and static data, ignores stale and impossible reports', () => {
    const store = new VesselStore();
    expect(store.applyPosition({ mmsi: 1, at: 10, lat: 91, lon: 181, sog: null, cog: null, heading: null, navStatus: null })).toBe(false);
    store.applyPosition({ mmsi: 230_123_000, at: 100, lat: 60, lon: 25, sog: 3, cog: 4, heading: 5, navStatus: 0 });
    expect(store.applyPosition({ mmsi: 230_123_000, at: 50, lat: 61, lon: 26, sog: 3, cog: 4, heading: 5, navStatus: 0 })).toBe(false);
    store.applyStatic({ mmsi: 230_123_000, at: 100, name: 'AURORA', shipType: 80, dims: [100, 20, 10, 10] });
    store.applyStatic({ mmsi: 230_123_000, at: 101, callSign: 'OIXX' }); // a 24B-like partial update keeps the name
    const slot = store.slot(230_123_000)!;
    expect(store.lat[slot]).toBe(60);
    expect(store.statics[slot]).toMatchObject({ name: 'AURORA', callSign: 'OIXX' });
    expect(store.categoryOf(slot)).toBe('TANKER');
    expect(store.drainStaticDirty()).toEqual([slot]);
    store.applyStatic({ mmsi: 230_123_000, at: 102, name: 'AURORA' });
    expect(store.drainStaticDirty()).toEqual([]); // nothing changed: nothing to write
  });

  it('filters by age, category and navigation status', () => {
    const store = new VesselStore();
    store.applyPosition({ mmsi: 1, at: 1000, lat: 60, lon: 25, sog: 0, cog: 0, heading: 0, navStatus: 5 });
    store.applyPosition({ mmsi: 2, at: 2000, lat: 60, lon: 25, sog: 0, cog: 0, heading: 0, navStatus: null });
    store.applyStatic({ mmsi: 2, at: 2000, shipType: 30 });
    const q = (f: Partial<{ since: number; categoryMask: number; statusMask: number }>) =>
      store.query(59, 24, 61, 26, { since: 0, categoryMask: 0, statusMask: 0, ...f }).map((s) => store.mmsi[s]);
    expect(q({ since: 1500 })).toEqual([2]);
    expect(q({ statusMask: 1 << 5 })).toEqual([1]);
    expect(q({ statusMask: 1 << 16 })).toEqual([2]); // unknown status
    expect(q({ categoryMask: 1 << 0 })).toEqual([2]); // FISHING
  });

  it('thins the history to one point per interval per ship', () => {
    const store = new VesselStore();
    store.recordHistory = true;
    store.historyIntervalMs = 30_000;
    for (let t = 0; t <= 120_000; t += 10_000) store.applyPosition({ mmsi: 7, at: 1_000_000 + t, lat: 60, lon: 25, sog: 1, cog: 1, heading: 1, navStatus: 0 });
    expect(store.historyQueue.length / 8).toBe(5); // 0, 30, 60, 90, 120 s
  });

  it('drops simulated ships and keeps the real ones', () => {
    const store = new VesselStore();
    store.applyPosition({ mmsi: 1, at: 1, lat: 60, lon: 25, sog: 1, cog: 1, heading: 1, navStatus: 0 }, true);
    store.applyPosition({ mmsi: 2, at: 1, lat: 60.1, lon: 25.1, sog: 2, cog: 2, heading: 2, navStatus: 0 });
    store.applyStatic({ mmsi: 2, at: 1, name: 'REAL', shipType: 60 });
    store.removeSimulated();
    expect(store.size).toBe(1);
    expect(store.query(59, 24, 61, 26).map((s) => store.statics[s]?.name)).toEqual(['REAL']);
    expect(store.categoryOf(store.slot(2)!)).toBe('PASSENGER');
  });

  it('keeps each real ship its own prediction and history mark when the simulated ones go', () => {
    const store = new VesselStore();
    store.recordHistory = true;
    const seen: number[] = [];
    store.onPosition((u) => seen.push(u.mmsi));
    for (const mmsi of [1, 2, 3, 4]) {
      store.applyPosition({ mmsi, at: 10, lat: 60, lon: 25, sog: 1, cog: 1, heading: 1, navStatus: 0 }, mmsi % 2 === 1);
      store.setPrediction(mmsi, { destination: `PORT${mmsi}`, eta: 1000 + mmsi, at: 10 });
    }
    const queued = store.historyQueue.length;
    seen.length = 0;
    store.removeSimulated();
    // Ships 2 and 4 move down to slots 0 and 1, where simulated ships 1 and 2 had been.
    expect([2, 4].map((mmsi) => store.predictions[store.slot(mmsi)!]?.destination)).toEqual(['PORT2', 'PORT4']);
    // Nothing new was heard: no observer called, no history point queued again.
    expect(seen).toEqual([]);
    expect(store.historyQueue.length).toBe(queued);
    store.applyPosition({ mmsi: 2, at: 20, lat: 60, lon: 25, sog: 1, cog: 1, heading: 1, navStatus: 0 });
    expect(store.historyQueue.length).toBe(queued); // within the thinning interval of its last point
    expect(seen).toEqual([2]);
  });
});

describe('vessel store: forgetting silent ships', () => {
  const at = (mmsi: number, t: number) => ({ mmsi, at: t, lat: 60 + mmsi / 100, lon: 25, sog: 1, cog: 1, heading: 1, navStatus: 0 });

  it('forgets ships with neither a position nor new static data since the cut, keeping what the others had', () => {
    const store = new VesselStore();
    store.applyPosition(at(1, 100));
    store.applyPosition(at(2, 10));
    store.applyStatic({ mmsi: 2, at: 10, name: 'OLD' });
    store.applyPosition(at(3, 10));
    store.applyStatic({ mmsi: 4, at: 10, name: 'STATIC ONLY' });
    store.drainStaticDirty(); // written to the database
    store.applyStatic({ mmsi: 3, at: 100, name: 'RENAMED' }); // not yet written
    store.setPrediction(3, { destination: 'FIHEL', eta: 500, at: 100 });
    // Half the store is silent: a share of 0.6 waits, no share forgets them.
    expect(store.forgetSilent(50, 0.6)).toBe(0);
    expect(store.size).toBe(4);
    expect(store.forgetSilent(50)).toBe(2);
    expect([1, 2, 3, 4].map((m) => store.slot(m) !== undefined)).toEqual([true, false, true, false]);
    expect(store.query(59, 24, 61, 26).map((s) => store.mmsi[s]).sort()).toEqual([1, 3]);
    const three = store.slot(3)!;
    expect(store.statics[three]?.name).toBe('RENAMED');
    expect(store.predictions[three]?.destination).toBe('FIHEL');
    // Its change still goes to the database at the next flush.
    expect(store.drainStaticDirty().map((s) => store.mmsi[s])).toEqual([3]);
    // A forgotten ship heard again starts afresh.
    store.applyPosition(at(2, 200));
    expect(store.statics[store.slot(2)!]).toBeUndefined();
  });
});

describe('ship position JSON', () => {
  it('writes the same ship as the ShipPosition object', () => {
    const store = new VesselStore();
    store.applyPosition({ mmsi: 230_123_000, at: 1_700_000_000_123, lat: 60.123456789, lon: 24.98765, sog: 12.34, cog: 359.96, heading: 1, navStatus: 0 });
    store.applyStatic({ mmsi: 230_123_000, at: 1, name: 'SAY "HI" \\ ÅBO', destination: 'FIHEL', eta: Date.UTC(2026, 4, 1, 12), shipType: 60, dims: [100, 20, 10, null] });
    store.applyPosition({ mmsi: 970_111_222, at: 5, lat: -1e-7, lon: 0, sog: 102.3, cog: null, heading: null, navStatus: null });
    for (let slot = 0; slot < store.size; slot++) {
      expect(JSON.parse(shipPositionJson(store, slot))).toEqual(toShipPosition(store, slot));
    }
    // A new position reuses the cached static half; new static data replaces it.
    store.applyPosition({ mmsi: 230_123_000, at: 1_700_000_001_000, lat: 60.2, lon: 25, sog: 1, cog: 2, heading: 3, navStatus: 5 });
    store.applyStatic({ mmsi: 970_111_222, at: 6, name: 'SART' });
    for (let slot = 0; slot < store.size; slot++) {
      expect(JSON.parse(shipPositionJson(store, slot))).toEqual(toShipPosition(store, slot));
    }
  });
});

describe('flag from MMSI', () => {
  it('reads the MID of ships, coast stations, aids to navigation and SAR aircraft', () => {
    expect(flagOfMmsi(230_123_000)).toBe('FI');
    expect(flagOfMmsi(276_813_000)).toBe('EE');
    expect(flagOfMmsi(538_003_913)).toBe('MH');
    expect(flagOfMmsi(2_300_000)).toBe('FI'); // 00MIDxxxx coast station
    expect(flagOfMmsi(992_301_234)).toBe('FI'); // AtoN
    expect(flagOfMmsi(111_230_123)).toBe('FI'); // SAR aircraft
    expect(midOf(970_123_456)).toBeNull(); // AIS-SART
    expect(flagOfMmsi(999_999_999)).toBeNull();
  });
});
