import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Feature, FeatureCollection, LineString, Polygon as GeoPolygon } from 'geojson';
import GeoJSONVT, { type LegacyFeature } from 'geojson-vt';
import { LRUCache } from 'lru-cache';
import vtpbf from 'vt-pbf';
import { boxesOverlap, clipLine, clipRing } from './box-clip.ts';
import { decodePolygons, readCoastFile, type Polygon } from './coast-data.ts';
import type { Box } from './regions.ts';

/**
 * The default base map as Mapbox Vector Tiles, cut on demand from the shipped
 * coastline (coastline/, built by src/cli/build-coastline.ts), by zoom:
 *   z0-5  Natural Earth 1:50m, whole world
 *   z6-8  GSHHG full resolution simplified to 100 m in the Baltic box, OpenStreetMap land
 *         (100 m) simplified to 150 m around it up to the North Sea box, Natural Earth 1:50m beyond
 *   z9+   GSHHG simplified to 4 m (the source's own vertices), OpenStreetMap land as it is
 *         around it, Natural Earth 1:50m beyond
 * Layers: `land` and `lakes` (polygons), `coastline` (their outlines without the
 * edges where the data was cut to a box). Cell indexes (geojson-vt, built on a
 * cell's first tile) and built tiles (gzipped) are kept in LRUs.
 */
export const BASE_TILE_MAX_ZOOM = 14;
export const BASE_TILE_LAYERS = ['land', 'lakes', 'coastline'] as const;
const EXTENT = 4096;
const BUFFER = 64;
/** A cell is cut wider than any of its tiles' buffers (64/4096 of a tile), so the cut edges never show. */
const CELL_MARGIN = 0.05;
const DATA = (name: string) => new URL(`./coastline/${name}`, import.meta.url);

interface Band {
  minZoom: number;
  files: string[];
  maxZoom: number;
}

/**
 * A band's tiles are cut from cells, one geojson-vt index per tile of the band's
 * first zoom: a cell build costs in proportion to its data, so the deep zooms get
 * small cells (a z11 cell is 0.18 degrees wide) and the first tile of a cell stays fast.
 */
const NEAR = ['gshhg-z6.json.gz', 'osm-z6.json.gz', 'ne-beyond.json.gz'];
const FULL = ['gshhg-z9.json.gz', 'osm-z9.json.gz', 'ne-beyond.json.gz'];
const BANDS: Band[] = [
  { minZoom: 0, maxZoom: 5, files: ['ne-world.json.gz'] },
  { minZoom: 6, maxZoom: 7, files: NEAR },
  { minZoom: 8, maxZoom: 8, files: NEAR },
  { minZoom: 9, maxZoom: 10, files: FULL },
  { minZoom: 11, maxZoom: BASE_TILE_MAX_ZOOM, files: FULL },
];

const ALL_FILES = [...new Set(BANDS.flatMap((b) => b.files))];

/** Changes with the shipped data (and this schema tag), so tile URLs carrying it can be cached for good. */
export const BASE_TILES_VERSION = (() => {
  const h = createHash('sha256').update('base-tiles-1');
  for (const f of ALL_FILES) h.update(readFileSync(DATA(f)));
  return h.digest('hex').slice(0, 12);
})();

type Cut = [number, number, number, number];

/** A segment lying on a cut box's edge is where the data was clipped, not a shore. */
function onCut(ax: number, ay: number, bx: number, by: number, cuts: Cut[]): boolean {
  const eq = (p: number, q: number) => Math.abs(p - q) < 1e-7;
  for (const [w, s, e, n] of cuts) {
    if ((eq(ax, w) && eq(bx, w)) || (eq(ax, e) && eq(bx, e))) return true;
    if ((eq(ay, s) && eq(by, s)) || (eq(ay, n) && eq(by, n))) return true;
  }
  return false;
}

