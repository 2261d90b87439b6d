import type { Map as MlMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import type { Bbox, ShipPositionsResponse } from '@harbor/contracts';
import { api, session } from '../../shared/api-client/index.ts';
import { bboxContains, paddedBbox } from './map-view.ts';
import { ShipFeed, type MapShipFilter, type ShipFeedStatus } from './ship-feed.ts';
import type { ShipLayers } from './ship-layers.ts';
import type { ShipStore } from './ship-store.ts';

const NO_FILTER: MapShipFilter = {};
const area = (b: Bbox) => (b[2] - b[0]) * (b[3] - b[1]);

/** Name of the Performance API measure around each position update (bench/map-perf.ts reads it). */
export const SHIP_TICK_MEASURE = 'harbor:ship-tick';

function streamUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/v1/ships/stream`;
}

/**
 * Connects the live feed to the map: every view change (re)subscribes with
 * padded bounds, every answer goes through the store into the layers as a diff.
 * `onSelectedChanged` runs when the given ship changed in a tick.
 */
export function useShipFeed(
  map: MlMap | null,
  store: ShipStore,
  layers: ShipLayers,
  selectedMmsi: number | null,
  onSelectedChanged: () => void,
  filter: MapShipFilter = NO_FILTER,
) {
  const [status, setStatus] = useState<ShipFeedStatus>('connecting');
  const [simulated, setSimulated] = useState<boolean | null>(null);
  const [empty, setEmpty] = useState(false);
  const selectedRef = useRef(selectedMmsi);
  selectedRef.current = selectedMmsi;
  const changedRef = useRef(onSelectedChanged);
  changedRef.current = onSelectedChanged;
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const feedRef = useRef<ShipFeed | null>(null);

  useEffect(() => {
    if (!map) return;
    const touched = (updated: readonly { mmsi: number }[], removed: readonly number[]) => {
      const sel = selectedRef.current;
      if (sel === null) return;
      if (removed.includes(sel) || updated.some((s) => s.mmsi === sel)) changedRef.current();
    };
    const feed = new ShipFeed(
      {
        getToken: () => session.getAccessToken(),
        fetchPositions: (query, signal) => api.get<ShipPositionsResponse>(query, signal),
        streamUrl: streamUrl(),
      },
      {
        onSnapshot(ships, start, part) {
          const diff = store.replacePart(ships, part.first, part.last);
          layers.applyDiff(diff.updated, diff.removed);
          performance.measure(SHIP_TICK_MEASURE, { start, detail: { kind: 'snapshot', ships: ships.length } });
          touched(diff.updated, diff.removed);
          if (part.last) setEmpty(store.size === 0 && map.getZoom() >= feed.clusterZoom);
        },
        onDiff(updated, removed, start) {
          const diff = store.apply(updated, removed);
          layers.applyDiff(diff.updated, diff.removed);
          performance.measure(SHIP_TICK_MEASURE, { start, detail: { kind: 'diff', ships: updated.length } });
          touched(diff.updated, diff.removed);
        },
        onClusters: (clusters) => layers.setClusters(clusters),
        onSimulated: (value) => setSimulated(value),
        onStatus: (value) => setStatus(value),
      },
    );
    feed.setFilter(filterRef.current);
    feedRef.current = feed;
    let subscribed: Bbox | null = null;
    let subscribedMode: boolean | null = null;
    const onMoveEnd = () => {
      const zoom = map.getZoom();
      layers.setZoom(zoom);
      const clustered = zoom < feed.clusterZoom;
      const view = paddedBbox(map, 0);
      // Panning inside the padded area asked for last time needs no new snapshot; clusters follow the zoom.
      if (!clustered && subscribedMode === clustered && subscribed && bboxContains(subscribed, view) && area(subscribed) < 9 * area(paddedBbox(map))) return;
      subscribed = paddedBbox(map);
      subscribedMode = clustered;
      feed.setView(subscribed, zoom);
    };
    const start = () => onMoveEnd();
    if (map.loaded() || map.isStyleLoaded()) start();
    else map.once('load', start);
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
      map.off('load', start);
      feed.close();
      feedRef.current = null;
      store.clear();
    };
  }, [map, store, layers]);

  // A new filter re-asks for the view; the answer replaces the ships shown.
  useEffect(() => feedRef.current?.setFilter(filter), [filter]);

  return { status, simulated, empty };
}
