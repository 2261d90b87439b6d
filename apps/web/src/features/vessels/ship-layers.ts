import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import type { ExpressionSpecification, GeoJSONSource, Map as MlMap } from 'maplibre-gl';
import type { ShipCluster, ShipPosition } from '@harbor/contracts';
import { DIMMED_SHIP_OPACITY, SHIP_LABEL_MIN_ZOOM, SHIP_LARGE_LENGTH_M, SHIP_RENDER_ZOOM } from '@harbor/contracts/map';
import { PALETTES } from '../../shared/map/base-styles.ts';
import { ensureLayer, ensureSource, type MapOverlay } from '../../shared/map/layer-registry.ts';
import type { MapTheme } from '../../shared/map/map-config.ts';
import { SHIP_COLOR_EXPRESSION } from './ship-colors.ts';
import { ShipDiffBuffer } from './ship-diff-buffer.ts';
import { SHIP_MARKER_LAYER, ShipMarkerLayer } from './ship-marker-layer.ts';
import { markerFeature, shapeFeature, type ShipStore } from './ship-store.ts';

export const SHIP_SHAPE_LAYERS = ['ship-shapes-large', 'ship-shapes-small'] as const;
/** MapLibre layers hit-tested with queryRenderedFeatures; markers are hit-tested on their own buffer. */
export const SHIP_HIT_LAYERS = [...SHIP_SHAPE_LAYERS, 'ship-labels'];
export const CLUSTER_LAYER = 'ship-clusters';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
/** Shapes are kept only from this zoom: before it no shape layer is visible. */
const SHAPES_FROM_ZOOM = SHIP_RENDER_ZOOM.large.shapeAbove;
/** Label points likewise: the label layer starts at SHIP_LABEL_MIN_ZOOM. */
const LABELS_FROM_ZOOM = SHIP_LABEL_MIN_ZOOM;

/**
 * The label and shape sources take changes at most this often, and when the
 * view stops moving. Each GeoJSON source update re-tiles the ships in the
 * worker and rebuilds MapLibre's cross-tile symbol index on the main thread;
 * doing that on every 500 ms tick made panning stutter and kept labels from
 * settling. A ship at 10 kn moves about 10 m in 2 s, a pixel at zoom 12.
 * Markers are not held: their update is a buffer upload (ship-marker-layer.ts).
 */
const SOURCE_FLUSH_MS = 2000;

const large: ExpressionSpecification = ['>=', ['get', 'l'], SHIP_LARGE_LENGTH_M];
const small: ExpressionSpecification = ['<', ['get', 'l'], SHIP_LARGE_LENGTH_M];

/**
 * Ships on the map: markers (rotated, coloured arrows in a custom WebGL
 * layer), to-scale hull shapes and labels (GeoJSON sources filled only when
 * zoomed in enough for them to show), server clusters, the selected ship's
 * past track and its predicted route (dashed blue). Data arrives as diffs
 * from ShipStore.
 */
export class ShipLayers implements MapOverlay {
  readonly id = 'ships';
  private map: MlMap | null = null;
  private selected: number | null = null;
  private shapesActive = false;
  private labelsActive = false;
  readonly markers = new ShipMarkerLayer();
  private clusters: FeatureCollection<Point> = { type: 'FeatureCollection', features: [] };
  private track: FeatureCollection<LineString> = { type: 'FeatureCollection', features: [] };
  private route: FeatureCollection<LineString> = { type: 'FeatureCollection', features: [] };
  private theme: MapTheme = 'light';
  /** Diffs not yet in the sources (held while the view moves). */
  private readonly pending = new ShipDiffBuffer();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly flushNow = () => this.flush();

  constructor(private readonly store: ShipStore) {}

