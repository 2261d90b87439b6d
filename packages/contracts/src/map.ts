import { SPEED_NOT_AVAILABLE_KN } from './vessel-constants.ts';
import { LOCODE_RE, ZONE_ZOOM, type ZoneType } from './zone-constants.ts';

/**
 * Display rules of the live map (tracking.md sections 2, 4, 5 and 9): pure
 * functions and constants, shared by the web map and its tests.
 */

export const MAP_DEFAULT_CENTER = { lat: 60.45, lng: 22.29 } as const;
export const MAP_DEFAULT_ZOOM = 10;
export const MAP_FIT_PADDING = 100;
export const MAP_FIT_MAX_ZOOM = 13;
/** Recentre on a selected ship or port. */
export const MAP_SELECT_ZOOM = 12;
export const MAP_PORT_FLY_ZOOM = 13;
export const MAP_SCALE_MAX_WIDTH = 80;
export const SELECTED_SHIP_DEBOUNCE_MS = 400;
export const MAP_SEARCH_DEBOUNCE_MS = 500;
/** Opacity of the other ships while one is selected. */
export const DIMMED_SHIP_OPACITY = 0.3;
export const SHIP_LABEL_MIN_ZOOM = 11;
/** Bounds padding (pixels) before a positions request or stream subscription (the spec's "300"). */
export const MAP_BOUNDS_PADDING_PX = 300;
/** Below this zoom the server clusters ships instead of sending each one. */
export const MAP_CLUSTER_BELOW_ZOOM = 10;
/**
 * A view holding more ships than this (a dense simulated sea) falls back to
 * server clusters up to one zoom level deeper: tens of thousands of markers
 * are neither readable nor cheap to stream.
 */
export const MAP_MAX_LIVE_SHIPS = 20_000;
/** Past track of the selected ship, minutes. */
export const SHIP_TRACK_MAX_AGE_MIN = 6 * 60;

/** Ship rendering by length (section 9): marker below `markerBelow`, to-scale shape above `shapeAbove`. */
export const SHIP_LARGE_LENGTH_M = 60;
export const SHIP_RENDER_ZOOM = {
  large: { markerBelow: 14, shapeAbove: 13 },
  small: { markerBelow: 15.5, shapeAbove: 14.5 },
} as const;

export function shipSizeClass(lengthM: number | null | undefined): 'large' | 'small' {
  return lengthM != null && lengthM >= SHIP_LARGE_LENGTH_M ? 'large' : 'small';
}

/** Whether a ship shows as a marker, a to-scale shape, or both (the ranges overlap by design). */
export function shipRenderModes(lengthM: number | null | undefined, zoom: number): { marker: boolean; shape: boolean } {
  const z = SHIP_RENDER_ZOOM[shipSizeClass(lengthM)];
  return { marker: zoom < z.markerBelow, shape: zoom > z.shapeAbove };
}

export function shipLabelVisible(zoom: number): boolean {
  return zoom > SHIP_LABEL_MIN_ZOOM;
}

/** Zone visibility (section 9): inclusive min, exclusive max as in a map layer's minzoom/maxzoom. */
export function zoneVisibleAt(type: ZoneType, zoom: number): boolean {
  const r = ZONE_ZOOM[type];
  return zoom >= r.min && (r.max === undefined || zoom < r.max);
}

/** Speed over ground as text with one decimal, or null when not available (>= 102.3 kn). */
export function formatSpeedKnots(speed: number | null | undefined): string | null {
  if (speed == null || !Number.isFinite(speed) || speed < 0 || speed >= SPEED_NOT_AVAILABLE_KN) return null;
  return speed.toFixed(1);
}

/** Voyage timeline marker: at 100 % labelled ATA once arrived, else at 50 % labelled ETA. */
export function voyageTimeline(ata: string | null | undefined): { percent: 100 | 50; label: 'ATA' | 'ETA' } {
  return ata ? { percent: 100, label: 'ATA' } : { percent: 50, label: 'ETA' };
}

/** Whole minutes since a timestamp (never negative). */
export function dataAgeMinutes(timestampMs: number, nowMs: number = Date.now()): number {
  return Math.max(0, Math.floor((nowMs - timestampMs) / 60_000));
}

