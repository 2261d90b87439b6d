import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature } from 'topojson-client';
import { LandIndex, type Box, type Ring } from './land-index.ts';

/**
 * Where sea routes are planned: the Baltic and the North Sea approaches
 * (the shipped UN/LOCODE port set's box, widened west to the Skagerrak and the
 * North Sea coasts).
 */
export const ROUTING_BOX: Box = { west: -4, south: 50, east: 31, north: 66.2 };

/**
 * Natural Earth 1:10m land (world-atlas, an npm dependency the web app's base
 * map uses too): the land model sea routes keep clear of. Read from
 * node_modules, nothing is downloaded.
 */
export function loadNaturalEarthLand(box: Box = ROUTING_BOX): LandIndex {
  const file = createRequire(import.meta.url).resolve('world-atlas/land-10m.json');
  const topo = JSON.parse(readFileSync(file, 'utf8')) as Topology<{ land: GeometryCollection }>;
  const land = feature(topo, topo.objects.land);
  return new LandIndex(ringsOf(land.features.map((f) => f.geometry)), box);
}

export function* ringsOf(geometries: Iterable<{ type: string; coordinates?: unknown } | null>): Generator<Ring> {
  for (const g of geometries) {
    if (g?.type === 'Polygon') yield* g.coordinates as Ring[];
    else if (g?.type === 'MultiPolygon') for (const p of g.coordinates as Ring[][]) yield* p;
  }
}