  install(map: MlMap): void {
    this.map = map;
    // The sources below are built from the store, which already holds every pending change.
    this.clearPending();
    map.on('moveend', this.flushNow);
    const halo = PALETTES[this.theme].halo;
    const text = PALETTES[this.theme].text;
    ensureSource(map, 'ships', { type: 'geojson', data: this.labelsActive ? this.allLabels() : EMPTY, buffer: 32, tolerance: 0 });
    ensureSource(map, 'ship-shapes', { type: 'geojson', data: this.shapesActive ? this.allShapes() : EMPTY });
    ensureSource(map, 'ship-clusters', { type: 'geojson', data: this.clusters });
    ensureSource(map, 'ship-track', { type: 'geojson', data: this.track });
    ensureSource(map, 'ship-route', { type: 'geojson', data: this.route });

    ensureLayer(map, {
      id: 'ship-track-line',
      type: 'line',
      source: 'ship-track',
      paint: { 'line-color': '#ff7043', 'line-width': 2.5, 'line-opacity': 0.9 },
      layout: { 'line-join': 'round', 'line-cap': 'round' },
    });
    // Predicted route (tracking.md section 7: dashed blue line); filled by setPredictedRoute from the map page.
    ensureLayer(map, {
      id: 'ship-route-line',
      type: 'line',
      source: 'ship-route',
      paint: { 'line-color': '#1e88e5', 'line-width': 2.5, 'line-dasharray': [2, 2] },
    });
    ensureLayer(map, {
      id: CLUSTER_LAYER,
      type: 'circle',
      source: 'ship-clusters',
      paint: {
        'circle-color': 'rgba(11,61,92,0.75)',
        'circle-stroke-color': '#fff',
        'circle-stroke-width': 1.5,
        'circle-radius': ['interpolate', ['linear'], ['get', 'count'], 1, 8, 100, 14, 10000, 26],
      },
    });
    ensureLayer(map, {
      id: 'ship-cluster-counts',
      type: 'symbol',
      source: 'ship-clusters',
      layout: { 'text-field': ['get', 'label'], 'text-size': 11, 'text-allow-overlap': true },
      paint: { 'text-color': '#fff' },
    });
    ensureLayer(map, {
      id: 'ship-shapes-large',
      type: 'fill',
      source: 'ship-shapes',
      minzoom: SHIP_RENDER_ZOOM.large.shapeAbove,
      filter: large,
      paint: { 'fill-color': SHIP_COLOR_EXPRESSION, 'fill-outline-color': '#222' },
    });
    ensureLayer(map, {
      id: 'ship-shapes-small',
      type: 'fill',
      source: 'ship-shapes',
      minzoom: SHIP_RENDER_ZOOM.small.shapeAbove,
      filter: small,
      paint: { 'fill-color': SHIP_COLOR_EXPRESSION, 'fill-outline-color': '#222' },
    });
    if (!map.getLayer(SHIP_MARKER_LAYER)) map.addLayer(this.markers);
    ensureLayer(map, {
      id: 'ship-labels',
      type: 'symbol',
      source: 'ships',
      minzoom: SHIP_LABEL_MIN_ZOOM,
      layout: {
        'text-field': ['get', 'n'],
        'text-size': 11,
        'text-offset': [0, 1.3],
        'text-anchor': 'top',
        'text-optional': true,
        'text-font': ['sans-serif'],
      },
      paint: { 'text-color': text, 'text-halo-color': halo, 'text-halo-width': 1.5 },
    });
    this.applySelection();
  }

  uninstall(map: MlMap): void {
    map.off('moveend', this.flushNow);
    this.clearPending();
    for (const id of ['ship-labels', SHIP_MARKER_LAYER, ...SHIP_SHAPE_LAYERS, 'ship-cluster-counts', CLUSTER_LAYER, 'ship-route-line', 'ship-track-line']) {
      if (map.getLayer(id)) map.removeLayer(id);
    }
    for (const id of ['ships', 'ship-shapes', 'ship-clusters', 'ship-track', 'ship-route']) if (map.getSource(id)) map.removeSource(id);
    this.map = null;
  }

  setTheme(theme: MapTheme) {
    this.theme = theme;
  }

  private source(id: string): GeoJSONSource | null {
    return (this.map?.getSource(id) as GeoJSONSource | undefined) ?? null;
  }

