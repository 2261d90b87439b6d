import { SEA_ROUTES } from './sea-routes.ts';

export const KM_PER_DEG = 111.32;

export interface Leg {
  lat: number;
  lon: number;
  dLat: number;
  dLon: number;
  /** Unit direction in local km (east, north). */
  ex: number;
  ny: number;
  km: number;
  widthKm: number;
  bearing: number;
}

export interface DirectedRoute {
  from: string;
  to: string;
  legs: Leg[];
  km: number;
}

export function buildLegs(points: [number, number][], widths: number[] = []): Leg[] {
  const legs: Leg[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [la1, lo1] = points[i]!;
    const [la2, lo2] = points[i + 1]!;
    const k = Math.cos(((la1 + la2) / 2) * (Math.PI / 180));
    const dx = (lo2 - lo1) * k * KM_PER_DEG;
    const dy = (la2 - la1) * KM_PER_DEG;
    const km = Math.hypot(dx, dy) || 1e-6;
    const bearing = ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
    legs.push({ lat: la1, lon: lo1, dLat: la2 - la1, dLon: lo2 - lo1, ex: dx / km, ny: dy / km, km, widthKm: widths[i] ?? 0, bearing });
  }
  return legs;
}

export const lengthKm = (legs: Leg[]) => legs.reduce((s, l) => s + l.km, 0);

/** Both directions of every route. */
export const DIRECTED_ROUTES: DirectedRoute[] = SEA_ROUTES.flatMap((r) => {
  const there = buildLegs(r.points, r.widthsKm);
  const back = buildLegs([...r.points].reverse(), [...r.widthsKm].reverse());
  const km = lengthKm(there);
  return [
    { from: r.from, to: r.to, legs: there, km },
    { from: r.to, to: r.from, legs: back, km },
  ];
});

export const ROUTES_FROM = new Map<string, number[]>();
DIRECTED_ROUTES.forEach((r, i) => ROUTES_FROM.set(r.from, [...(ROUTES_FROM.get(r.from) ?? []), i]));

/** Deterministic PRNG: the same seed gives the same fleet. */
export { prng } from '@harbor/ais';
