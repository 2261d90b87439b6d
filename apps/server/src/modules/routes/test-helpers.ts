import type { LandIndex } from './land-index.ts';

/** Every point on land and every leg crossing the coastline of a route ([lat, lon] points). */
export function landCrossings(land: LandIndex, route: [number, number][]): string[] {
  const bad: string[] = [];
  route.forEach(([lat, lon], i) => {
    if (land.onLand(lat, lon)) bad.push(`point ${i} on land ${lat},${lon}`);
    const next = route[i + 1];
    if (next && land.crosses(lat, lon, next[0], next[1])) bad.push(`leg ${i} ${lat},${lon} -> ${next[0]},${next[1]}`);
  });
  return bad;
}