  /**
   * Applies a store change: to the markers at once, and to the label and
   * shape sources, when zoomed in enough for them, within SOURCE_FLUSH_MS.
   */
  applyDiff(updated: readonly ShipPosition[], removed: readonly number[]): void {
    if (!updated.length && !removed.length) return;
    this.markers.buffer.apply(updated, removed);
    this.markers.changed();
    if (!this.labelsActive && !this.shapesActive) return;
    this.pending.add(updated, removed);
    this.flushTimer ??= setTimeout(this.flushNow, SOURCE_FLUSH_MS);
  }

  private clearPending(): void {
    this.pending.clear();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (!this.pending.size) return;
    const ships = this.source('ships');
    if (!ships) return;
    const { updated, removed } = this.pending.take();
    if (this.labelsActive) void ships.updateData({ remove: removed, add: updated.map(markerFeature) });
    if (this.shapesActive) {
      const shapes: Feature[] = [];
      const noShape = [...removed];
      for (const s of updated) {
        const f = shapeFeature(s);
        if (f) shapes.push(f);
        else noShape.push(s.mmsi);
      }
      void this.source('ship-shapes')?.updateData({ remove: noShape, add: shapes });
    }
  }

  /** Labels and shapes are fed only when zoomed in enough for them to show (a few thousand ships at most). */
  setZoom(zoom: number): void {
    const labels = zoom >= LABELS_FROM_ZOOM - 0.5;
    const shapes = zoom >= SHAPES_FROM_ZOOM - 0.5;
    if (labels === this.labelsActive && shapes === this.shapesActive) return;
    // Pending diffs are already in the store, which the sources are rebuilt from below.
    this.clearPending();
    if (labels !== this.labelsActive) {
      this.labelsActive = labels;
      void this.source('ships')?.setData(labels ? this.allLabels() : EMPTY);
    }
    if (shapes !== this.shapesActive) {
      this.shapesActive = shapes;
      void this.source('ship-shapes')?.setData(shapes ? this.allShapes() : EMPTY);
    }
  }

  private allLabels(): FeatureCollection {
    return { type: 'FeatureCollection', features: [...this.store.ships.values()].map(markerFeature) };
  }

  private allShapes(): FeatureCollection {
    const features: Feature[] = [];
    for (const s of this.store.ships.values()) {
      const f = shapeFeature(s);
      if (f) features.push(f);
    }
    return { type: 'FeatureCollection', features };
  }

  setClusters(clusters: readonly ShipCluster[]): void {
    this.clusters = {
      type: 'FeatureCollection',
      features: clusters.map((c, i) => ({
        type: 'Feature',
        id: i,
        geometry: { type: 'Point', coordinates: [c.longitude, c.latitude] },
        properties: { count: c.count, label: c.count >= 1000 ? `${Math.round(c.count / 100) / 10}k` : String(c.count) },
      })),
    };
    void this.source('ship-clusters')?.setData(this.clusters);
  }

  /** Past track of the selected ship: [lon, lat] points, oldest first. */
  setTrack(coordinates: [number, number][]): void {
    this.track = {
      type: 'FeatureCollection',
      features: coordinates.length > 1 ? [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } }] : [],
    };
    void this.source('ship-track')?.setData(this.track);
  }

  /**
   * The predicted route (trajectory API): the filtered trajectory as
   * [lat, lon] pairs (filterTrajectory), or [] to clear.
   */
  setPredictedRoute(points: [number, number][]): void {
    this.route = {
      type: 'FeatureCollection',
      features: points.length > 1 ? [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: points.map(([lat, lon]) => [lon, lat]) } }] : [],
    };
    void this.source('ship-route')?.setData(this.route);
  }

  /** Selecting a ship dims every other ship to DIMMED_SHIP_OPACITY. */
  setSelected(mmsi: number | null): void {
    this.selected = mmsi;
    this.applySelection();
  }

  private applySelection(): void {
    const sel = this.selected;
    this.markers.setSelected(sel);
    const map = this.map;
    if (!map || !map.getLayer('ship-labels')) return;
    const opacity: ExpressionSpecification | number = sel === null ? 1 : ['case', ['==', ['id'], sel], 1, DIMMED_SHIP_OPACITY];
    for (const id of SHIP_SHAPE_LAYERS) map.setPaintProperty(id, 'fill-opacity', opacity);
    map.setPaintProperty('ship-labels', 'text-opacity', opacity);
  }
}
