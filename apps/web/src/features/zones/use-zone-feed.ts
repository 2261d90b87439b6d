import type { Map as MlMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { fetchZones } from './api/use-zone-queries.ts';
import { ZONES_MIN_ZOOM, type ZoneLayers } from './zone-layers.ts';
import type { Bbox } from '@harbor/contracts';
import { bboxContains, paddedBbox } from '../vessels/map-view.ts';

const ZONES_DEBOUNCE_MS = 300;

const area = (b: Bbox) => (b[2] - b[0]) * (b[3] - b[1]);

/**
 * Zones of the (padded) view, re-requested after the map stops moving out of
 * the area asked for last time. Replacing the zone source re-tiles every zone
 * on the main thread, so a pan inside the padded area keeps what it has.
 */
export function useZoneFeed(map: MlMap | null, layers: ZoneLayers) {
  useEffect(() => {
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let abort: AbortController | null = null;
    let loaded: Bbox | null = null;
    const load = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (map.getZoom() < ZONES_MIN_ZOOM) return;
        // A pan inside the area held needs nothing; zoomed far into it, ask again (a large area's answer may have been capped).
        if (loaded && bboxContains(loaded, paddedBbox(map, 0)) && area(loaded) < 9 * area(paddedBbox(map))) return;
        abort?.abort();
        abort = new AbortController();
        const asked = paddedBbox(map);
        const [south, west, north, east] = asked;
        fetchZones({ south, west, north, east }, abort.signal)
          .then((fc) => {
            loaded = asked;
            layers.setZones(fc);
          })
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
