import type { Feature, Point, Polygon } from 'geojson';
import type { ShipPosition } from '@harbor/contracts';
import { CATEGORY_INDEX } from './ship-colors.ts';
import { shipDirection, shipLengthM, shipOutline } from './ship-geometry.ts';

/** Compact marker properties: c category index, h direction (-1 none), l length (0 unknown), n name. */
export interface ShipMarkerProps {
  c: number;
  h: number;
  l: number;
  n: string;
}

export interface SourceDiff<G extends Point | Polygon> {
  add: Feature<G>[];
  remove: number[];
}

export function markerFeature(ship: ShipPosition): Feature<Point, ShipMarkerProps> {
  return {
    type: 'Feature',
    id: ship.mmsi,
    geometry: { type: 'Point', coordinates: [ship.longitude, ship.latitude] },
    properties: { c: CATEGORY_INDEX[ship.harborShipType] ?? 11, h: shipDirection(ship) ?? -1, l: shipLengthM(ship) ?? 0, n: ship.name ?? '' },
  };
}

export function shapeFeature(ship: ShipPosition): Feature<Polygon, ShipMarkerProps> | null {
  const ring = shipOutline(ship);
  if (!ring) return null;
  const marker = markerFeature(ship);
  return { type: 'Feature', id: ship.mmsi, geometry: { type: 'Polygon', coordinates: [ring] }, properties: marker.properties };
}

/**
 * The ships on the map, by MMSI. Every change comes out as a diff (features
 * to add or replace, ids to remove) for GeoJSONSource.updateData, so a tick
 * costs the changed ships only, never a rebuild of the whole source.
 */
export class ShipStore {
  readonly ships = new Map<number, ShipPosition>();
  /** Bumped on every change; UI that shows one ship compares it. */
  version = 0;
  simulated = false;

  /** MMSIs named so far by the parts of a full answer still arriving. */
  private incoming: Set<number> | null = null;

  /** A full answer (stream snapshot or poll): ships missing from it are removed. */
  replaceAll(ships: readonly ShipPosition[]): { updated: ShipPosition[]; removed: number[] } {
    return this.replacePart(ships, true, true);
  }

  /**
   * One part of a full answer sent in several messages: its ships are applied
   * at once, and after the last part the ships no part named are removed.
   */
  replacePart(ships: readonly ShipPosition[], first: boolean, last: boolean): { updated: ShipPosition[]; removed: number[] } {
    if (first || !this.incoming) this.incoming = new Set();
    for (const s of ships) this.incoming.add(s.mmsi);
    const removed: number[] = [];
    if (last) {
      for (const mmsi of this.ships.keys()) if (!this.incoming.has(mmsi)) removed.push(mmsi);
      this.incoming = null;
    }
    return this.apply(ships, removed);
  }

  apply(updated: readonly ShipPosition[], removed: readonly number[]): { updated: ShipPosition[]; removed: number[] } {
    const gone: number[] = [];
    for (const mmsi of removed) if (this.ships.delete(mmsi)) gone.push(mmsi);
    const changed: ShipPosition[] = [];
    for (const s of updated) {
      const old = this.ships.get(s.mmsi);
      this.ships.set(s.mmsi, s);
      // A poll repeats unchanged ships: skip them so the map source is not touched.
      if (old && old.timeStampExternal === s.timeStampExternal && old.latitude === s.latitude && old.longitude === s.longitude && old.name === s.name) continue;
      changed.push(s);
    }
    if (changed.length || gone.length) this.version++;
    return { updated: changed, removed: gone };
  }

  clear(): number[] {
    const all = [...this.ships.keys()];
    this.ships.clear();
    this.version++;
    return all;
  }

  get(mmsi: number): ShipPosition | undefined {
    return this.ships.get(mmsi);
  }

  get size(): number {
    return this.ships.size;
  }
}
