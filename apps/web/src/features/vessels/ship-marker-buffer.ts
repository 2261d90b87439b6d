import type { ShipPosition } from '@harbor/contracts';
import { SHIP_LARGE_LENGTH_M, SHIP_RENDER_ZOOM } from '@harbor/contracts/map';
import { CATEGORY_INDEX } from './ship-colors.ts';
import { shipDirection, shipLengthM } from './ship-geometry.ts';

/**
 * Bytes per ship in the marker vertex buffer: x, y (float32, Web Mercator
 * relative to `origin`), direction (float32 radians clockwise from north, or
 * NO_DIRECTION), category (uint8), flags (uint8), two bytes padding.
 */
export const MARKER_STRIDE = 16;
export const NO_DIRECTION = -100;
export const FLAG_LARGE = 1;

/** Web Mercator x, y in 0..1 (MapLibre's MercatorCoordinate), in float64. */
export function mercator(longitude: number, latitude: number): [number, number] {
  const lat = Math.max(-85.051129, Math.min(85.051129, latitude));
  return [(180 + longitude) / 360, (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))) / 360];
}

/** Marker icon box in CSS pixels at a zoom: about 14 px at zoom 10, growing slightly when zooming in. */
export function markerSizePx(zoom: number): number {
  const stops: [number, number][] = [
    [4, 0.6],
    [10, 0.9],
    [14, 1.1],
  ];
  if (zoom <= stops[0]![0]) return 16 * stops[0]![1];
  for (let i = 1; i < stops.length; i++) {
    const [z1, v1] = stops[i]!;
    const [z0, v0] = stops[i - 1]!;
    if (zoom <= z1) return 16 * (v0 + ((v1 - v0) * (zoom - z0)) / (z1 - z0));
  }
  return 16 * stops.at(-1)![1];
}

/** Whether a marker of this size class shows at a zoom (above it the to-scale shape takes over). */
export function markerVisible(large: boolean, zoom: number): boolean {
  return zoom < (large ? SHIP_RENDER_ZOOM.large.markerBelow : SHIP_RENDER_ZOOM.small.markerBelow);
}

/**
 * The ships' markers as one packed vertex buffer, a slot per ship. A tick
 * rewrites the changed ships' slots in place and removes by moving the last
 * slot into the hole, so the GPU upload is one `bufferData` of a few bytes
 * per ship and nothing is re-tiled or re-placed (see ship-marker-layer.ts).
 *
 * Positions are stored relative to `origin` (the first ship's position):
 * float32 near the origin keeps sub-pixel precision at any marker zoom, where
 * absolute 0..1 coordinates would jitter by about a pixel at zoom 15.
 */
export class ShipMarkerBuffer {
  private bytes = new ArrayBuffer(MARKER_STRIDE * 1024);
  private f32 = new Float32Array(this.bytes);
  private u8 = new Uint8Array(this.bytes);
  private mmsiAt = new Int32Array(1024);
  private readonly slotOf = new Map<number, number>();
  origin: [number, number] | null = null;
  count = 0;
  /** Bumped on every change; the layer uploads when it differs from what it drew. */
  version = 0;

  get data(): Uint8Array {
    return this.u8.subarray(0, this.count * MARKER_STRIDE);
  }

  slot(mmsi: number): number {
    return this.slotOf.get(mmsi) ?? -1;
  }

  mmsi(slot: number): number {
    return this.mmsiAt[slot]!;
  }

  /** Mercator position of a slot, float64 (origin added back). */
  position(slot: number): [number, number] {
    const o = this.origin!;
    return [o[0] + this.f32[(slot * MARKER_STRIDE) / 4]!, o[1] + this.f32[(slot * MARKER_STRIDE) / 4 + 1]!];
  }

  large(slot: number): boolean {
    return (this.u8[slot * MARKER_STRIDE + 13]! & FLAG_LARGE) !== 0;
  }

  apply(updated: readonly ShipPosition[], removed: readonly number[]): void {
    if (!updated.length && !removed.length) return;
    for (const mmsi of removed) this.remove(mmsi);
    for (const ship of updated) this.set(ship);
    this.version++;
  }

  clear(): void {
    this.slotOf.clear();
    this.count = 0;
    this.origin = null;
    this.version++;
  }

  private set(ship: ShipPosition): void {
    let slot = this.slotOf.get(ship.mmsi);
    if (slot === undefined) {
      slot = this.count++;
      if (slot >= this.mmsiAt.length) this.grow();
      this.slotOf.set(ship.mmsi, slot);
      this.mmsiAt[slot] = ship.mmsi;
    }
    const [x, y] = mercator(ship.longitude, ship.latitude);
    this.origin ??= [x, y];
    const f = (slot * MARKER_STRIDE) / 4;
    this.f32[f] = x - this.origin[0];
    this.f32[f + 1] = y - this.origin[1];
    const direction = shipDirection(ship);
    this.f32[f + 2] = direction === null ? NO_DIRECTION : (direction * Math.PI) / 180;
    const b = slot * MARKER_STRIDE;
    this.u8[b + 12] = CATEGORY_INDEX[ship.harborShipType] ?? 11;
    this.u8[b + 13] = (shipLengthM(ship) ?? 0) >= SHIP_LARGE_LENGTH_M ? FLAG_LARGE : 0;
  }

  private remove(mmsi: number): void {
    const slot = this.slotOf.get(mmsi);
    if (slot === undefined) return;
    this.slotOf.delete(mmsi);
    const last = --this.count;
    if (slot !== last) {
      this.u8.copyWithin(slot * MARKER_STRIDE, last * MARKER_STRIDE, (last + 1) * MARKER_STRIDE);
      const moved = this.mmsiAt[last]!;
      this.mmsiAt[slot] = moved;
      this.slotOf.set(moved, slot);
    }
  }

  private grow(): void {
    const bytes = new ArrayBuffer(this.bytes.byteLength * 2);
    new Uint8Array(bytes).set(this.u8);
    this.bytes = bytes;
    this.f32 = new Float32Array(bytes);
    this.u8 = new Uint8Array(bytes);
    const mmsiAt = new Int32Array(this.mmsiAt.length * 2);
    mmsiAt.set(this.mmsiAt);
    this.mmsiAt = mmsiAt;
  }

  /**
   * Slots whose marker shows at `zoom` within `radius` (Mercator units) of the
   * Mercator point: a linear scan, well under a millisecond for the 20 000
   * ships a view may hold.
   */
  near(x: number, y: number, radius: number, zoom: number): number[] {
    if (!this.origin) return [];
    const rx = x - this.origin[0];
    const ry = y - this.origin[1];
    const r2 = radius * radius;
    const large = markerVisible(true, zoom);
    const small = markerVisible(false, zoom);
    const hits: number[] = [];
    for (let slot = 0; slot < this.count; slot++) {
      const f = (slot * MARKER_STRIDE) / 4;
      const dx = this.f32[f]! - rx;
      const dy = this.f32[f + 1]! - ry;
      if (dx * dx + dy * dy > r2) continue;
      if (this.large(slot) ? large : small) hits.push(slot);
    }
    return hits;
  }
}