function shoreLines(ring: Float64Array, cuts: Cut[]): Float64Array[] {
  if (cuts.length === 0) return [ring];
  const out: Float64Array[] = [];
  let start = 0;
  for (let i = 2; i < ring.length; i += 2) {
    if (onCut(ring[i - 2]!, ring[i - 1]!, ring[i]!, ring[i + 1]!, cuts)) {
      if (i - start >= 4) out.push(ring.subarray(start, i));
      start = i;
    }
  }
  if (ring.length - start >= 4) out.push(ring.subarray(start));
  return out;
}

type LayerName = (typeof BASE_TILE_LAYERS)[number];
/** A polygon (outer ring, holes) or a line, as flat lon/lat arrays: a quarter of nested GeoJSON arrays' memory. */
interface Part {
  layer: LayerName;
  rings: Float64Array[];
  bbox: Box;
}

function flatBbox(ring: Float64Array): Box {
  const b: Box = [180, 90, -180, -90];
  for (let i = 0; i < ring.length; i += 2) {
    if (ring[i]! < b[0]) b[0] = ring[i]!;
    if (ring[i]! > b[2]) b[2] = ring[i]!;
    if (ring[i + 1]! < b[1]) b[1] = ring[i + 1]!;
    if (ring[i + 1]! > b[3]) b[3] = ring[i + 1]!;
  }
  return b;
}

/** Parts with more points than this are split in halves until they are not: a cell then clips only pieces near it. */
const MAX_PART_POINTS = 2000;

function pointsOf(rings: ArrayLike<number>[]): number {
  return rings.reduce((n, r) => n + r.length / 2, 0);
}

/**
 * Halves a big polygon (the mainland ring alone has 138k points) or line along the
 * longer side of its box, recursively. Polygon halves meet edge to edge, so fills
 * show no seam; the coastline lines were taken from the whole rings before.
 */
function splitPart(part: Part, out: Part[]): void {
  const [w, s, e, n] = part.bbox;
  if (pointsOf(part.rings) <= MAX_PART_POINTS || (e - w < 0.02 && n - s < 0.01)) {
    out.push(part);
    return;
  }
  const halves: Box[] = e - w >= (n - s) * 2 ? [[w, s, (w + e) / 2, n], [(w + e) / 2, s, e, n]] : [[w, s, e, (s + n) / 2], [w, (s + n) / 2, e, n]];
  for (const half of halves) {
    if (part.layer === 'coastline') {
      for (const line of clipLine(part.rings[0]!, half)) splitPart({ layer: part.layer, rings: [Float64Array.from(line)], bbox: flatBbox(Float64Array.from(line)) }, out);
      continue;
    }
    const outer = clipRing(part.rings[0]!, half);
    if (!outer) continue;
    const holes = part.rings.slice(1).flatMap((h) => {
      const c = clipRing(h, half);
      return c ? [Float64Array.from(c)] : [];
    });
    const ring = Float64Array.from(outer);
    splitPart({ layer: part.layer, rings: [ring, ...holes], bbox: flatBbox(ring) }, out);
  }
}

/** A band's parts with a coarse grid over them (0.5 x 0.25 degree buckets), so a cell looks only at its neighbourhood. */
interface BandData {
  parts: Part[];
  grid: Map<number, number[]>;
  /** Parts over more than WIDE buckets (Natural Earth's world polygons) are looked at by every cell. */
  wide: number[];
}

const WIDE = 64;

const GRID_X = 0.5;
const GRID_Y = 0.25;
const gridKey = (gx: number, gy: number) => gx * 10_000 + gy;

function gridRange([w, s, e, n]: Box): [number, number, number, number] {
  return [Math.floor((Math.max(w, -180) + 180) / GRID_X), Math.floor((Math.max(s, -90) + 90) / GRID_Y), Math.floor((Math.min(e, 180) + 180) / GRID_X), Math.floor((Math.min(n, 90) + 90) / GRID_Y)];
}

