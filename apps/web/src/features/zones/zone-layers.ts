import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, GeoJSONSource, Map as MlMap } from 'maplibre-gl';
import type { ZoneFeatureCollection, ZoneType } from '@harbor/contracts';
import { ZONE_TYPES, ZONE_ZOOM } from '@harbor/contracts/zone-constants';
import { PALETTES } from '../../shared/map/base-styles.ts';
import { ensureLayer, ensureSource, type MapOverlay } from '../../shared/map/layer-registry.ts';
import type { MapTheme } from '../../shared/map/map-config.ts';

const ZONE_COLORS: Record<Exclude<ZoneType, 'port'>, string> = {
  berth: '#6d4c41',
  portarea: '#0b3d5c',
  pba: '#f9a825',
  vts: '#7b1fa2',
  anchorage: '#00838f',
  turningbasin: '#c62828',
  custom: '#546e7a',
};

export const ZONE_AREA_TYPES = ZONE_TYPES.filter((t): t is Exclude<ZoneType, 'port'> => t !== 'port');
export const ZONE_HIT_LAYERS = [...ZONE_AREA_TYPES.map((t) => `zone-${t}-fill`), 'zone-berth-points', 'zone-port-points', 'zone-port-labels'];
/** Berth names from this zoom on (issue 18): below it the quays of a harbour crowd each other. */
export const BERTH_LABEL_MIN_ZOOM = 15;
/** Zones are requested from the lowest zoom any type shows (vts from 3). */
export const ZONES_MIN_ZOOM = Math.min(...Object.values(ZONE_ZOOM).map((r) => r.min));

const zoomRange = (type: ZoneType) => ({ minzoom: ZONE_ZOOM[type].min, ...(ZONE_ZOOM[type].max !== undefined ? { maxzoom: ZONE_ZOOM[type].max } : {}) });

/**
 * Ports and zones from /v1/zones/bbox, each type in its zoom range
 * (tracking.md section 9): berth 14+, portarea 10-14, pba 8+, vts 3+,
 * anchorage 12+, turningbasin 14+, custom 8+, port labels 7-15.
 */
export class ZoneLayers implements MapOverlay {
  readonly id = 'zones';
  private map: MlMap | null = null;
  private data: FeatureCollection = { type: 'FeatureCollection', features: [] };

  constructor(public theme: MapTheme) {}

  install(map: MlMap): void {
    this.map = map;
    const p = PALETTES[this.theme];
    ensureSource(map, 'zones', { type: 'geojson', data: this.data, promoteId: 'fid' });
    // Under the ships: the ships overlay is registered after this one.
    for (const type of ZONE_AREA_TYPES) {
      const filter: ExpressionSpecification = ['==', ['get', 'type'], type];
      ensureLayer(map, {
        id: `zone-${type}-fill`,
        type: 'fill',
        source: 'zones',
        ...zoomRange(type),
        filter: ['all', filter, ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false]],
        paint: { 'fill-color': ZONE_COLORS[type], 'fill-opacity': type === 'vts' ? 0.04 : 0.12 },
      });
      ensureLayer(map, {
        id: `zone-${type}-line`,
        type: 'line',
        source: 'zones',
        ...zoomRange(type),
        filter,
        paint: {
          'line-color': ZONE_COLORS[type],
          'line-width': type === 'berth' ? 2 : 1.2,
          ...(type === 'vts' || type === 'pba' ? { 'line-dasharray': [3, 2] } : {}),
        },
      });
    }
    // Berths given as quay points (DVK: the quay's middle), drawn in the berth zoom range; names from zoom 15.
    const berthPoint: ExpressionSpecification = ['all', ['==', ['get', 'type'], 'berth'], ['==', ['geometry-type'], 'Point']];
    ensureLayer(map, {
      id: 'zone-berth-points',
      type: 'circle',
      source: 'zones',
      ...zoomRange('berth'),
      filter: berthPoint,
      paint: { 'circle-radius': ['interpolate', ['linear'], ['zoom'], 14, 3.5, 17, 6], 'circle-color': ZONE_COLORS.berth, 'circle-stroke-color': '#fff', 'circle-stroke-width': 1 },
    });
    ensureLayer(map, {
      id: 'zone-berth-labels',
      type: 'symbol',
      source: 'zones',
      minzoom: Math.max(BERTH_LABEL_MIN_ZOOM, ZONE_ZOOM.berth.min),
      filter: ['==', ['get', 'type'], 'berth'],
      layout: { 'text-field': ['get', 'name'], 'text-size': 11, 'text-offset': [0, 0.9], 'text-anchor': 'top', 'text-font': ['sans-serif'] },
      paint: { 'text-color': p.text, 'text-halo-color': p.halo, 'text-halo-width': 1.5 },
    });
    ensureLayer(map, {
      id: 'zone-port-points',
      type: 'circle',
      source: 'zones',
      ...zoomRange('port'),
      filter: ['all', ['==', ['get', 'type'], 'port'], ['==', ['geometry-type'], 'Point']],
      paint: { 'circle-radius': 5, 'circle-color': '#0b3d5c', 'circle-stroke-color': '#fff', 'circle-stroke-width': 1.5 },
    });
    ensureLayer(map, {
      id: 'zone-port-labels',
      type: 'symbol',
      source: 'zones',
      ...zoomRange('port'),
      filter: ['==', ['get', 'type'], 'port'],
      layout: { 'text-field': ['get', 'name'], 'text-size': 12, 'text-offset': [0, -1.1], 'text-anchor': 'bottom', 'text-font': ['sans-serif'] },
      paint: { 'text-color': p.text, 'text-halo-color': p.halo, 'text-halo-width': 1.5 },
    });
  }

  uninstall(map: MlMap): void {
    for (const layer of map.getStyle()?.layers ?? []) if (layer.id.startsWith('zone-')) map.removeLayer(layer.id);
    if (map.getSource('zones')) map.removeSource('zones');
    this.map = null;
  }

  setZones(fc: ZoneFeatureCollection): void {
    this.data = {
      type: 'FeatureCollection',
      features: fc.features
        .filter((f) => f.geometry !== null)
        .map((f) => ({ type: 'Feature', id: f.id, geometry: f.geometry as never, properties: { ...f.properties, fid: f.id } })),
    };
    void (this.map?.getSource('zones') as GeoJSONSource | undefined)?.setData(this.data);
  }
}
