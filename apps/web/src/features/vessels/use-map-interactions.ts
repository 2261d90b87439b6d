import * as maplibregl from 'maplibre-gl';
import type { Map as MlMap, PointLike } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { formatSpeedKnots } from '@harbor/contracts/map';
import { labelledMetaRows, ZONE_HIT_LAYERS } from '../zones/map.ts';
import { SHIP_HIT_LAYERS } from './ship-layers.ts';
import type { ShipMarkerLayer } from './ship-marker-layer.ts';
import type { ShipStore } from './ship-store.ts';

export interface MapInteractionHandlers {
  selectShip(mmsi: number): void;
  selectPort(locode: string): void;
  clearSelection(): void;
}

const HIT_RADIUS_PX = 6;

function existing(map: MlMap, ids: readonly string[]) {
  return ids.filter((id) => map.getLayer(id));
}

function hitBox(p: maplibregl.Point): [PointLike, PointLike] {
  return [
    [p.x - HIT_RADIUS_PX, p.y - HIT_RADIUS_PX],
    [p.x + HIT_RADIUS_PX, p.y + HIT_RADIUS_PX],
  ];
}

export interface ShipHit {
  mmsi: number;
  /** Screen distance in pixels from the pointer. */
  d: number;
}

/** Of several ships under the cursor, the nearest on screen wins; equal distance, the lower MMSI. */
export function nearestShip(hits: readonly ShipHit[]): number | null {
  let best: ShipHit | null = null;
  for (const h of hits) if (!best || h.d < best.d || (h.d === best.d && h.mmsi < best.mmsi)) best = h;
  return best?.mmsi ?? null;
}

/** Ships under a point: markers from their own buffer, shapes and labels from MapLibre's rendered features. */
function shipHits(map: MlMap, markers: ShipMarkerLayer, point: maplibregl.Point): ShipHit[] {
  const hits = markers.hits(point, HIT_RADIUS_PX);
  for (const f of map.queryRenderedFeatures(hitBox(point), { layers: existing(map, SHIP_HIT_LAYERS) })) {
    if (typeof f.id !== 'number') continue;
    const g = f.geometry;
    const [lon, lat] = g.type === 'Point' ? g.coordinates : g.type === 'Polygon' ? g.coordinates[0]![0]! : [NaN, NaN];
    const p = Number.isFinite(lon) ? map.project([lon!, lat!]) : point;
    hits.push({ mmsi: f.id, d: Math.hypot(p.x - point.x, p.y - point.y) });
  }
  return hits;
}

function popupContent(title: string, rows: [string, string][]): HTMLElement {
  const root = document.createElement('div');
  root.style.font = '12px system-ui, sans-serif';
  const h = document.createElement('strong');
  h.textContent = title;
  root.appendChild(h);
  for (const [k, v] of rows) {
    const row = document.createElement('div');
    row.textContent = `${k}: ${v}`;
    root.appendChild(row);
  }
  return root;
}

/**
 * Hover, click and alt-click on the map (tracking.md section 2). The cursor
 * readout is written straight into `readout` (no React render per mouse move).
 */
export function useMapInteractions(map: MlMap | null, store: ShipStore, markers: ShipMarkerLayer, t: TFunction, handlers: MapInteractionHandlers, readout: React.RefObject<HTMLElement | null>) {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    if (!map) return;
    let hovered: number | null = null;
    let frame = 0;
    let last: maplibregl.MapMouseEvent | null = null;
    const popup = new maplibregl.Popup({ closeButton: true, closeOnClick: false, maxWidth: '280px' });

    const onMove = (e: maplibregl.MapMouseEvent) => {
      last = e;
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const ev = last;
        if (!ev) return;
        if (readout.current) readout.current.textContent = `${ev.lngLat.lat.toFixed(4)}, ${ev.lngLat.lng.toFixed(4)}`;
        // No hover hit-testing while the map pans or zooms: it would run inside the same frame as the
        // map's render and lengthen it, and a click after the move does its own hit test anyway.
        if (map.isMoving()) return;
        hovered = nearestShip(shipHits(map, markers, ev.point));
        const zones = hovered === null ? map.queryRenderedFeatures(hitBox(ev.point), { layers: existing(map, ZONE_HIT_LAYERS) }) : [];
        map.getCanvas().style.cursor = hovered !== null || zones.some((f) => f.properties.type === 'port') ? 'pointer' : '';
      });
    };
    const onLeave = () => {
      hovered = null;
      map.getCanvas().style.cursor = '';
    };

    const onClick = (e: maplibregl.MapMouseEvent) => {
      const tr = tRef.current;
      const mmsi = nearestShip(shipHits(map, markers, e.point)) ?? hovered;
      if (mmsi !== null) {
        if (e.originalEvent.altKey) {
          const s = store.get(mmsi);
          const speed = formatSpeedKnots(s?.speedOverGround);
          popup
            .setLngLat(s ? [s.longitude, s.latitude] : e.lngLat)
            .setDOMContent(
              popupContent(s?.name || String(mmsi), [
                [tr('vessels:details.mmsi'), String(mmsi)],
                [tr('vessels:voyage.speed'), speed ? tr('vessels:voyage.knots', { value: speed }) : '--'],
                [tr('vessels:voyage.destination'), s?.voyage.destination || '-'],
              ]),
            )
            .addTo(map);
          return;
        }
        popup.remove();
        handlersRef.current.selectShip(mmsi);
        return;
      }
      const zones = map.queryRenderedFeatures(hitBox(e.point), { layers: existing(map, ZONE_HIT_LAYERS) });
      const port = zones.find((f) => f.properties.type === 'port');
      if (port && typeof port.properties.locode === 'string') {
        popup.remove();
        handlersRef.current.selectPort(port.properties.locode);
        return;
      }
      // Otherwise a berth first, then a port zone, then any other area shows its properties.
      const order = ['berth', 'portarea', 'anchorage', 'turningbasin', 'pba', 'vts', 'custom'];
      const zone = [...zones].sort((a, b) => order.indexOf(String(a.properties.type)) - order.indexOf(String(b.properties.type)))[0];
      if (zone) {
        const p = zone.properties;
        const rows: [string, string][] = [[tr('zones:types.port'), String(p.locode ?? '-')]];
        if (p.type === 'berth') rows.push([tr('zones:berthStatusIncoming'), p.berthStatusIncoming ? tr('map:yes') : tr('map:no')]);
        for (const r of labelledMetaRows(p.meta, tr)) rows.push([r.label, r.value]);
        popup.setLngLat(e.lngLat).setDOMContent(popupContent(`${tr(`zones:types.${String(p.type)}`)}: ${String(p.name ?? '-')}`, rows)).addTo(map);
        return;
      }
      popup.remove();
      hovered = null;
      handlersRef.current.clearSelection();
    };

    map.on('mousemove', onMove);
    map.on('mouseout', onLeave);
    map.on('click', onClick);
    return () => {
      cancelAnimationFrame(frame);
      popup.remove();
      map.off('mousemove', onMove);
      map.off('mouseout', onLeave);
      map.off('click', onClick);
    };
  }, [map, store, markers, readout]);
}
