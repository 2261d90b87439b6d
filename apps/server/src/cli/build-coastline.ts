/**
 * Builds the base map's shipped coastline (apps/server/src/modules/map-tiles/coastline/)
 * from the full-resolution GSHHG extract and Natural Earth:
 *
 *   npx tsx apps/server/src/cli/build-coastline.ts [--source DIR]
 *
 * DIR defaults to ../shared/data/geo/coastline (gshhg-full-land-baltic.geojson and
 * gshhg-full-lakes-baltic.geojson, GSHHG 2.3.7 full resolution, box 9-31E 53-66.2N).
 * Natural Earth comes from the world-atlas npm package (land-50m, land-10m).
 *
 * Output (gzip JSON, see map-tiles/coast-data.ts):
 *   gshhg-z6.json.gz    GSHHG land + lakes for zoom 6-8, simplified to 100 m (under a pixel at z8)
 *   gshhg-z9.json.gz    GSHHG land + lakes for zoom 9+, simplified to 4 m (coast within 20 m at z15)
 *   ne-world.json.gz    Natural Earth 1:50m land, whole world, zoom 0-5
 *   osm-z6.json.gz      the North Sea and Norwegian coasts around the GSHHG box (NE10_BOX less
 *   osm-z9.json.gz      GSHHG_BOX): OpenStreetMap-derived land at 100 m (geo-maps earth-lands-100m,
 *                       ODbL), simplified to 150 m for zoom 6-8, as it is for zoom 9+
 *   ne-beyond.json.gz   zoom 6+ beyond the North Sea box: Natural Earth 1:50m
 *   ne-outside.json.gz  Natural Earth 1:10m within the North Sea box (outside the GSHHG box) and
 *                       1:50m beyond: the sea-route grid's land there (routes/land-source.ts)
 * The server reads only these files at run time.
 *
 * The OpenStreetMap land is not a dependency (a 27 MB download): `npm install --no-save
 * @geo-maps/earth-lands-100m` first, or give `--osm FILE` (its map.geo.json).
 */
import { readFileSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import polygonClipping from 'polygon-clipping';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Geometry } from 'geojson';
import { encodePolygons, type CoastFile, type Polygon, type Ring } from '../modules/map-tiles/coast-data.ts';
import { clipRing } from '../modules/map-tiles/box-clip.ts';
import { GSHHG_BOX, NE10_BOX, OSM_BOXES, type Box } from '../modules/map-tiles/regions.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const OUT = path.join(ROOT, 'apps/server/src/modules/map-tiles/coastline');
const argSource = process.argv.indexOf('--source');
const argOsm = process.argv.indexOf('--osm');
const SOURCE = argSource > 0 ? path.resolve(process.argv[argSource + 1]!) : path.resolve(ROOT, '../shared/data/geo/coastline');

const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LON_EQ = 111_320;

function polygonsOf(g: Geometry): Polygon[] {
  if (g.type === 'Polygon') return [g.coordinates as Polygon];
  if (g.type === 'MultiPolygon') return g.coordinates as Polygon[];
  if (g.type === 'GeometryCollection') return g.geometries.flatMap(polygonsOf);
  return [];
}

function readGshhg(file: string): Polygon[] {
  const json = JSON.parse(readFileSync(path.join(SOURCE, file), 'utf8')) as Geometry | { type: 'FeatureCollection'; features: { geometry: Geometry }[] };
  return json.type === 'FeatureCollection' ? json.features.flatMap((f) => polygonsOf(f.geometry)) : polygonsOf(json);
}

