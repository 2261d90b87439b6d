import type { FeatureCollection, LineString } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import type { BaseStyleId, MapConfig, MapTheme } from './map-config.ts';

/** Colours of the default (sea) style per theme; overlays read `water` for halos. */
export const PALETTES = {
  light: { water: '#b9d7ea', deep: '#a3c9e2', land: '#f2efe6', coast: '#9fb3bf', graticule: 'rgba(30,60,90,0.18)', text: '#1d2b36', halo: '#ffffff' },
  dark: { water: '#0e1f2e', deep: '#0a1824', land: '#2a3138', coast: '#4c5d6b', graticule: 'rgba(160,190,220,0.15)', text: '#e3eaf0', halo: '#0e1f2e' },
} as const;

/** Lines every 5 degrees (every 1 degree of latitude is too dense at world zoom). */
export function graticule(step = 5): FeatureCollection<LineString> {
  const features: FeatureCollection<LineString>['features'] = [];
  for (let lon = -180; lon <= 180; lon += step) {
    const coordinates: [number, number][] = [];
    for (let lat = -85; lat <= 85; lat += 5) coordinates.push([lon, lat]);
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } });
  }
  for (let lat = -80; lat <= 80; lat += step) {
    const coordinates: [number, number][] = [];
    for (let lon = -180; lon <= 180; lon += 10) coordinates.push([lon, lat]);
    features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } });
  }
  return { type: 'FeatureCollection', features };
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** The offline default: water with a depth tint towards the open sea, land, coastline, graticule. */
export function seaStyle(theme: MapTheme, land: FeatureCollection | null): StyleSpecification {
  const p = PALETTES[theme];
  return {
    version: 8,
    name: `harbor-sea-${theme}`,
    sources: {
      land: { type: 'geojson', data: land ?? EMPTY, tolerance: 0.6 },
      graticule: { type: 'geojson', data: graticule() },
    },
    layers: [
      // Deeper tint far out, lighter near zoomed-in coasts: a hint of depth without bathymetry data.
      { id: 'water', type: 'background', paint: { 'background-color': ['interpolate', ['linear'], ['zoom'], 2, p.deep, 9, p.water] } },
      { id: 'graticule', type: 'line', source: 'graticule', paint: { 'line-color': p.graticule, 'line-width': 1 } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': p.land } },
      { id: 'coastline', type: 'line', source: 'land', paint: { 'line-color': p.coast, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 12, 1.5] } },
    ],
  };
}

function rasterStyle(name: string, url: string, theme: MapTheme, scheme: 'xyz' | 'tms', attribution?: string): StyleSpecification {
  const dark = theme === 'dark';
  return {
    version: 8,
    name,
    sources: { base: { type: 'raster', tiles: [url], tileSize: 256, scheme, maxzoom: 18, ...(attribution ? { attribution } : {}) } },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': PALETTES[theme].water } },
      // The theme darkens a raster instead of needing a second tile set.
      { id: 'base', type: 'raster', source: 'base', paint: dark ? { 'raster-brightness-max': 0.55, 'raster-saturation': -0.4, 'raster-contrast': 0.1 } : {} },
    ],
  };
}

/**
 * The style of a base map for a theme: an object, or a style URL (Street).
 * Returns null when the style is not configured.
 */
export function baseStyle(id: BaseStyleId, theme: MapTheme, config: MapConfig, land: FeatureCollection | null): StyleSpecification | string | null {
  switch (id) {
    case 'sea':
      return seaStyle(theme, land);
    case 'seachart':
      // The tile cache's nautical-charts-s57 layer is TMS (y counted from the south).
      return config.seachartTilesUrl ? rasterStyle('harbor-seachart', config.seachartTilesUrl, theme, 'tms') : null;
    case 'satellite':
      return config.satelliteTilesUrl ? rasterStyle('harbor-satellite', config.satelliteTilesUrl, theme, 'xyz') : null;
    case 'street':
      return config.streetStyleUrl;
  }
}
