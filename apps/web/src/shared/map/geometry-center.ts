/** Centre of a GeoJSON geometry's bounding box as [lon, lat]; null without coordinates. */
export function geometryCenter(geometry: { coordinates: unknown } | null | undefined): [number, number] | null {
  if (!geometry) return null;
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  const walk = (c: unknown): void => {
    if (!Array.isArray(c)) return;
    if (typeof c[0] === 'number' && typeof c[1] === 'number') {
      w = Math.min(w, c[0]);
      e = Math.max(e, c[0]);
      s = Math.min(s, c[1]);
      n = Math.max(n, c[1]);
      return;
    }
    for (const x of c) walk(x);
  };
  walk(geometry.coordinates);
  return Number.isFinite(w) ? [(w + e) / 2, (s + n) / 2] : null;
}