/** Douglas-Peucker in local metres (longitude scaled by the cosine of the ring's latitude). */
function simplifyRing(ring: Ring, toleranceM: number): Ring {
  if (ring.length <= 4 || toleranceM <= 0) return ring;
  const kx = M_PER_DEG_LON_EQ * Math.cos((ring[0]![1] * Math.PI) / 180);
  const xs = ring.map((p) => p[0] * kx);
  const ys = ring.map((p) => p[1] * M_PER_DEG_LAT);
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[ring.length - 1] = 1;
  // A closed ring's first and last points coincide: split it at its farthest point so both halves have a base.
  let far = 1;
  let farD = -1;
  for (let i = 1; i < ring.length - 1; i++) {
    const d = (xs[i]! - xs[0]!) ** 2 + (ys[i]! - ys[0]!) ** 2;
    if (d > farD) [far, farD] = [i, d];
  }
  keep[far] = 1;
  const tol2 = toleranceM * toleranceM;
  const stack: [number, number][] = [[0, far], [far, ring.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const ax = xs[a]!, ay = ys[a]!, dx = xs[b]! - ax, dy = ys[b]! - ay;
    const len2 = dx * dx + dy * dy;
    let best = -1;
    let bestD = tol2;
    for (let i = a + 1; i < b; i++) {
      let t = len2 > 0 ? ((xs[i]! - ax) * dx + (ys[i]! - ay) * dy) / len2 : 0;
      t = Math.max(0, Math.min(1, t));
      const d = (xs[i]! - ax - t * dx) ** 2 + (ys[i]! - ay - t * dy) ** 2;
      if (d > bestD) [best, bestD] = [i, d];
    }
    if (best >= 0) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return ring.filter((_, i) => keep[i] === 1);
}

/** Planar area in square metres (shoelace on the local projection). */
function ringAreaM2(ring: Ring): number {
  const kx = M_PER_DEG_LON_EQ * Math.cos((ring[0]![1] * Math.PI) / 180);
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) s += (ring[j]![0] * kx) * (ring[i]![1] * M_PER_DEG_LAT) - (ring[i]![0] * kx) * (ring[j]![1] * M_PER_DEG_LAT);
  return Math.abs(s / 2);
}

function simplifyPolygons(polygons: Polygon[], toleranceM: number, minAreaM2: number, hole = { minAreaM2, minPoints: 4 }): Polygon[] {
  const out: Polygon[] = [];
  for (const poly of polygons) {
    const outer = simplifyRing(poly[0]!, toleranceM);
    if (outer.length < 4 || ringAreaM2(outer) < minAreaM2) continue;
    const holes = poly.slice(1).map((r) => simplifyRing(r, toleranceM)).filter((r) => r.length >= hole.minPoints && ringAreaM2(r) >= hole.minAreaM2);
    out.push([outer, ...holes]);
  }
  return out;
}

const boxPolygon = ([w, s, e, n]: Box): Polygon => [[[w, s], [e, s], [e, n], [w, n], [w, s]]];

function bboxOf(poly: Polygon): Box {
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const [x, y] of poly[0]!) [w, s, e, n] = [Math.min(w, x), Math.min(s, y), Math.max(e, x), Math.max(n, y)];
  return [w, s, e, n];
}

const overlaps = (a: Box, b: Box) => a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1];
const inside = (a: Box, b: Box) => a[0] >= b[0] && a[2] <= b[2] && a[1] >= b[1] && a[3] <= b[3];

/** Polygon by polygon (a degenerate one cannot spoil the rest), skipping those the box does not touch. */
function clip(polygons: Polygon[], box: Box, keep: 'inside' | 'outside'): Polygon[] {
  const out: Polygon[] = [];
  const boxPoly = boxPolygon(box);
  for (const poly of polygons) {
    const bb = bboxOf(poly);
    if (!overlaps(bb, box)) {
      if (keep === 'outside') out.push(poly);
      continue;
    }
    if (inside(bb, box)) {
      if (keep === 'inside') out.push(poly);
      continue;
    }
    out.push(...(keep === 'inside' ? polygonClipping.intersection(poly, boxPoly) : polygonClipping.difference(poly, boxPoly)));
  }
  return out;
}

const toPairs = (flat: number[]): Ring => {
  const ring: Ring = [];
  for (let i = 0; i + 1 < flat.length; i += 2) ring.push([flat[i]!, flat[i + 1]!]);
  return ring;
};

/**
 * OpenStreetMap-derived land (geo-maps earth-lands-100m: OSM land polygons at an absolute error of
 * 100 m, ODbL) in the North Sea box outside the GSHHG box, cut along OSM_BOXES. Sutherland-Hodgman
 * (as the tile cells are cut): polygon-clipping would take minutes on the Eurasian mainland's ring,
 * and the zero-width bridges it leaves along a box edge draw nothing and are not coastline (cuts).
 */
function openStreetMapLand(): Polygon[] {
  const file = argOsm > 0 ? path.resolve(process.argv[argOsm + 1]!) : resolveOptional('@geo-maps/earth-lands-100m/map.geo.json');
  if (!file) throw new Error('OpenStreetMap land not found: run `npm install --no-save @geo-maps/earth-lands-100m` or give --osm FILE');
  const json = JSON.parse(readFileSync(file, 'utf8')) as Geometry;
  const out: Polygon[] = [];
  for (const poly of polygonsOf(json)) {
    const bb = bboxOf(poly);
    if (!overlaps(bb, NE10_BOX)) continue;
    for (const box of OSM_BOXES) {
      if (!overlaps(bb, box)) continue;
      const outer = inside(bb, box) ? poly[0]! : clipRing(poly[0]!.flat(), box);
      if (!outer) continue;
      const holes = poly.slice(1).flatMap((h) => {
        const c = clipRing(h.flat(), box);
        return c ? [toPairs(c)] : [];
      });
      out.push([Array.isArray(outer[0]) ? (outer as Ring) : toPairs(outer as number[]), ...holes]);
    }
  }
  return out;
}

