import type { LandIndex } from './land-index.ts';
import type { LatLon } from './sea-graph.ts';

/**
 * Straightens a graph path: from each kept point, goes on while the leg to the
 * next point still crosses no land, and keeps the last one that does. Removes
 * the grid's staircase; every kept leg is checked, so the result stays at sea.
 * Pinned points (lane vertices: water ships were seen to sail) are always kept,
 * so a learned lane is followed, not cut across.
 */
export function straighten(points: readonly LatLon[], land: LandIndex, pinned: readonly boolean[] = []): LatLon[] {
  if (points.length <= 2) return points.map((p) => [p[0], p[1]]);
  const out: LatLon[] = [[points[0]![0], points[0]![1]]];
  let anchor = points[0]!;
  for (let i = 1; i < points.length - 1; i++) {
    const next = points[i + 1]!;
    if (pinned[i] || land.crosses(anchor[0], anchor[1], next[0], next[1])) {
      anchor = points[i]!;
      out.push([anchor[0], anchor[1]]);
    }
  }
  const last = points.at(-1)!;
  out.push([last[0], last[1]]);
  return out;
}

/** Corner cuts at most this far (km) along each leg: a smoothed route hugs its lane. */
const MAX_CUT_KM = 8;

/**
 * `passes` rounds of corner cutting (Chaikin): each corner is replaced by two
 * points a quarter of the way along its legs (at most MAX_CUT_KM), unless the
 * new short leg between them would cross land, when the corner stays. The
 * first and last points never move.
 */
export function smooth(points: readonly LatLon[], passes: number, land: LandIndex): LatLon[] {
  let cur = points.map((p): LatLon => [p[0], p[1]]);
  for (let pass = 0; pass < passes && cur.length > 2; pass++) {
    const out: LatLon[] = [cur[0]!];
    for (let i = 1; i < cur.length - 1; i++) {
      const [a, p, b] = [cur[i - 1]!, cur[i]!, cur[i + 1]!];
      const q = towards(p, a, cutFraction(p, a));
      const r = towards(p, b, cutFraction(p, b));
      if (land.crosses(q[0], q[1], r[0], r[1])) out.push(p);
      else out.push(q, r);
    }
    out.push(cur.at(-1)!);
    cur = out;
  }
  return cur;
}

/** A quarter of the leg, capped in km: two cuts on one leg never overlap. */
function cutFraction(p: LatLon, other: LatLon): number {
  const km = Math.hypot((other[1] - p[1]) * Math.cos((p[0] * Math.PI) / 180) * 111.32, (other[0] - p[0]) * 110.57);
  return km === 0 ? 0 : Math.min(0.25, MAX_CUT_KM / km);
}

function towards(p: LatLon, q: LatLon, f: number): LatLon {
  return [p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f];
}
