/** Spherical helpers in metres and degrees; accurate enough for sea distances in the Baltic. */

const R = 6_371_008.8;
const RAD = Math.PI / 180;
export const NM = 1852;
/** One knot in metres per second. */
export const KN = NM / 3600;

export function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial bearing from 1 to 2, degrees 0..360. */
export function bearing(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * RAD;
  const p2 = lat2 * RAD;
  const dl = (lon2 - lon1) * RAD;
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/** Smallest difference of two headings, 0..180. */
export function angleDiff(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/**
 * Projection of P on segment AB in a local plane (metres): the fraction along AB (0..1) and
 * the distance from P to that point. Equirectangular: segments are a few km long.
 */
export function projectOnSegment(
  plat: number, plon: number, alat: number, alon: number, blat: number, blon: number,
): { t: number; dist: number } {
  const k = Math.cos(plat * RAD) * RAD * R;
  const ky = RAD * R;
  const ax = (alon - plon) * k;
  const ay = (alat - plat) * ky;
  const bx = (blon - plon) * k;
  const by = (blat - plat) * ky;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const x = ax + t * dx;
  const y = ay + t * dy;
  return { t, dist: Math.sqrt(x * x + y * y) };
}
