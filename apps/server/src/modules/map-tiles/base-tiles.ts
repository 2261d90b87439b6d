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
 * coastline (coastline/, built by src/cli/build-coastline.ts). Three zoom bands, each
 * one geojson-vt index built on its first tile:
 *   z0-5  Natural Earth 1:50m, whole world
 *   z6-8  GSHHG full resolution simplified to 100 m in the Baltic box, Natural Earth around it
 *   z9+   GSHHG simplified to 4 m (the source's own vertices), Natural Earth around it
 * Layers: `land` and `lakes` (polygons), `coastline` (their outlines without the
 * edges where the data was cut to a box). Built tiles are kept gzipped in an LRU.
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

const BANDS: Band[] = [
  { minZoom: 0, maxZoom: 5, files: ['ne-world.json.gz'] },
  { minZoom: 6, maxZoom: 8, files: ['gshhg-z6.json.gz', 'ne-outside.json.gz'] },
  { minZoom: 9, maxZoom: BASE_TILE_MAX_ZOOM, files: ['gshhg-z9.json.gz', 'ne-outside.json.gz'] },
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

function loadBand(band: Band): Part[] {
  const parts: Part[] = [];
  const add = (layer: LayerName, polygons: Polygon[], cuts: Cut[]) => {
    for (const p of polygons) {
      const rings = p.map((r) => Float64Array.from(r.flat()));
      parts.push({ layer, rings, bbox: flatBbox(rings[0]!) });
      for (const ring of rings) for (const line of shoreLines(ring, cuts)) parts.push({ layer: 'coastline', rings: [line], bbox: flatBbox(line) });
    }
  };
  for (const name of band.files) {
    const file = readCoastFile(DATA(name));
    add('land', decodePolygons(file.land), file.cuts);
    add('lakes', decodePolygons(file.lakes), file.cuts);
  }
  return parts;
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
function cellCollection(parts: Part[], box: Box): FeatureCollection {
  const features: Feature[] = [];
  for (const part of parts) {
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
  bandsLoaded: number[];
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
  const bandParts = new Map<number, Part[]>();
  // Cell indexes come and go: a pan across the whole Baltic at z14 must not keep every cell's tiles.
  const cells = new LRUCache<string, GeoJSONVT>({ max: options.maxCells ?? 24 });
  const cache = new LRUCache<string, Buffer>({ maxSize: options.cacheBytes ?? 64 * 1024 * 1024, sizeCalculation: (b) => Math.max(1, b.length) });
  let hits = 0;
  let misses = 0;
  let cellsBuilt = 0;

  function partsOf(bandNo: number): Part[] {
    let parts = bandParts.get(bandNo);
    if (!parts) bandParts.set(bandNo, (parts = loadBand(BANDS[bandNo]!)));
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
