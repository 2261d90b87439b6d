import { describe, expect, it } from 'vitest';
import { FLAG_LARGE, MARKER_STRIDE, NO_DIRECTION, ShipMarkerBuffer, markerSizePx, markerVisible, mercator } from './ship-marker-buffer.ts';
import { testShip } from './test-ship.ts';

const ship = testShip;

/** The slot's raw fields as the vertex shader reads them. */
function raw(buffer: ShipMarkerBuffer, mmsi: number) {
  const slot = buffer.slot(mmsi);
  const bytes = buffer.data.slice(slot * MARKER_STRIDE, (slot + 1) * MARKER_STRIDE);
  const f32 = new Float32Array(bytes.buffer);
  return { x: f32[0]!, y: f32[1]!, direction: f32[2]!, category: bytes[12]!, flags: bytes[13]! };
}

describe('mercator', () => {
  it('matches Web Mercator (MapLibre MercatorCoordinate)', () => {
    expect(mercator(0, 0)).toEqual([0.5, 0.5]);
    expect(mercator(-180, 0)[0]).toBe(0);
    const [x, y] = mercator(22.29, 60.45);
    expect(x).toBeCloseTo(0.561916667, 9);
    // 0.5 - ln(tan(pi/4 + lat/2)) / 2pi
    expect(y).toBeCloseTo(0.287882455, 9);
    expect(mercator(0, 89)[1]).toBe(mercator(0, 85.051129)[1]);
  });
});

describe('marker display rules', () => {
  it('sizes markers from 9.6 px at zoom 4 to 17.6 px from zoom 14', () => {
    expect(markerSizePx(2)).toBeCloseTo(9.6);
    expect(markerSizePx(10)).toBeCloseTo(14.4);
    expect(markerSizePx(12)).toBeCloseTo(16);
    expect(markerSizePx(18)).toBeCloseTo(17.6);
  });

  it('shows large ships as markers below zoom 14, short ones below 15.5', () => {
    expect(markerVisible(true, 13.9)).toBe(true);
    expect(markerVisible(true, 14)).toBe(false);
    expect(markerVisible(false, 15.4)).toBe(true);
    expect(markerVisible(false, 15.5)).toBe(false);
  });
});

describe('ShipMarkerBuffer', () => {
  it('packs position relative to the first ship, direction, category and size class per slot', () => {
    const buffer = new ShipMarkerBuffer();
    buffer.apply([ship(1), ship(2, { latitude: 60.5, longitude: 23, trueHeading: null, courseOverGround: 45, harborShipType: 'FISHING', referencePoint: { a: 10, b: 5, c: 2, d: 2 } })], []);
    expect(buffer.count).toBe(2);
    expect(buffer.origin).toEqual(mercator(22, 60));
    expect(raw(buffer, 1)).toEqual({ x: 0, y: 0, direction: Math.fround(Math.PI / 2), category: 5, flags: FLAG_LARGE });
    const two = raw(buffer, 2);
    expect(two.direction).toBeCloseTo(Math.PI / 4, 6);
    expect(two.category).toBe(0);
    expect(two.flags).toBe(0);
    // Relative float32 keeps the position to well under a pixel at zoom 16 (world 33.5 M px).
    const [x, y] = buffer.position(buffer.slot(2));
    const exact = mercator(23, 60.5);
    expect(Math.abs(x - exact[0]) * 512 * 2 ** 16).toBeLessThan(0.05);
    expect(Math.abs(y - exact[1]) * 512 * 2 ** 16).toBeLessThan(0.05);
  });

  it('marks ships without heading or course as dots', () => {
    const buffer = new ShipMarkerBuffer();
    buffer.apply([ship(7, { trueHeading: null, courseOverGround: null })], []);
    expect(raw(buffer, 7).direction).toBe(NO_DIRECTION);
  });

  it('updates in place and removes by moving the last slot into the hole', () => {
    const buffer = new ShipMarkerBuffer();
    buffer.apply([ship(1), ship(2, { longitude: 22.1 }), ship(3, { longitude: 22.2 })], []);
    const v = buffer.version;
    buffer.apply([ship(2, { longitude: 22.15 })], [1]);
    expect(buffer.version).toBe(v + 1);
    expect(buffer.count).toBe(2);
    expect(buffer.slot(1)).toBe(-1);
    expect(buffer.slot(3)).toBe(0);
    expect(buffer.mmsi(0)).toBe(3);
    expect(buffer.position(buffer.slot(3))[0]).toBeCloseTo(mercator(22.2, 60)[0], 10);
    expect(buffer.position(buffer.slot(2))[0]).toBeCloseTo(mercator(22.15, 60)[0], 10);
    buffer.apply([], [3, 2, 99]);
    expect(buffer.count).toBe(0);
  });

  it('grows past its first capacity and keeps every ship', () => {
    const buffer = new ShipMarkerBuffer();
    const ships = Array.from({ length: 5000 }, (_, i) => ship(200_000_000 + i, { longitude: 20 + i / 1000 }));
    buffer.apply(ships, []);
    expect(buffer.count).toBe(5000);
    expect(buffer.data.byteLength).toBe(5000 * MARKER_STRIDE);
    // 5 degrees from the origin, float32 still holds the position to 0.01 px at zoom 16.
    expect(Math.abs(buffer.position(buffer.slot(200_004_999))[0] - mercator(24.999, 60)[0]) * 512 * 2 ** 16).toBeLessThan(0.01);
  });

  it('finds the ships near a point whose marker shows at the zoom', () => {
    const buffer = new ShipMarkerBuffer();
    buffer.apply([ship(1), ship(2, { referencePoint: { a: 10, b: 5, c: 2, d: 2 } }), ship(3, { longitude: 22.01 })], []);
    const [x, y] = mercator(22, 60);
    const r = 0.000001;
    expect(buffer.near(x, y, r, 10).map((s) => buffer.mmsi(s)).sort()).toEqual([1, 2]);
    // At zoom 14.5 the large ship is a to-scale shape, not a marker.
    expect(buffer.near(x, y, r, 14.5).map((s) => buffer.mmsi(s))).toEqual([2]);
    expect(buffer.near(x, y, r, 16)).toEqual([]);
    expect(buffer.near(...mercator(22.01, 60), r, 10).map((s) => buffer.mmsi(s))).toEqual([3]);
  });
});