/** Local wall-clock time of a port: UTC shifted by its offset in hours, as HH:mm. */
export function portLocalTime(offsetHours: number, nowMs: number = Date.now()): string {
  const d = new Date(nowMs + offsetHours * 3_600_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** 'urn:harbor:port:FIHEL' -> 'FIHEL'; other values unchanged. */
export function predictedDestinationCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^urn:[^:]+:port:(.+)$/.exec(value);
  return m ? m[1]! : value;
}

/** A UN/LOCODE in free text: two letters, maybe a space, three letters or digits, alone between separators. */
const LOCODE_IN_TEXT = /(?:^|[^A-Z0-9])([A-Z]{2}) ?([A-Z2-9]{3})(?=$|[^A-Z0-9])/g;

/**
 * The port a ship's predicted route goes to: the predicted destination
 * (`urn:harbor:port:<LOCODE>`), else a UN/LOCODE read from the reported AIS
 * destination text. Direction marks are read: after `>` comes the next port
 * (`FIHEL>EETLL`); a shuttle (`EEVAN<->FIHEL`) or a list (`FITKU-FILAN-SESTO`)
 * gives its first code. Null when neither names a code (`HELSINKI`).
 */
export function routeDestination(predicted: string | null | undefined, reported: string | null | undefined): string | null {
  const code = predictedDestinationCode(predicted)?.toUpperCase();
  if (code && LOCODE_RE.test(code)) return code;
  if (!reported) return null;
  const text = reported.toUpperCase().replace(/<-*>/g, ' ');
  const arrow = text.lastIndexOf('>');
  const codes = (part: string) => [...part.matchAll(LOCODE_IN_TEXT)].map((m) => `${m[1]}${m[2]}`);
  if (arrow >= 0) {
    const after = codes(text.slice(arrow + 1));
    if (after.length) return after[0]!;
  }
  return codes(text)[0] ?? null;
}

/** Initial bearing in degrees 0-360 from one [lat, lon] to another. */
export function bearingDeg([lat1, lon1]: readonly [number, number], [lat2, lon2]: readonly [number, number]): number {
  const r = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * r) * Math.cos(lat2 * r);
  const x = Math.cos(lat1 * r) * Math.sin(lat2 * r) - Math.sin(lat1 * r) * Math.cos(lat2 * r) * Math.cos((lon2 - lon1) * r);
  return ((Math.atan2(y, x) / r) % 360 + 360) % 360;
}

function angleDiff(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/**
 * Predicted route filtering (section 5): keep the first point; of the next 9
 * keep only those whose bearing from the first point is within 15 degrees of
 * the ship's heading (a smoothed route often starts behind the ship); keep all
 * later points. Without a heading nothing is dropped.
 */
export function filterTrajectory(points: readonly (readonly [number, number])[], heading: number | null | undefined): [number, number][] {
  if (points.length === 0) return [];
  const first = points[0]!;
  const out: [number, number][] = [[first[0], first[1]]];
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    if (i <= 9 && heading != null && angleDiff(bearingDeg(first, p), heading) > 15) continue;
    out.push([p[0], p[1]]);
  }
  return out;
}

/** How often the ships in view are re-requested when polling (section 4: zoom-dependent). */
export function shipPollIntervalMs(zoom: number): number {
  if (zoom < 7) return 30_000;
  if (zoom < MAP_CLUSTER_BELOW_ZOOM) return 15_000;
  if (zoom < 12) return 10_000;
  return 5_000;
}

/** Server clustering cell size (degrees) for a zoom; 0 (no clustering) from MAP_CLUSTER_BELOW_ZOOM. */
export function clusteringPrecisionFor(zoom: number, clusterBelowZoom: number = MAP_CLUSTER_BELOW_ZOOM): number {
  if (zoom >= clusterBelowZoom) return 0;
  if (zoom < 3) return 5;
  if (zoom < 5) return 1;
  if (zoom < 7) return 0.25;
  if (zoom < 9) return 0.1;
  return 0.04;
}
