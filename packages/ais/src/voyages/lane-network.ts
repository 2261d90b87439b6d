/** Lookup of sea lanes by port pair, both directions, with cumulative distances for interpolation. */
import type { LanePort, SeaLane } from './types.ts';

export interface Path {
  lat: Float64Array;
  lon: Float64Array;
  /** Kilometres from the start to each vertex. */
  cumKm: Float64Array;
  totalKm: number;
}

const R_KM = 6371.0088;
const RAD = Math.PI / 180;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * R_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial great-circle bearing, degrees 0-360. */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const y = Math.sin((lon2 - lon1) * RAD) * Math.cos(lat2 * RAD);
  const x = Math.cos(lat1 * RAD) * Math.sin(lat2 * RAD) - Math.sin(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos((lon2 - lon1) * RAD);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

function toPath(points: [number, number][]): Path {
  const n = points.length;
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const cumKm = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    lat[i] = points[i]![0];
    lon[i] = points[i]![1];
    if (i > 0) cumKm[i] = cumKm[i - 1]! + haversineKm(lat[i - 1]!, lon[i - 1]!, lat[i]!, lon[i]!);
  }
  return { lat, lon, cumKm, totalKm: cumKm[n - 1]! };
}

export class LaneNetwork {
  private readonly paths = new Map<string, Path[]>();
  readonly ports = new Map<string, LanePort>();

  constructor(ports: LanePort[], lanes: SeaLane[]) {
    for (const p of ports) this.ports.set(p.locode, p);
    for (const l of lanes) {
      this.paths.set(`${l.from}|${l.to}`, l.variants.map(toPath));
      this.paths.set(`${l.to}|${l.from}`, l.variants.map((v) => toPath([...v].reverse())));
    }
  }

  has(from: string, to: string): boolean {
    return this.paths.has(`${from}|${to}`);
  }

  variants(from: string, to: string): Path[] {
    const v = this.paths.get(`${from}|${to}`);
    if (!v) throw new Error(`no sea lane ${from}-${to}`);
    return v;
  }

  port(locode: string): LanePort {
    const p = this.ports.get(locode);
    if (!p) throw new Error(`unknown port ${locode}`);
    return p;
  }
}