function loadBand(band: Band): BandData {
  const parts: Part[] = [];
  const add = (layer: LayerName, polygons: Polygon[], cuts: Cut[]) => {
    for (const p of polygons) {
      const rings = p.map((r) => Float64Array.from(r.flat()));
      splitPart({ layer, rings, bbox: flatBbox(rings[0]!) }, parts);
      for (const ring of rings) for (const line of shoreLines(ring, cuts)) splitPart({ layer: 'coastline', rings: [line], bbox: flatBbox(line) }, parts);
    }
  };
  for (const name of band.files) {
    const file = readCoastFile(DATA(name));
    add('land', decodePolygons(file.land), file.cuts);
    add('lakes', decodePolygons(file.lakes), file.cuts);
  }
  const grid = new Map<number, number[]>();
  const wide: number[] = [];
  parts.forEach((part, i) => {
    const [x0, y0, x1, y1] = gridRange(part.bbox);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > WIDE) {
      wide.push(i);
      return;
    }
    for (let gx = x0; gx <= x1; gx++) for (let gy = y0; gy <= y1; gy++) {
      const k = gridKey(gx, gy);
      const list = grid.get(k);
      if (list) list.push(i);
      else grid.set(k, [i]);
    }
  });
  return { parts, grid, wide };
}

const pairs = (flat: ArrayLike<number>): [number, number][] => {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
};

/** lon/lat box of tile (z, x, y), grown by `margin` of its size on each side. */
export function tileBox(z: number, x: number, y: number, margin = 0): Box {
  const n = 2 ** z;
  const lat = (yy: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * yy) / n))) * 180) / Math.PI;
  const [w, e] = [(x / n) * 360 - 180, ((x + 1) / n) * 360 - 180];
  const [north, south] = [lat(y), lat(y + 1)];
  const mx = (e - w) * margin;
  const my = (north - south) * margin;
  return [w - mx, Math.max(-85.06, south - my), e + mx, Math.min(85.06, north + my)];
}

/** The band's parts inside one cell (a tile of the band's first zoom), clipped to it with a margin wider than a tile's buffer. */
function candidates({ parts, grid, wide }: BandData, box: Box): Part[] {
  const [x0, y0, x1, y1] = gridRange(box);
  // The whole world (band 0) or a wide box: a plain scan is cheaper than the buckets.
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > parts.length) return parts;
  const seen = new Set<number>(wide);
  for (let gx = x0; gx <= x1; gx++) for (let gy = y0; gy <= y1; gy++) for (const i of grid.get(gridKey(gx, gy)) ?? []) seen.add(i);
  return [...seen].sort((a, b) => a - b).map((i) => parts[i]!);
}

function cellCollection(band: BandData, box: Box): FeatureCollection {
  const features: Feature[] = [];
  for (const part of candidates(band, box)) {
    if (!boxesOverlap(part.bbox, box)) continue;
    const whole = part.bbox[0] >= box[0] && part.bbox[2] <= box[2] && part.bbox[1] >= box[1] && part.bbox[3] <= box[3];
    const properties = { layer: part.layer };
    if (part.layer === 'coastline') {
      const lines = whole ? [part.rings[0]!] : clipLine(part.rings[0]!, box);
      for (const l of lines) features.push({ type: 'Feature', properties, geometry: { type: 'LineString', coordinates: pairs(l) } satisfies LineString });
      continue;
    }
    const rings = whole ? part.rings : part.rings.map((r) => clipRing(r, box));
    if (!rings[0]) continue;
    const coordinates = rings.filter((r): r is Float64Array | number[] => r !== null).map(pairs);
    features.push({ type: 'Feature', properties, geometry: { type: 'Polygon', coordinates } satisfies GeoPolygon });
  }
  return { type: 'FeatureCollection', features };
}

export interface BaseTileStats {
  hits: number;
  misses: number;
  cachedTiles: number;
  cachedBytes: number;
  cellsBuilt: number;
  cellsHeld: number;
  bandsLoaded: string[];
}

