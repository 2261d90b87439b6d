import type { Box } from './regions.ts';

/**
 * Clipping to an axis-aligned box, for cutting a zoom band's data into cells.
 * Rings are flat [x0, y0, x1, y1, ...] arrays (lon/lat), closed (last = first).
 */

/** Sutherland-Hodgman against the four sides. Edges along the box are fine: cells are cut with a margin no tile shows. */
export function clipRing(ring: ArrayLike<number>, [w, s, e, n]: Box): number[] | null {
  let pts = Array.from(ring);
  const sides: [number, 0 | 1, 1 | -1][] = [
    [w, 0, 1],
    [e, 0, -1],
    [s, 1, 1],
    [n, 1, -1],
  ];
  for (const [edge, axis, dir] of sides) {
    if (pts.length < 6) return null;
    const out: number[] = [];
    const inside = (i: number) => (pts[i + axis]! - edge) * dir >= 0;
    const len = pts.length - 2; // the closing point repeats the first
    for (let i = 0; i < len; i += 2) {
      const j = (i + 2) % len;
      const a = inside(i);
      const b = inside(j);
      if (a) out.push(pts[i]!, pts[i + 1]!);
      if (a !== b) {
        const t = (edge - pts[i + axis]!) / (pts[j + axis]! - pts[i + axis]!);
        const x = pts[i]! + t * (pts[j]! - pts[i]!);
        const y = pts[i + 1]! + t * (pts[j + 1]! - pts[i + 1]!);
        out.push(axis === 0 ? edge : x, axis === 1 ? edge : y);
      }
    }
    if (out.length < 6) return null;
    out.push(out[0]!, out[1]!);
    pts = out;
  }
  return pts.length >= 8 ? pts : null;
}

/** Liang-Barsky per segment; a line leaving and re-entering the box becomes several lines. */
export function clipLine(line: ArrayLike<number>, [w, s, e, n]: Box): number[][] {
  const out: number[][] = [];
  let run: number[] = [];
  const flush = () => {
    if (run.length >= 4) out.push(run);
    run = [];
  };
  for (let i = 0; i + 3 < line.length; i += 2) {
    const x0 = line[i]!, y0 = line[i + 1]!, x1 = line[i + 2]!, y1 = line[i + 3]!;
    const dx = x1 - x0, dy = y1 - y0;
    let t0 = 0, t1 = 1;
    let visible = true;
    for (const [p, q] of [[-dx, x0 - w], [dx, e - x0], [-dy, y0 - s], [dy, n - y0]] as const) {
      if (p === 0) {
        if (q < 0) visible = false;
      } else {
        const r = q / p;
        if (p < 0) t0 = Math.max(t0, r);
        else t1 = Math.min(t1, r);
      }
    }
    if (!visible || t0 > t1) {
      flush();
      continue;
    }
    const ax = x0 + t0 * dx, ay = y0 + t0 * dy;
    if (t0 > 0 || run.length === 0) {
      flush();
      run.push(ax, ay);
    }
    run.push(x0 + t1 * dx, y0 + t1 * dy);
    if (t1 < 1) flush();
  }
  flush();
  return out;
}

export const boxesOverlap = (a: Box, b: Box) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
