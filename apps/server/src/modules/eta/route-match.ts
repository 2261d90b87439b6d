import { angleDiff, bearing, projectOnSegment } from './geo.ts';
import type { LearnedVoyage } from './knowledge.ts';

/**
 * Where a ship is along a past voyage: the nearest segment of its track (within `maxOffM`,
 * heading the same way), interpolated. The search starts at the segment matched last time
 * (ships move forward along a route), so a report costs a few dozen distance checks, and
 * falls back to the whole track now and then.
 */
export interface RouteMatch {
  msToGo: number;
  metresToGo: number;
  /** The past voyage's speed over ground around that point, m/s. */
  speed: number;
  offM: number;
}

export interface MatchCache {
  idx: number;
  fullAt: number;
}

const STRIDE = 4;
const FULL_SCAN_EVERY_MS = 20 * 60_000;

/** Updates `cache` in place (where the search starts next time). */
export function matchVoyage(
  v: LearnedVoyage,
  lat: number,
  lon: number,
  cog: number | null,
  at: number,
  cache: MatchCache,
  maxOffM: number,
): RouteMatch | null {
  const pts = v.points;
  const n = pts.length / STRIDE;
  if (n < 2) return null;
  // Nothing beyond three times the allowed offset is of use (see the cache below), so the
  // search starts with that as its best: most segments then fail the cheap checks in scan.
  const bound = maxOffM * 3 + 1;
  bestI = -1;
  bestT = 0;
  bestDist = bound;
  if (cache.idx >= 0) scan(pts, n, lat, lon, cache.idx - 2, cache.idx + 10);
  if (bestDist > maxOffM && at - cache.fullAt >= FULL_SCAN_EVERY_MS) {
    if (nearBox(v, lat, lon, bound)) scan(pts, n, lat, lon, 0, n - 1);
    cache.fullAt = at;
  }
  if (bestI < 0 || bestDist > maxOffM) {
    cache.idx = bestDist <= maxOffM * 3 ? bestI : -1;
    return null;
  }
  cache.idx = bestI;
  const o = bestI * STRIDE;
  if (cog !== null) {
    const segLen = Math.abs(pts[o + 3]! - pts[o + 7]!);
    if (segLen > 200 && angleDiff(bearing(pts[o]!, pts[o + 1]!, pts[o + 4]!, pts[o + 5]!), cog) > 75) return null;
  }
  const msToGo = pts[o + 2]! + bestT * (pts[o + 6]! - pts[o + 2]!);
  const metresToGo = pts[o + 3]! + bestT * (pts[o + 7]! - pts[o + 3]!);
  // Speed over a few segments around the point (one 5-minute step is noisy).
  const a = Math.max(0, bestI - 2) * STRIDE;
  const b = Math.min(n - 1, bestI + 2) * STRIDE;
  const dt = (pts[a + 2]! - pts[b + 2]!) / 1000;
  const speed = dt > 0 ? (pts[a + 3]! - pts[b + 3]!) / dt : 0;
  return { msToGo, metresToGo, speed, offM: bestDist };
}

// The search's best so far (module state: no object per segment on the hot path).
let bestI = -1;
let bestT = 0;
let bestDist = Infinity;

/**
 * Metres per degree of latitude, and of longitude at `lat` (where projectOnSegment's plane is
 * centred), both a little under the truth: the cheap rejects never reject a segment in reach.
 */
const M_PER_DEG = 111_000;
const mPerDegLonAt = (lat: number) => M_PER_DEG * Math.cos((Math.min(89, Math.abs(lat) + 1) * Math.PI) / 180);

function scan(pts: number[], n: number, lat: number, lon: number, from: number, to: number) {
  const end = Math.min(n - 1, to);
  const mPerDegLon = mPerDegLonAt(lat);
  for (let i = Math.max(0, from); i < end; i++) {
    const o = i * STRIDE;
    // Cheap rejects: both ends on the same side and farther than the best in latitude, or in longitude, alone.
    const a = pts[o]! - lat;
    const b = pts[o + 4]! - lat;
    if (a * b > 0 && Math.min(Math.abs(a), Math.abs(b)) * M_PER_DEG > bestDist) continue;
    const c = pts[o + 1]! - lon;
    const d = pts[o + 5]! - lon;
    if (c * d > 0 && Math.min(Math.abs(c), Math.abs(d)) * mPerDegLon > bestDist) continue;
    const pr = projectOnSegment(lat, lon, pts[o]!, pts[o + 1]!, pts[o + 4]!, pts[o + 5]!);
    if (pr.dist < bestDist) {
      bestI = i;
      bestT = pr.t;
      bestDist = pr.dist;
    }
  }
}

/** The track's bounding box, worked out once per voyage (its points never change). */
const boxes = new WeakMap<LearnedVoyage, { minLat: number; maxLat: number; minLon: number; maxLon: number }>();

/** Whether (lat, lon) lies within `m` metres of the voyage's bounding box (a little more, never less). */
function nearBox(v: LearnedVoyage, lat: number, lon: number, m: number): boolean {
  let box = boxes.get(v);
  if (!box) {
    box = { minLat: Infinity, maxLat: -Infinity, minLon: Infinity, maxLon: -Infinity };
    for (let o = 0; o < v.points.length; o += STRIDE) {
      box.minLat = Math.min(box.minLat, v.points[o]!);
      box.maxLat = Math.max(box.maxLat, v.points[o]!);
      box.minLon = Math.min(box.minLon, v.points[o + 1]!);
      box.maxLon = Math.max(box.maxLon, v.points[o + 1]!);
    }
    boxes.set(v, box);
  }
  const dLat = m / M_PER_DEG;
  const dLon = m / mPerDegLonAt(lat);
  return lat >= box.minLat - dLat && lat <= box.maxLat + dLat && lon >= box.minLon - dLon && lon <= box.maxLon + dLon;
}
