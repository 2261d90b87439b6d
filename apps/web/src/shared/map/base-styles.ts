import type { StyleSpecification } from 'maplibre-gl';
import { BASE_MAP_PALETTES, FAIRWAY_ATTRIBUTION, fairwayLayers } from '@harbor/contracts';
import type { BaseStyleId, MapConfig, MapTheme } from './map-config.ts';

/** Colours of the default (sea) style per theme; overlays read `water` and `halo` (the served style uses the same). */
export const PALETTES = BASE_MAP_PALETTES;

/**
 * The offline default, served by our API: land, lakes and coastline as vector
 * tiles (GSHHG full resolution in the Baltic, Natural Earth elsewhere) and the
 * fairways. Its URLs are path-absolute; `absoluteUrl` (the map's transformRequest)
 * resolves them against this page.
 */
export const defaultStyleUrl = (theme: MapTheme) => `/api/map/styles/default.json?theme=${theme}`;
/** The Street style on the server's PMTiles basemap (BASEMAP_PMTILES), when no street style URL is configured. */
export const serverStreetStyleUrl = (theme: MapTheme) => `/api/map/styles/street.json?theme=${theme}`;

export function absoluteUrl(url: string): string {
  return url.startsWith('/') && typeof window !== 'undefined' ? new URL(url, window.location.href).href : url;
}

function rasterStyle(name: string, url: string, theme: MapTheme, scheme: 'xyz' | 'tms', withFairways: boolean): StyleSpecification {
  const dark = theme === 'dark';
  return {
    version: 8,
    name,
    sources: {
      base: { type: 'raster', tiles: [url], tileSize: 256, scheme, maxzoom: 18 },
      ...(withFairways ? { fairways: { type: 'geojson', data: '/api/map/fairways', attribution: FAIRWAY_ATTRIBUTION } } : {}),
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': PALETTES[theme].water } },
      // The theme darkens a raster instead of needing a second tile set.
      { id: 'base', type: 'raster', source: 'base', paint: dark ? { 'raster-brightness-max': 0.55, 'raster-saturation': -0.4, 'raster-contrast': 0.1 } : {} },
      ...(withFairways ? (fairwayLayers(theme) as StyleSpecification['layers']) : []),
    ],
  };
}

/**
 * The style of a base map for a theme: an object or a style URL.
 * Returns null when the style is not configured.
 */
export function baseStyle(id: BaseStyleId, theme: MapTheme, config: MapConfig): StyleSpecification | string | null {
  switch (id) {
    case 'sea':
      return defaultStyleUrl(theme);
    case 'seachart':
      // The tile cache's nautical-charts-s57 layer is TMS (y counted from the south); our fairways on top.
      return config.seachartTilesUrl ? rasterStyle('harbor-seachart', config.seachartTilesUrl, theme, 'tms', true) : null;
    case 'satellite':
      return config.satelliteTilesUrl ? rasterStyle('harbor-satellite', config.satelliteTilesUrl, theme, 'xyz', false) : null;
    case 'street':
      return config.streetStyleUrl ?? (config.serverBasemap ? serverStreetStyleUrl(theme) : null);
  }
}
