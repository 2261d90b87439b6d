import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * The shipped coastline files (`coastline/*.json.gz`, written by
 * `src/cli/build-coastline.ts`): polygons as rings of integer coordinates in
 * 1e-5 degrees (the GSHHG source's own precision, about 1 m), each ring
 * delta-encoded after its first point. Deltas compress to a quarter of plain
 * GeoJSON under gzip, and decoding is one pass without a JSON number per digit.
 */
export const COORD_SCALE = 1e5;

export type Ring = [number, number][];
/** One polygon: outer ring first, holes after. */
export type Polygon = Ring[];

export interface CoastFile {
  version: 1;
  /** Where the data comes from, for the README and the attribution check. */
  source: string;
  /** Boxes [west, south, east, north] the data was cut along: their edges are not coastline. */
  cuts: [number, number, number, number][];
  land: number[][][];
  lakes: number[][][];
}

export function encodeRing(ring: Ring): number[] {
  const out: number[] = [];
  let px = 0;
  let py = 0;
  for (const [lon, lat] of ring) {
    const x = Math.round(lon * COORD_SCALE);
    const y = Math.round(lat * COORD_SCALE);
    out.push(x - px, y - py);
    px = x;
    py = y;
  }
  return out;
}

export function decodeRing(deltas: number[]): Ring {
  const ring: Ring = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < deltas.length; i += 2) {
    x += deltas[i]!;
    y += deltas[i + 1]!;
    ring.push([x / COORD_SCALE, y / COORD_SCALE]);
  }
  return ring;
}

export function encodePolygons(polygons: Polygon[]): number[][][] {
  return polygons.map((p) => p.map(encodeRing));
}

export function decodePolygons(encoded: number[][][]): Polygon[] {
  return encoded.map((p) => p.map(decodeRing));
}

export function readCoastFile(url: URL): CoastFile {
  const file = JSON.parse(gunzipSync(readFileSync(url)).toString('utf8')) as CoastFile;
  if (file.version !== 1) throw new Error(`${url.pathname}: unknown coastline file version ${String(file.version)}`);
  return file;
}
