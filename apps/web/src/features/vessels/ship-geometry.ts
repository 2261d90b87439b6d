import type { ShipPosition } from '@harbor/contracts';

const M_PER_DEG = 111_320;

/** Length from the AIS reference point (A + B), null when unknown. */
export function shipLengthM(ship: Pick<ShipPosition, 'referencePoint'>): number | null {
  const { a, b } = ship.referencePoint;
  return a != null && b != null && a + b > 0 ? a + b : null;
}

/** Direction the hull points: heading, else course, else null. */
export function shipDirection(ship: Pick<ShipPosition, 'trueHeading' | 'courseOverGround'>): number | null {
  return ship.trueHeading ?? ship.courseOverGround ?? null;
}

/**
 * To-scale hull outline as a closed [lon, lat] ring: A metres to the bow, B to
 * the stern, C to port, D to starboard of the position, rotated to the heading.
 * Null when the dimensions are unknown.
 */
export function shipOutline(ship: Pick<ShipPosition, 'latitude' | 'longitude' | 'referencePoint' | 'trueHeading' | 'courseOverGround'>): [number, number][] | null {
  const { a, b, c, d } = ship.referencePoint;
  if (a == null || b == null || a + b <= 0) return null;
  const port = c ?? 0;
  const starboard = d ?? 0;
  const width = port + starboard > 0 ? { port, starboard } : { port: (a + b) / 12, starboard: (a + b) / 12 };
  const length = a + b;
  const bowStart = a - Math.min(length * 0.2, 30);
  const mid = (width.starboard - width.port) / 2;
  // x to starboard, y to the bow, metres from the reference point.
  const local: [number, number][] = [
    [-width.port, -b],
    [width.starboard, -b],
    [width.starboard, bowStart],
    [mid, a],
    [-width.port, bowStart],
    [-width.port, -b],
  ];
  const h = ((shipDirection(ship) ?? 0) * Math.PI) / 180;
  const cos = Math.cos(h);
  const sin = Math.sin(h);
  const latScale = M_PER_DEG;
  const lonScale = M_PER_DEG * Math.cos((ship.latitude * Math.PI) / 180);
  return local.map(([x, y]) => {
    const east = x * cos + y * sin;
    const north = -x * sin + y * cos;
    return [ship.longitude + east / lonScale, ship.latitude + north / latScale];
  });
}
