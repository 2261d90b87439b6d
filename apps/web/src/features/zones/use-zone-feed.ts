import type { Map as MlMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { fetchZones } from './api/use-zone-queries.ts';
import { ZONES_MIN_ZOOM, type ZoneLayers } from './zone-layers.ts';
import { paddedBbox } from '../vessels/map-view.ts';

const ZONES_DEBOUNCE_MS = 300;

/** Zones of the (padded) view, re-requested after the map stops moving. */
export function useZoneFeed(map: MlMap | null, layers: ZoneLayers) {
  useEffect(() => {
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let abort: AbortController | null = null;
    const load = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        abort?.abort();
        if (map.getZoom() < ZONES_MIN_ZOOM) return;
        abort = new AbortController();
        const [south, west, north, east] = paddedBbox(map);
        fetchZones({ south, west, north, east }, abort.signal)
          .then((fc) => layers.setZones(fc))
          .catch((err: unknown) => {
            if (!(err instanceof DOMException && err.name === 'AbortError')) console.warn('zones', err);
          });
      }, ZONES_DEBOUNCE_MS);
    };
    if (map.loaded() || map.isStyleLoaded()) load();
    else map.once('load', load);
    map.on('moveend', load);
    return () => {
      clearTimeout(timer);
      abort?.abort();
      map.off('moveend', load);
      map.off('load', load);
    };
  }, [map, layers]);
}
