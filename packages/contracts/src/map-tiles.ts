import { z } from 'zod';

/**
 * The server's base map: vector tiles of land, lakes and coastline
 * (`/tiles/base/{z}/{x}/{y}.pbf`), the styles that use them
 * (`/api/map/styles/{name}.json`), the optional PMTiles basemap
 * (`/tiles/basemap/{z}/{x}/{y}.mvt`) and the fairway layer (`/api/map/fairways`).
 */
export const MAP_THEMES = ['light', 'dark'] as const;
export type MapThemeName = (typeof MAP_THEMES)[number];
/** `default`: the offline sea map from our tiles; `street`: the PMTiles basemap (BASEMAP_PMTILES). */
export const MAP_STYLE_NAMES = ['default', 'street'] as const;
export type MapStyleName = (typeof MAP_STYLE_NAMES)[number];

export const mapStyleParamsSchema = z.object({ name: z.enum(MAP_STYLE_NAMES) });
export const mapStyleQuerySchema = z.object({ theme: z.enum(MAP_THEMES).default('light') });

const tileCoord = z.coerce.number().int().min(0);
export const tileParamsSchema = z.object({ z: tileCoord.max(24), x: tileCoord, y: tileCoord });
export const tileQuerySchema = z.object({ v: z.string().max(40).optional() });

/** Shown by the map's attribution control; the licence texts ship beside the data. */
export const BASE_MAP_ATTRIBUTION =
  '<a href="https://www.soest.hawaii.edu/pwessel/gshhg/" target="_blank" rel="noopener">GSHHG</a> (LGPL) · © <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a> contributors (ODbL) · <a href="https://www.naturalearthdata.com/" target="_blank" rel="noopener">Natural Earth</a>';
export const FAIRWAY_ATTRIBUTION =
  'Fairways © <a href="https://www.vayla.fi/" target="_blank" rel="noopener">Finnish Transport Infrastructure Agency</a> (CC BY 4.0)';

/** Colours of the default (sea) style per theme; map overlays read `water` and `halo`. */
export const BASE_MAP_PALETTES = {
  light: { water: '#b9d7ea', deep: '#a3c9e2', land: '#f2efe6', coast: '#9fb3bf', graticule: 'rgba(30,60,90,0.18)', text: '#1d2b36', halo: '#ffffff', fairway: '#3b7fc4', vts: '#c0392b' },
  dark: { water: '#0e1f2e', deep: '#0a1824', land: '#2a3138', coast: '#4c5d6b', graticule: 'rgba(160,190,220,0.15)', text: '#e3eaf0', halo: '#0e1f2e', fairway: '#6fa8dc', vts: '#e06666' },
} as const;

export const FAIRWAY_KINDS = ['fairway-area', 'navigation-line', 'vts-line'] as const;
export type FairwayKind = (typeof FAIRWAY_KINDS)[number];

const position = z.tuple([z.number(), z.number()]);
export const fairwayFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.union([
    z.object({ type: z.literal('LineString'), coordinates: z.array(position) }),
    z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(position))) }),
    z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(position)) }),
  ]),
  properties: z.object({
    kind: z.enum(FAIRWAY_KINDS),
    name: z.string().nullable(),
    fairwayNumber: z.number().int().nullable(),
  }).catchall(z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export const fairwayFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(fairwayFeatureSchema),
});
export type FairwayFeatureCollection = z.infer<typeof fairwayFeatureCollectionSchema>;

/**
 * MapLibre layers of the fairway source (`fairways`), the same on the Default style
 * (served) and on the Seachart style (built in the web app): plain objects, so
 * contracts needs no map library.
 */
export function fairwayLayers(theme: MapThemeName, source = 'fairways'): Record<string, unknown>[] {
  const p = BASE_MAP_PALETTES[theme];
  return [
    { id: 'fairway-areas', type: 'fill', source, minzoom: 8, filter: ['==', ['get', 'kind'], 'fairway-area'], paint: { 'fill-color': p.fairway, 'fill-opacity': 0.12 } },
    { id: 'fairway-area-edges', type: 'line', source, minzoom: 10, filter: ['==', ['get', 'kind'], 'fairway-area'], paint: { 'line-color': p.fairway, 'line-opacity': 0.5, 'line-width': 0.8 } },
    { id: 'navigation-lines', type: 'line', source, minzoom: 8, filter: ['==', ['get', 'kind'], 'navigation-line'], paint: { 'line-color': p.fairway, 'line-width': ['interpolate', ['linear'], ['zoom'], 8, 0.8, 14, 2], 'line-dasharray': [4, 2] } },
    { id: 'vts-lines', type: 'line', source, minzoom: 5, filter: ['==', ['get', 'kind'], 'vts-line'], paint: { 'line-color': p.vts, 'line-width': 1.2, 'line-dasharray': [2, 2] } },
  ];
}
