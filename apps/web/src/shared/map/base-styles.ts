import type { StyleSpecification, TransformStyleFunction } from 'maplibre-gl';
import { BASE_MAP_PALETTES, FAIRWAY_ATTRIBUTION, fairwayLayers } from '@harbor/contracts';
import type { BaseStyleId, MapConfig, MapTheme } from './map-config.ts';

/** Colours of the default (sea) style per theme; overlays read `water` and `halo` (the served style uses the same). */
export const PALETTES = BASE_MAP_PALETTES;

/**
 * The offline default, served by our API: land, lakes and coastline as vector
 * tiles (GSHHG full resolution in the Baltic, OpenStreetMap land around the North Sea, Natural Earth elsewhere) and the
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
      // Without a chart tile service: the served default (our coastline and fairways) recoloured as a chart, see seachartTransform.
      return config.seachartTilesUrl ? rasterStyle('harbor-seachart', config.seachartTilesUrl, theme, 'tms', true) : defaultStyleUrl(theme);
    case 'satellite':
      return config.satelliteTilesUrl ? rasterStyle('harbor-satellite', config.satelliteTilesUrl, theme, 'xyz', false) : null;
    case 'street':
      return config.streetStyleUrl ?? (config.serverBasemap ? serverStreetStyleUrl(theme) : null);
  }
}

/** Paper-chart colours: buff land, pale water, dark coastline, strong fairway and navigation lines. */
type ChartColours = Record<'water' | 'deep' | 'land' | 'coast' | 'fairway', string>;
const CHART: Record<MapTheme, ChartColours> = {
  light: { water: '#eef6fb', deep: '#d6eaf6', land: '#f3e3b3', coast: '#4a4a3a', fairway: '#8e44ad' },
  dark: { water: '#14222e', deep: '#0e1a24', land: '#3b3526', coast: '#c9bf9a', fairway: '#c39bd3' },
};

type Layer = StyleSpecification['layers'][number];

function recolour(layer: Layer, c: ChartColours): Layer {
  const paint = { ...(layer.paint as Record<string, unknown> | undefined) };
  if (layer.id === 'water') paint['background-color'] = ['interpolate', ['linear'], ['zoom'], 2, c.deep, 9, c.water];
  else if (layer.id === 'land') paint['fill-color'] = c.land;
  else if (layer.id === 'lakes') paint['fill-color'] = c.water;
  else if (layer.id === 'coastline') paint['line-color'] = c.coast;
  else if ((layer.id.startsWith('fairway') || layer.id === 'navigation-lines') && (layer.type === 'line' || layer.type === 'fill')) paint[`${layer.type}-color`] = c.fairway;
  else return layer;
  return { ...layer, paint } as Layer;
}

/**
 * The offline Seachart (no S-57 tile service configured): the served default
 * style's own layers (coastline, fairways and navigation lines) in chart
 * colours; berths and anchorages come as the map's zone overlays. Null for
 * every other style (the style is used as served).
 */
export function seachartTransform(id: BaseStyleId, theme: MapTheme, config: MapConfig): TransformStyleFunction | null {
  if (id !== 'seachart' || config.seachartTilesUrl) return null;
  const c = CHART[theme];
  return (_previous, next) => ({ ...next, name: 'harbor-seachart-offline', layers: next.layers.map((l) => recolour(l, c)) });
}

/** transformStyle for setStyle: the chart recolouring, or the style as is (MapLibre keeps the last transform otherwise). */
export function styleTransform(id: BaseStyleId, theme: MapTheme, config: MapConfig): TransformStyleFunction {
  return seachartTransform(id, theme, config) ?? ((_previous, next) => next);
}
