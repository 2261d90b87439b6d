import type { Geometry } from '@harbor/contracts';

/** Small planar geometry helpers; lon/lat degrees, fine at port scale. */

export type Position = [number, number];
export interface Box {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']);

function isPosition(p: unknown): p is Position {
  return (
    Array.isArray(p) &&
    p.length >= 2 &&
    typeof p[0] === 'number' &&
    typeof p[1] === 'number' &&
    Math.abs(p[0]) <= 180 &&
    Math.abs(p[1]) <= 90
  );
}

function positionsOf(coords: unknown, out: Position[] = []): Position[] {
  if (isPosition(coords)) out.push(coords);
  else if (Array.isArray(coords)) for (const c of coords) positionsOf(c, out);
  return out;
}

/** A usable GeoJSON geometry, or null (unknown type, no or out-of-range coordinates). */
export function validGeometry(g: unknown): Geometry | null {
  if (!g || typeof g !== 'object') return null;
  const { type, coordinates } = g as { type?: unknown; coordinates?: unknown };
  if (typeof type !== 'string' || !GEOMETRY_TYPES.has(type) || !Array.isArray(coordinates)) return null;
  const all = positionsOf(coordinates);
  if (all.length === 0) return null;
  return { type: type as Geometry['type'], coordinates };
}

export function bboxOf(g: Geometry): Box {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const [lon, lat] of positionsOf(g.coordinates)) {
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  }
  return { minLon, minLat, maxLon, maxLat };
}

function inRing(lon: number, lat: number, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inPolygon(lon: number, lat: number, rings: Position[][]): boolean {
  if (!rings[0] || !inRing(lon, lat, rings[0])) return false;
  // Later rings are holes.
  return !rings.slice(1).some((hole) => inRing(lon, lat, hole));
}

/** Point in a Polygon or MultiPolygon; other geometry types contain nothing. */
export function containsPoint(g: Geometry, lon: number, lat: number): boolean {
  if (g.type === 'Polygon') return inPolygon(lon, lat, g.coordinates as Position[][]);
  if (g.type === 'MultiPolygon') return (g.coordinates as Position[][][]).some((p) => inPolygon(lon, lat, p));
  return false;
}

export function boxContains(b: Box, lon: number, lat: number): boolean {
  return lon >= b.minLon && lon <= b.maxLon && lat >= b.minLat && lat <= b.maxLat;
}
