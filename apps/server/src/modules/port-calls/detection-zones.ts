import type { Geometry } from '@harbor/contracts';
import { bboxOf, boxContains, containsPoint, type Box } from '../zones/index.ts';
import type { PlaceHit } from './detection.ts';

export interface DetectionZoneInput {
  id: string;
  type: string;
  name: string | null;
  locode: string | null;
  geometry: Geometry | null;
  /** A point berth's quay length (meta.lengthM): how far from the point a ship still lies at it. */
  meta?: Record<string, string> | null;
}

interface PointBerth {
  id: string;
  name: string | null;
  portCode: string;
  lon: number;
  lat: number;
  radiusM: number;
}

/**
 * A berth given as a quay point (DVK: the quay's middle) holds ships within
 * half the quay's length plus a beam or two from it; 60 m around a quay of
 * unknown length.
 */
export function berthRadiusM(meta: Record<string, string> | null | undefined): number {
  const length = Number(meta?.lengthM);
  return Number.isFinite(length) && length > 0 ? Math.max(60, length / 2 + 40) : 60;
}

const M_PER_DEG = 111_320;
const distanceM = (lon1: number, lat1: number, lon2: number, lat2: number) =>
  Math.hypot((lon1 - lon2) * M_PER_DEG * Math.cos((lat1 * Math.PI) / 180), (lat1 - lat2) * M_PER_DEG);

interface IndexedZone {
  id: string;
  kind: 'portarea' | 'berth' | 'anchorage';
  name: string | null;
  portCode: string;
  geometry: Geometry;
  box: Box;
  area: number;
}

const CELL_DEG = 0.05;
const cellKey = (x: number, y: number) => `${x}:${y}`;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

/**
 * In-memory lookup of port areas, berths and anchorages for detection: a
 * coarse grid of bounding boxes, then exact point-in-polygon. Rebuilt from the
 * database at start and on a timer (an import runs in another process).
 */
export class DetectionZones {
  private readonly cells = new Map<string, IndexedZone[]>();
  private readonly berthCells = new Map<string, PointBerth[]>();
  private readonly names = new Map<string, string[]>();
  readonly size: number;

  constructor(zones: DetectionZoneInput[], ports: { locode: string; names: string[] }[] = []) {
    let n = 0;
    for (const z of zones) {
      if (!z.geometry || !z.locode || !['portarea', 'berth', 'anchorage'].includes(z.type)) continue;
      if (z.type === 'berth' && z.geometry.type === 'Point') {
        const [lon, lat] = z.geometry.coordinates as [number, number];
        const berth: PointBerth = { id: z.id, name: z.name, portCode: z.locode, lon, lat, radiusM: berthRadiusM(z.meta) };
        n++;
        // Listed in every cell the capture circle reaches.
        const dLat = berth.radiusM / M_PER_DEG;
        const dLon = dLat / Math.cos((lat * Math.PI) / 180);
        for (let x = Math.floor((lon - dLon) / CELL_DEG); x <= Math.floor((lon + dLon) / CELL_DEG); x++)
          for (let y = Math.floor((lat - dLat) / CELL_DEG); y <= Math.floor((lat + dLat) / CELL_DEG); y++) {
            const k = cellKey(x, y);
            const list = this.berthCells.get(k);
            if (list) list.push(berth);
            else this.berthCells.set(k, [berth]);
          }
        continue;
      }
      if (z.geometry.type !== 'Polygon' && z.geometry.type !== 'MultiPolygon') continue;
      const box = bboxOf(z.geometry);
      const zone: IndexedZone = {
        id: z.id,
        kind: z.type as IndexedZone['kind'],
        name: z.name,
        portCode: z.locode,
        geometry: z.geometry,
        box,
        area: (box.maxLon - box.minLon) * (box.maxLat - box.minLat),
      };
      n++;
      for (let x = Math.floor(box.minLon / CELL_DEG); x <= Math.floor(box.maxLon / CELL_DEG); x++) {
        for (let y = Math.floor(box.minLat / CELL_DEG); y <= Math.floor(box.maxLat / CELL_DEG); y++) {
          const k = cellKey(x, y);
          const list = this.cells.get(k);
          if (list) list.push(zone);
          else this.cells.set(k, [zone]);
        }
      }
    }
    this.size = n;
    for (const p of ports) this.names.set(p.locode, p.names.map(fold).filter((s) => s.length >= 4));
  }

  /**
   * The port a point is in, and the berth or anchorage there. Where port areas
   * overlap, the port whose berth or anchorage holds the point wins, then the
   * smallest port area.
   */
  locate(lon: number, lat: number): PlaceHit | null {
    const key = cellKey(Math.floor(lon / CELL_DEG), Math.floor(lat / CELL_DEG));
    const list = this.cells.get(key) ?? [];
    const inside = list.filter((z) => boxContains(z.box, lon, lat) && containsPoint(z.geometry, lon, lat));
    // Point berths: the nearest quay whose reach holds the point.
    const near = (this.berthCells.get(key) ?? [])
      .map((b) => ({ b, d: distanceM(lon, lat, b.lon, b.lat) }))
      .filter(({ b, d }) => d <= b.radiusM)
      .sort((x, y) => x.d - y.d);
    if (inside.length === 0 && near.length === 0) return null;
    const smallest = (kind: IndexedZone['kind'], port?: string) =>
      inside.filter((z) => z.kind === kind && (!port || z.portCode === port)).sort((a, b) => a.area - b.area)[0];
    const nearest = (port?: string) => near.find(({ b }) => !port || b.portCode === port)?.b;
    const place = nearest() ?? smallest('berth') ?? smallest('anchorage');
    const portCode = place?.portCode ?? smallest('portarea')!.portCode;
    const berth = nearest(portCode) ?? smallest('berth', portCode);
    const anchorage = smallest('anchorage', portCode);
    return {
      portCode,
      berth: berth ? { id: berth.id, name: berth.name } : null,
      anchorage: anchorage ? { id: anchorage.id, name: anchorage.name } : null,
    };
  }

  /**
   * Whether an AIS destination names the port: its locode (also written
   * 'FI HEL'), or one of its names. In the Finnish 'FROM>TO' habit only the part
   * after the last '>' counts.
   */
  destinationMatches(portCode: string, destination: string | null): boolean {
    if (!destination) return false;
    const to = fold(destination.split('>').pop() ?? '');
    if (!to) return false;
    if (to.includes(portCode)) return true;
    return (this.names.get(portCode) ?? []).some((n) => to.startsWith(n) || (n.length >= 5 && to.includes(n)));
  }
}
