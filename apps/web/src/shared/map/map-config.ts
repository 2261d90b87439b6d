/**
 * Base styles of the map and where their data comes from.
 *
 * 'sea' (Default) needs no URL and no token: the API serves its style and vector
 * tiles (GSHHG full-resolution coastline, OpenStreetMap land around the North Sea, Natural Earth elsewhere, fairways). The
 * others come from build-time settings (Vite env):
 *   VITE_SEACHART_TILES_URL   TMS raster template of the tile cache's 'nautical-charts-s57'
 *                             layer, 256 px, e.g. https://tiles.example/tms/1.0.0/nautical-charts-s57/{z}/{x}/{y}.png
 *   VITE_STREET_STYLE_URL     a MapLibre style JSON URL
 *   VITE_SATELLITE_TILES_URL  XYZ raster template, 256 px
 * Street falls back to the server's PMTiles basemap (BASEMAP_PMTILES) when the API
 * has one (`serverBasemap`, found out at run time). A style without either is shown
 * disabled in the switcher.
 */
export type BaseStyleId = 'sea' | 'seachart' | 'street' | 'satellite';
export type MapTheme = 'light' | 'dark';

export const BASE_STYLES: readonly { id: BaseStyleId; group: 'sea' | 'land' }[] = [
  { id: 'sea', group: 'sea' },
  { id: 'seachart', group: 'sea' },
  { id: 'street', group: 'land' },
  { id: 'satellite', group: 'land' },
];

export interface MapConfig {
  seachartTilesUrl: string | null;
  streetStyleUrl: string | null;
  satelliteTilesUrl: string | null;
  /** The API serves a Street style from a PMTiles archive (probed with `useServerBasemap`). */
  serverBasemap?: boolean;
}

const clean = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function readMapConfig(env: Record<string, unknown> = import.meta.env): MapConfig {
  return {
    seachartTilesUrl: clean(env.VITE_SEACHART_TILES_URL),
    streetStyleUrl: clean(env.VITE_STREET_STYLE_URL),
    satelliteTilesUrl: clean(env.VITE_SATELLITE_TILES_URL),
  };
}

export function isStyleAvailable(id: BaseStyleId, config: MapConfig): boolean {
  switch (id) {
    case 'sea':
      return true; // offline, always configured
    case 'seachart':
      return true; // the chart tile service when configured, else our own layers as a chart (offline)
    case 'street':
      return config.streetStyleUrl !== null || config.serverBasemap === true;
    case 'satellite':
      return config.satelliteTilesUrl !== null;
  }
}

const STYLE_KEY = 'harbor.map.style';
const THEME_KEY = 'harbor.map.theme';

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredStyle(config: MapConfig): BaseStyleId {
  const v = store()?.getItem(STYLE_KEY);
  return BASE_STYLES.some((s) => s.id === v) && isStyleAvailable(v as BaseStyleId, config) ? (v as BaseStyleId) : 'sea';
}

export function readStoredTheme(): MapTheme {
  const v = store()?.getItem(THEME_KEY);
  if (v === 'light' || v === 'dark') return v;
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function storeMapChoice(style: BaseStyleId, theme: MapTheme): void {
  store()?.setItem(STYLE_KEY, style);
  store()?.setItem(THEME_KEY, theme);
}
