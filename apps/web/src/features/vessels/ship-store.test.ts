import { describe, expect, it } from 'vitest';
import { searchQueryFor } from './components/search-bar.tsx';
import { shipOutline } from './ship-geometry.ts';
import { ShipDiffBuffer } from './ship-diff-buffer.ts';
import { ShipStore, markerFeature } from './ship-store.ts';
import { testShip } from './test-ship.ts';

const ship = testShip;

describe('ShipDiffBuffer', () => {
  it('merges diffs held during a pan into one: newest position wins, removals and returns by order', () => {
    const buffer = new ShipDiffBuffer();
    buffer.add([ship(1, { latitude: 60.1 }), ship(2)], []);
    buffer.add([ship(1, { latitude: 60.2 })], [2, 3]);
    buffer.add([ship(3, { latitude: 61 })], []);
    expect(buffer.size).toBe(3);
    const { updated, removed } = buffer.take();
    expect(updated.map((s) => [s.mmsi, s.latitude])).toEqual([
      [1, 60.2],
      [3, 61],
    ]);
    expect(removed).toEqual([2]);
    expect(buffer.size).toBe(0);
    expect(buffer.take()).toEqual({ updated: [], removed: [] });
  });
});

describe('ShipStore', () => {
  it('turns answers into diffs: unchanged ships are skipped, missing ones removed', () => {
    const store = new ShipStore();
    expect(store.replaceAll([ship(1), ship(2)]).updated).toHaveLength(2);
    const next = store.replaceAll([ship(1), ship(3)]);
    expect(next.updated.map((s) => s.mmsi)).toEqual([3]);
    expect(next.removed).toEqual([2]);
    const moved = store.apply([ship(1, { latitude: 60.1, timeStampExternal: 2000 })], [99]);
    expect(moved.updated.map((s) => s.mmsi)).toEqual([1]);
    expect(moved.removed).toEqual([]);
    expect(store.size).toBe(2);
  });

  it('takes a full answer in parts: removals only after the last part', () => {
    const store = new ShipStore();
    store.replaceAll([ship(1), ship(2), ship(3)]);
    expect(store.replacePart([ship(1)], true, false)).toEqual({ updated: [], removed: [] });
    const last = store.replacePart([ship(3), ship(4)], false, true);
    expect(last.updated.map((s) => s.mmsi)).toEqual([4]);
    expect(last.removed).toEqual([2]);
    expect([...store.ships.keys()].sort()).toEqual([1, 3, 4]);
  });

  it('builds compact marker features keyed by MMSI', () => {
    const f = markerFeature(ship(7, { trueHeading: null, courseOverGround: null, referencePoint: { a: null, b: null, c: null, d: null } }));
    expect(f.id).toBe(7);
    expect(f.properties).toEqual({ c: 5, h: -1, l: 0, n: 'SHIP 7' });
  });
});

describe('shipOutline', () => {
  it('is to scale and turned to the heading', () => {
    const ring = shipOutline(ship(1, { trueHeading: 90 }))!;
    expect(ring).toHaveLength(6);
    const lons = ring.map(([lon]) => lon);
    // 100 m long heading east: about 100 m of longitude at 60 N (0.0018 degrees).
    expect(Math.max(...lons) - Math.min(...lons)).toBeCloseTo(100 / (111_320 * Math.cos(Math.PI / 3)), 4);
    expect(shipOutline(ship(1, { referencePoint: { a: null, b: null, c: null, d: null } }))).toBeNull();
  });
});

describe('map search text', () => {
  it('searches over 2 characters, shorter text only when submitted, empty never', () => {
    expect(searchQueryFor('fin', null)).toBe('fin');
    expect(searchQueryFor('fi', null)).toBe('');
    expect(searchQueryFor('fi', 'fi')).toBe('fi');
    expect(searchQueryFor('  ', 'x')).toBe('');
  });
});
