import { readFileSync } from 'node:fs';
import type { Geometry } from '@harbor/contracts';
import { bboxOf, containsPoint } from '../geometry.ts';
import { Coast, type Pair, type Ring } from './derive.ts';

/** Test helpers: the coastline the shipped outlines were clipped by, and points to probe an outline with. */

const GEO = '/work/shared/data/geo/coastline';
let coast: Coast | null = null;

export function gshhgCoast(): Coast {
  const rings = (file: string) =>
    (JSON.parse(readFileSync(`${GEO}/${file}`, 'utf8')) as { geometries: { coordinates: Ring[] }[] }).geometries.map((g) => g.coordinates[0]!);
  coast ??= new Coast(rings('gshhg-full-land-baltic.geojson'), rings('gshhg-full-lakes-baltic.geojson'));
  return coast;
}

/**
 * Grid points inside a polygon, pulled in from the rim: the outline's edges
 * are the coast's own, so a point exactly on one says nothing.
 */
export function samplePoints(g: Geometry, steps = 12): Pair[] {
  const b = bboxOf(g);
  const out: Pair[] = [];
  for (let i = 1; i < steps; i++)
    for (let j = 1; j < steps; j++) {
      const p: Pair = [b.minLon + ((b.maxLon - b.minLon) * i) / steps, b.minLat + ((b.maxLat - b.minLat) * j) / steps];
      const d = 0.0002; // about 11-22 m
      if ([[0, 0], [d, 0], [-d, 0], [0, d], [0, -d]].every(([dx, dy]) => containsPoint(g, p[0] + dx!, p[1] + dy!))) out.push(p);
    }
  return out;
}
