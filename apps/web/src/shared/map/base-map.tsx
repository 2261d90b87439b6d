import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import * as maplibregl from 'maplibre-gl';
import type { Map as MlMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, RESIZE_DEBOUNCE_MS } from '@harbor/contracts';
import { Loading } from '../ui/loading.tsx';
import { absoluteUrl, baseStyle, defaultStyleUrl, styleTransform } from './base-styles.ts';
import { LayerRegistry } from './layer-registry.ts';
import type { BaseStyleId, MapConfig, MapTheme } from './map-config.ts';
import { useServerBasemap } from './use-server-basemap.ts';

// The bundled library cannot find its worker next to itself: the app serves it as an asset.
maplibregl.setWorkerUrl(maplibreWorkerUrl);

export interface MapHandle {
  map: MlMap;
  layers: LayerRegistry;
}

interface BaseMapProps {
  styleId: BaseStyleId;
  theme: MapTheme;
  config: MapConfig;
  onReady(handle: MapHandle | null): void;
  /** Where the map opens (a shared link's view); the default view otherwise. */
  initialView?: { center: [number, number]; zoom: number } | null;
}

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * The MapLibre map filling its parent: base style + theme, resize debounced
 * 100 ms (tracking.md section 9), overlays re-installed after a style switch.
 */
export function BaseMap({ styleId, theme, config, onReady, initialView }: BaseMapProps) {
  const { t } = useTranslation('map');
  const container = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const serverBasemap = useServerBasemap(config.streetStyleUrl === null);
  const initial = useRef({ styleId, theme, view: initialView });
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    if (!webglAvailable()) {
      setFailed(true);
      return;
    }
    const map = new maplibregl.Map({
      container: el,
      // Street on the server's basemap is known only after a probe: the first style is the default then.
      style: baseStyle(initial.current.styleId, initial.current.theme, config) ?? defaultStyleUrl(initial.current.theme),
      transformStyle: styleTransform(initial.current.styleId, initial.current.theme, config),
      // The served styles name their tiles and data with path-absolute URLs (any host, any proxy).
      transformRequest: (url) => ({ url: absoluteUrl(url) }),
      center: initial.current.view?.center ?? [MAP_DEFAULT_CENTER.lng, MAP_DEFAULT_CENTER.lat],
      zoom: initial.current.view?.zoom ?? MAP_DEFAULT_ZOOM,
      maxZoom: 19,
      trackResize: false,
      attributionControl: { compact: true },
      dragRotate: false,
      pitchWithRotate: false,
      // MapLibre re-places every symbol (ship and port labels) each fadeDuration while the camera
      // moves; 900 ms instead of 300 makes that a third as often while panning, and labels fade in slower.
      fadeDuration: 900,
    });
    map.touchZoomRotate.disableRotation();
    // Browser tests and the benchmark reach the map through its container (no global).
    (el as HTMLDivElement & { harborMap?: MlMap }).harborMap = map;
    const layers = new LayerRegistry(map);
    const h = { map, layers };
    map.once('load', () => setLoaded(true));
    setHandle(h);
    onReadyRef.current(h);

    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => map.resize(), RESIZE_DEBOUNCE_MS);
    });
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      onReadyRef.current(null);
      setHandle(null);
      map.remove();
    };
  }, [config]);

  // Base style and theme: a full style swap; overlays come back through the registry.
  const applied = useRef<{ styleId: BaseStyleId; theme: MapTheme }>(initial.current);
  useEffect(() => {
    if (!handle) return;
    if (applied.current.styleId === styleId && applied.current.theme === theme) return;
    const style = baseStyle(styleId, theme, { ...config, serverBasemap });
    if (!style) return;
    applied.current = { styleId, theme };
    handle.layers.styleChanging();
    handle.map.setStyle(style, { diff: false, transformStyle: styleTransform(styleId, theme, config) });
  }, [handle, styleId, theme, config, serverBasemap]);

  return (
    <Box sx={{ position: 'absolute', inset: 0 }}>
      {/* Inline, not sx: MapLibre's own `.maplibregl-map { position: relative }` arrives with a lazy chunk, after
          the theme's styles, and would win the tie; the container would collapse to 0 px height. */}
      <Box ref={container} style={{ position: 'absolute', inset: 0 }} data-testid="map-canvas-container" />
      {failed && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: 2 }}>
          <Alert severity="error">{t('map:webglUnavailable')}</Alert>
        </Box>
      )}
      {!loaded && !failed && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
          <Loading />
        </Box>
      )}
    </Box>
  );
}