function resolveOptional(id: string): string | null {
  try {
    return createRequire(import.meta.url).resolve(id);
  } catch {
    return null;
  }
}

function naturalEarth(scale: '50m' | '10m'): Polygon[] {
  const require = createRequire(import.meta.url);
  const topo = JSON.parse(readFileSync(require.resolve(`world-atlas/land-${scale}.json`), 'utf8')) as Topology<{ land: GeometryCollection }>;
  const fc = feature(topo, topo.objects.land);
  return fc.features.flatMap((f) => polygonsOf(f.geometry));
}

const pointCount = (ps: Polygon[]) => ps.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0);

function write(name: string, file: Pick<CoastFile, 'source' | 'cuts'>, polys: { land: Polygon[]; lakes: Polygon[] }): void {
  const body: CoastFile = { version: 1, ...file, land: encodePolygons(polys.land), lakes: encodePolygons(polys.lakes) };
  const target = path.join(OUT, name);
  writeFileSync(target, gzipSync(JSON.stringify(body), { level: 9 }));
  console.log(`${name}: ${polys.land.length} land polygons, ${polys.lakes.length} lakes, ${pointCount([...polys.land, ...polys.lakes])} points, ${(statSync(target).size / 1024).toFixed(0)} KB`);
}

mkdirSync(OUT, { recursive: true });
const GSHHG = 'GSHHG 2.3.7 full resolution (Wessel & Smith, LGPL-3.0-or-later), levels 1 (land) and 2-3 (lakes)';
const land = readGshhg('gshhg-full-land-baltic.geojson');
const lakes = readGshhg('gshhg-full-lakes-baltic.geojson');
console.log(`source: ${land.length} land polygons, ${lakes.length} lakes, ${pointCount([...land, ...lakes])} points`);

// z6-8: a pixel at z8 (512 px tiles, 60N) is about 150 m; 100 m and islands under ~0.5 px^2 are invisible there.
// (The source's vertices are 130 m apart at the median: finer tolerances hardly thin it.)
write('gshhg-z6.json.gz', { source: `${GSHHG}, simplified to 100 m`, cuts: [GSHHG_BOX] }, { land: simplifyPolygons(land, 100, 10_000), lakes: simplifyPolygons(lakes, 100, 10_000) });
// z9+: 4 m keeps every vertex that matters for "within 20 m at z15" and drops the collinear ones.
write('gshhg-z9.json.gz', { source: `${GSHHG}, simplified to 4 m`, cuts: [GSHHG_BOX] }, { land: simplifyPolygons(land, 4, 0), lakes: simplifyPolygons(lakes, 4, 0) });

const ne50 = naturalEarth('50m');
const ne10 = naturalEarth('10m');
write('ne-world.json.gz', { source: 'Natural Earth 1:50m land 4.1.0 (public domain) via world-atlas 2.0.2', cuts: [] }, { land: ne50, lakes: [] });
const osm = openStreetMapLand();
const OSM = 'OpenStreetMap land (c) OpenStreetMap contributors, ODbL 1.0, via geo-maps earth-lands-100m 0.6.0 (100 m), within -5..32E 50..67N outside the GSHHG box';
// Lakes are holes in this land. The source's 100 m simplification left small ones as triangles and
// diamonds that read as artefacts on the map: only lakes of 0.25 km² and at least six corners stay.
const OSM_LAKES = { minAreaM2: 250_000, minPoints: 7 };
const OSM_CUTS = [...OSM_BOXES, NE10_BOX, GSHHG_BOX];
write('osm-z6.json.gz', { source: `${OSM}, simplified to 150 m`, cuts: OSM_CUTS }, { land: simplifyPolygons(osm, 150, 20_000, OSM_LAKES), lakes: [] });
write('osm-z9.json.gz', { source: OSM, cuts: OSM_CUTS }, { land: simplifyPolygons(osm, 2, 0, OSM_LAKES), lakes: [] });
write('ne-beyond.json.gz', { source: 'Natural Earth 1:50m land 4.1.0 (public domain) via world-atlas 2.0.2, beyond the North Sea box', cuts: [NE10_BOX] }, { land: clip(ne50, NE10_BOX, 'outside'), lakes: [] });
write(
  'ne-outside.json.gz',
  { source: 'Natural Earth land 4.1.0 (public domain) via world-atlas 2.0.2: 1:10m within the North Sea box, 1:50m beyond, none inside the GSHHG box', cuts: [GSHHG_BOX, NE10_BOX] },
  { land: [...clip(clip(ne10, NE10_BOX, 'inside'), GSHHG_BOX, 'outside'), ...clip(ne50, NE10_BOX, 'outside')], lakes: [] },
);
