import { layers as protomapsLayers, namedFlavor } from '@protomaps/basemaps';
import { BASE_MAP_ATTRIBUTION, BASE_MAP_PALETTES, FAIRWAY_ATTRIBUTION, fairwayLayers, type MapThemeName } from '@harbor/contracts';
import { BASE_TILE_MAX_ZOOM } from './base-tiles.ts';

/**
 * MapLibre styles served by the API. URLs are path-absolute (`/tiles/...`): the
 * web app resolves them against its own origin, so the same style works behind
 * any host name or proxy.
 */
export const BASE_TILES_PATH = '/tiles/base/{z}/{x}/{y}.pbf';
export const BASEMAP_TILES_PATH = '/tiles/basemap/{z}/{x}/{y}.mvt';
export const FAIRWAYS_PATH = '/api/map/fairways';

/** The offline default: water with a depth tint, land, lakes and coastline from our tiles, fairways on top. */
export function defaultStyle(theme: MapThemeName, tilesVersion: string): Record<string, unknown> {
  const p = BASE_MAP_PALETTES[theme];
  return {
    version: 8,
    name: `harbor-default-${theme}`,
    sources: {
      base: {
        type: 'vector',
        tiles: [`${BASE_TILES_PATH}?v=${tilesVersion}`],
        minzoom: 0,
        // Deeper zooms over-zoom the z14 tiles: a z14 tile's grid is 0.3 m at 60N.
        maxzoom: BASE_TILE_MAX_ZOOM,
        attribution: BASE_MAP_ATTRIBUTION,
      },
      fairways: { type: 'geojson', data: FAIRWAYS_PATH, attribution: FAIRWAY_ATTRIBUTION },
    },
    layers: [
      // Deeper tint far out, lighter near zoomed-in coasts: a hint of depth without bathymetry data.
      { id: 'water', type: 'background', paint: { 'background-color': ['interpolate', ['linear'], ['zoom'], 2, p.deep, 9, p.water] } },
      { id: 'land', type: 'fill', source: 'base', 'source-layer': 'land', paint: { 'fill-color': p.land, 'fill-antialias': false } },
      { id: 'lakes', type: 'fill', source: 'base', 'source-layer': 'lakes', paint: { 'fill-color': p.water } },
      { id: 'coastline', type: 'line', source: 'base', 'source-layer': 'coastline', paint: { 'line-color': p.coast, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 12, 1.2, 16, 2] } },
      ...fairwayLayers(theme),
    ],
  };
}

/** The Street style on the PMTiles basemap: Protomaps' own layers, without labels (they need glyphs from the internet). */
export function streetStyle(theme: MapThemeName, archive: { minZoom: number; maxZoom: number; bounds: [number, number, number, number]; attribution: string }): Record<string, unknown> {
  return {
    version: 8,
    name: `harbor-street-${theme}`,
    sources: {
      protomaps: {
        type: 'vector',
        tiles: [BASEMAP_TILES_PATH],
        minzoom: archive.minZoom,
        maxzoom: archive.maxZoom,
        bounds: archive.bounds,
        attribution: archive.attribution,
      },
    },
    layers: protomapsLayers('protomaps', namedFlavor(theme)),
  };
}
