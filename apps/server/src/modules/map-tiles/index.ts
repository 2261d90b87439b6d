import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createBaseTiles, type BaseTiles } from './base-tiles.ts';
import { openBasemap, type Basemap } from './basemap.ts';
import { mapTilesRoutes } from './map-tiles.routes.ts';

export { importFairwaysFile } from './fairways.ts';
export { createBaseTiles, BASE_TILE_MAX_ZOOM, BASE_TILE_LAYERS, BASE_TILES_VERSION } from './base-tiles.ts';
export { readCoastFile, decodePolygons, type CoastFile } from './coast-data.ts';

/** A shipped coastline file (coastline/*.json.gz), for other modules' land models (sea routes). */
export function coastlineFileUrl(name: 'gshhg-z6.json.gz' | 'gshhg-z9.json.gz' | 'osm-z6.json.gz' | 'osm-z9.json.gz' | 'ne-outside.json.gz' | 'ne-beyond.json.gz' | 'ne-world.json.gz'): URL {
  return new URL(`./coastline/${name}`, import.meta.url);
}

export interface MapTiles {
  baseTiles: BaseTiles;
  basemap: Basemap | null;
}

/** Base map tiles, styles, the optional PMTiles basemap (BASEMAP_PMTILES) and the fairway layer. */
export async function registerMapTiles(app: FastifyInstance, ctx: AppContext): Promise<MapTiles> {
  const baseTiles = createBaseTiles();
  const file = ctx.config.BASEMAP_PMTILES;
  const basemap = file ? await openBasemap(file) : null;
  if (basemap) app.addHook('onClose', () => basemap.close());
  // A listening server loads the coastline bands ahead (seconds of CPU), so the first pan does
  // not wait for them. Tests (inject, or the browser suite's server under NODE_ENV=test) load
  // them on demand instead of paying for every band in every spec.
  if (ctx.config.NODE_ENV !== 'test') {
    app.addHook('onListen', () => {
      setTimeout(() => baseTiles.warm(), 50).unref();
    });
  }
  mapTilesRoutes(app, ctx, { baseTiles, basemap });
  return { baseTiles, basemap };
}
