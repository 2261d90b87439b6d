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

/** Fractions of a lane's width a trip may be shifted by (the tracer checks each against the coastline). */
export const LANE_OFFSETS = [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1] as const;

/**
 * The lane moved sideways: each vertex by `f` times its width (km) along the vertex normal
 * (left of the direction of travel for f > 0), so parallel trips do not sail in single file.
 */
export function offsetPolyline(points: [number, number][], widthsKm: number[], f: number): [number, number][] {
  if (f === 0) return points;
  const KM_DEG = 111.32;
  return points.map(([lat, lon], i) => {
    const w = (widthsKm[i] ?? 0) * f;
    if (w === 0) return [lat, lon];
    const k = Math.cos(lat * RAD);
    let dx = 0;
    let dy = 0;
    for (const [a, b] of [[i - 1, i], [i, i + 1]] as const) {
      const p = points[a];
      const q = points[b];
      if (!p || !q) continue;
      const ex = (q[1] - p[1]) * k;
      const ey = q[0] - p[0];
      const len = Math.hypot(ex, ey) || 1;
      dx += ex / len;
      dy += ey / len;
    }
    const len = Math.hypot(dx, dy) || 1;
    return [lat + ((dx / len) * w) / KM_DEG, lon + ((-dy / len) * w) / (KM_DEG * k)];
  });
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
  private readonly lanes = new Map<string, { points: [number, number][]; widths: number[] }[]>();
  private readonly paths = new Map<string, Path>();
  readonly ports = new Map<string, LanePort>();

  constructor(ports: LanePort[], lanes: SeaLane[]) {
    for (const p of ports) this.ports.set(p.locode, p);
    for (const l of lanes) {
      const vs = l.variants.map((points, k) => ({ points, widths: l.widthsKm?.[k] ?? points.map(() => 0) }));
      this.lanes.set(`${l.from}|${l.to}`, vs);
      this.lanes.set(`${l.to}|${l.from}`, vs.map((v) => ({ points: [...v.points].reverse(), widths: [...v.widths].reverse() })));
    }
  }

  has(from: string, to: string): boolean {
    return this.lanes.has(`${from}|${to}`);
  }

  variantCount(from: string, to: string): number {
    return this.lane(from, to).length;
  }

  /** Variant k of the lane, shifted sideways by offset fraction f (one of LANE_OFFSETS). */
  path(from: string, to: string, k = 0, f = 0): Path {
    const key = `${from}|${to}|${k}|${f}`;
    let p = this.paths.get(key);
    if (!p) {
      const v = this.lane(from, to)[k]!;
      p = toPath(offsetPolyline(v.points, v.widths, f));
      this.paths.set(key, p);
    }
    return p;
  }

  private lane(from: string, to: string) {
    const v = this.lanes.get(`${from}|${to}`);
    if (!v) throw new Error(`no sea lane ${from}-${to}`);
    return v;
  }

  port(locode: string): LanePort {
    const p = this.ports.get(locode);
    if (!p) throw new Error(`unknown port ${locode}`);
    return p;
  }
}