export interface BaseTiles {
  /** Gzipped MVT bytes (an empty tile is a valid, small answer), or null outside the tile grid. */
  get(z: number, x: number, y: number): Buffer | null;
  stats(): BaseTileStats;
  /** Loads every band's coastline now instead of on its first tile. */
  warm(): void;
  version: string;
}

const EMPTY_LAYER = { features: [] as LegacyFeature[] };

export function createBaseTiles(options: { cacheBytes?: number; maxCells?: number } = {}): BaseTiles {
  // Keyed by the band's files: bands cut from the same data share it.
  const bandParts = new Map<string, BandData>();
  // Cell indexes come and go: a pan across the whole Baltic at z14 must not keep every cell's tiles.
  const cells = new LRUCache<string, GeoJSONVT>({ max: options.maxCells ?? 64 });
  const cache = new LRUCache<string, Buffer>({ maxSize: options.cacheBytes ?? 64 * 1024 * 1024, sizeCalculation: (b) => Math.max(1, b.length) });
  let hits = 0;
  let misses = 0;
  let cellsBuilt = 0;

  function partsOf(bandNo: number): BandData {
    const key = BANDS[bandNo]!.files.join('+');
    let parts = bandParts.get(key);
    if (!parts) bandParts.set(key, (parts = loadBand(BANDS[bandNo]!)));
    return parts;
  }

  function indexFor(bandNo: number, z: number, x: number, y: number): GeoJSONVT {
    const band = BANDS[bandNo]!;
    const shift = z - band.minZoom;
    const [cx, cy] = [x >> shift, y >> shift];
    const key = `${bandNo}/${cx}/${cy}`;
    let index = cells.get(key);
    if (!index) {
      const parts = partsOf(bandNo);
      const box = band.minZoom === 0 ? ([-180, -85.06, 180, 85.06] as Box) : tileBox(band.minZoom, cx, cy, CELL_MARGIN);
      // indexMaxZoom 0: nothing is cut ahead; each tile is cut from its nearest cut ancestor on request.
      index = new GeoJSONVT(cellCollection(parts, box), { maxZoom: band.maxZoom, indexMaxZoom: 0, indexMaxPoints: 0, tolerance: 3, extent: EXTENT, buffer: BUFFER });
      cells.set(key, index);
      cellsBuilt++;
    }
    return index;
  }

  function build(z: number, x: number, y: number): Buffer {
    const bandNo = BANDS.findIndex((b) => z >= b.minZoom && z <= b.maxZoom);
    const tile = indexFor(bandNo, z, x, y).getTile(z, x, y);
    const layers: Record<string, { features: LegacyFeature[] }> = {};
    for (const f of tile?.features ?? []) {
      const name = String(f.tags?.layer ?? 'land');
      (layers[name] ??= { features: [] }).features.push({ ...f, tags: {} } as LegacyFeature);
    }
    // Every layer is present (maybe empty) so styles and tests can rely on them.
    for (const name of BASE_TILE_LAYERS) layers[name] ??= EMPTY_LAYER;
    const pbf = vtpbf.fromGeojsonVt(layers, { version: 2, extent: EXTENT });
    return gzipSync(pbf, { level: 6 });
  }

  return {
    version: BASE_TILES_VERSION,
    get(z, x, y) {
      if (!Number.isInteger(z) || z < 0 || z > BASE_TILE_MAX_ZOOM) return null;
      const n = 2 ** z;
      if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= n || y >= n) return null;
      const key = `${z}/${x}/${y}`;
      const cached = cache.get(key);
      if (cached) {
        hits++;
        return cached;
      }
      misses++;
      const built = build(z, x, y);
      cache.set(key, built);
      return built;
    },
    warm: () => BANDS.forEach((_, i) => partsOf(i)),
    stats: () => ({ hits, misses, cachedTiles: cache.size, cachedBytes: cache.calculatedSize, cellsBuilt, cellsHeld: cells.size, bandsLoaded: [...bandParts.keys()] }),
  };
}
