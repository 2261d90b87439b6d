/**
 * The map's address: `/map?mmsi=230123000`, `/map?port=FIVSS&z=13`, and the
 * view as `lat`, `lon` and `z` once the user moves the map, so a copied link
 * opens the same picture. Selections are history entries; view moves replace
 * the current one (Back leaves the map's selection, not every pan).
 */
export type MapUrlSelection = { kind: 'ship'; mmsi: number } | { kind: 'port'; locode: string } | null;

export interface MapUrlView {
  lat: number;
  lon: number;
  zoom: number;
}

export interface MapUrlState {
  selection: MapUrlSelection;
  /** Zoom without a centre: used when recentring on the selection. */
  zoom: number | null;
  /** A full view (centre and zoom). */
  view: MapUrlView | null;
}

const LOCODE = /^[A-Z]{2}[A-Z0-9]{3}$/;

function num(v: string | null, min: number, max: number): number | null {
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
}

export function parseMapUrl(search: string): MapUrlState {
  const p = new URLSearchParams(search);
  const mmsi = num(p.get('mmsi'), 1, 999_999_999);
  const port = p.get('port')?.trim().toUpperCase() ?? '';
  let selection: MapUrlSelection = null;
  if (mmsi !== null && Number.isInteger(mmsi)) selection = { kind: 'ship', mmsi };
  else if (LOCODE.test(port)) selection = { kind: 'port', locode: port };
  const zoom = num(p.get('z'), 0, 22);
  const lat = num(p.get('lat'), -85, 85);
  const lon = num(p.get('lon'), -180, 180);
  return { selection, zoom, view: zoom !== null && lat !== null && lon !== null ? { lat, lon, zoom } : null };
}

/** `/map?...` for a selection and (optionally) a view; coordinates rounded to about a metre. */
export function mapUrlFor(selection: MapUrlSelection, view: MapUrlView | null): string {
  const p = new URLSearchParams();
  if (selection?.kind === 'ship') p.set('mmsi', String(selection.mmsi));
  if (selection?.kind === 'port') p.set('port', selection.locode);
  if (view) {
    p.set('lat', view.lat.toFixed(5));
    p.set('lon', view.lon.toFixed(5));
    p.set('z', String(Math.round(view.zoom * 100) / 100));
  }
  const q = p.toString();
  return q ? `/map?${q}` : '/map';
}

export function selectionKey(s: MapUrlSelection): string {
  return s?.kind === 'ship' ? `ship:${s.mmsi}` : s?.kind === 'port' ? `port:${s.locode}` : '';
}
