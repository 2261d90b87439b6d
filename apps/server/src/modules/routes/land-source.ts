import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature } from 'topojson-client';
import { coastlineFileUrl, decodePolygons, readCoastFile } from '../map-tiles/index.ts';
import { LandIndex, type Box, type Ring } from './land-index.ts';

/**
 * Where sea routes are planned: the Baltic and the North Sea approaches
 * (the shipped UN/LOCODE port set's box, widened west to the Skagerrak and the
 * North Sea coasts).
 */
export const ROUTING_BOX: Box = { west: -4, south: 50, east: 31, north: 66.2 };

/**
 * The land sea routes keep clear of: the coastline the base map draws
 * (map-tiles/coastline): GSHHG full resolution, simplified to 4 m, in the
 * Baltic box (9-31 E, 53-66.2 N), Natural Earth 1:10m around it and 1:50m
 * beyond. Lakes count as land. Both sets are clipped along the same box, so
 * the cut edges pair up and the ray cast of LandIndex.onLand stays right.
 */
export function loadShippedLand(box: Box = ROUTING_BOX): LandIndex {
  const files = (['gshhg-z9.json.gz', 'ne-outside.json.gz'] as const).map((name) => readCoastFile(coastlineFileUrl(name)));
  function* rings(): Generator<Ring> {
    for (const file of files) for (const polygon of decodePolygons(file.land)) yield* polygon;
  }
  // The ray cast stops at 31 E, the Baltic box's east edge: land from 50 to 66.2 N, and the seam
  // where the sets were cut (the Natural Earth cut at 32 E has no partner edge on the 1:50m side).
  return new LandIndex(rings(), box, GSHHG_EAST);
}

/** East edge of the GSHHG part of the shipped coastline. */
const GSHHG_EAST = 31;

/**
 * Natural Earth 1:10m land (world-atlas, the npm package the coastline build
 * reads too): a coarser land model, used when the shipped coastline cannot be
 * read. Nothing is downloaded.
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
