/**
 * Zod-free part of ports and zones (tracking.md sections 3 and 9): zone types,
 * zoom ranges, the locode rule and the port card's helpers. The web app imports
 * them through '@harbor/contracts/zone-constants'; zones.ts re-exports them.
 */
import type { PortFeature, ZoneOrPortFeature } from './zones.ts';

export const ZONE_TYPES = ['berth', 'portarea', 'pba', 'vts', 'anchorage', 'turningbasin', 'custom', 'port'] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

/** Zoom range in which each zone type is drawn (section 9); port labels 7-15. */
export const ZONE_ZOOM: Record<ZoneType, { min: number; max?: number }> = {
  berth: { min: 14 },
  portarea: { min: 10, max: 14 },
  pba: { min: 8 },
  vts: { min: 3 },
  anchorage: { min: 12 },
  turningbasin: { min: 14 },
  custom: { min: 8 },
  port: { min: 7, max: 15 },
};

export const ZONE_SEARCH_MAX_RESULTS = 20;

/** UN/LOCODE: 2-letter country + 3 letters or digits (2-9). */
export const LOCODE_RE = /^[A-Z]{2}[A-Z2-9]{3}$/;

/** A UN/LOCODE as written in a URL (case-insensitive, spaces around ignored), or null; locodeSchema applies the same rule. */
export function normalizeLocode(value: string): string | null {
  const code = value.trim().toUpperCase();
  return LOCODE_RE.test(code) ? code : null;
}

export function isPortFeature(f: ZoneOrPortFeature): f is PortFeature {
  return f.properties.type === 'port';
}

/**
 * Every meta key the server itself writes (the shipped port data, the
 * UN/LOCODE and SSN importers, and the drawn zones of older data sets). The
 * web app has a translated label for each (a test checks); keys of a
 * user's own GeoJSON import are shown as they are.
 */
export const ZONE_META_KEYS = [
  // ports
  'nameSv', 'harbours', 'quays', 'portAreas', 'status', 'function', 'subdivision', 'country',
  // port areas and berths
  'portAreaCode', 'berths', 'lengthM', 'depthM', 'depthDatum', 'nameFi', 'harbour', 'info',
  // how an outline was made, and by whom
  'derived', 'source',
  // older shipped data (drawn circles), still in databases seeded before
  'approximate', 'radiusM',
] as const;
export type ZoneMetaKey = (typeof ZONE_META_KEYS)[number];

/**
 * meta.derived: how an outline with no public polygon was made.
 * points-water: around the real points (port-area point, quays), clipped to water by the coastline;
 * points: the same, not clipped (the coastline has no water there, e.g. a river port);
 * open-water: no public position exists (anchorages); a circle in open water near the port.
 */
export const ZONE_DERIVATIONS = ['points-water', 'points', 'open-water'] as const;
export type ZoneDerivation = (typeof ZONE_DERIVATIONS)[number];

export interface MetaRow {
  key: string;
  value: string;
}

/**
 * Meta rows of a port card. Meta may come as an object or as a JSON string
 * (section 3); malformed JSON, or JSON that is not an object, adds no rows
 * (section 8) instead of breaking the card. Nested values are shown as JSON.
 */
export function portMetaRows(meta: unknown): MetaRow[] {
  let value = meta;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const rows: MetaRow[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue;
    rows.push({ key, value: typeof v === 'object' ? JSON.stringify(v) : String(v) });
  }
  return rows;
}

/** The same rows as a flat object (what the server stores and serves). */
export function portMetaObject(meta: unknown): Record<string, string> {
  return Object.fromEntries(portMetaRows(meta).map((r) => [r.key, r.value]));
}

/**
 * UTC offset in hours of an IANA zone at an instant, daylight saving included
 * (Helsinki is +2 in winter, +3 in summer). Null for an unknown zone.
 */
const offsetFormats = new Map<string, Intl.DateTimeFormat | null>();

export function utcOffsetHours(timeZone: string, atMs: number = Date.now()): number | null {
  // Building a formatter costs far more than using one; a map view has hundreds of ports.
  let format = offsetFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch {
      format = null;
    }
    offsetFormats.set(timeZone, format);
  }
  if (!format) return null;
  const name = format.formatToParts(new Date(atMs)).find((p) => p.type === 'timeZoneName')?.value;
  if (!name) return null;
  if (name === 'GMT') return 0;
  const m = /^GMT([+-])(\d{1,2}):?(\d{2})?$/.exec(name);
  if (!m) return null;
  const hours = Number(m[2]) + Number(m[3] ?? 0) / 60;
  return m[1] === '-' ? -hours : hours;
}

/** 'UTC+2', 'UTC-3:30', 'UTC' - how the port card shows local time's offset. */
export function formatUtcOffset(offset: number): string {
  if (offset === 0) return 'UTC';
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const h = Math.floor(abs);
  const min = Math.round((abs - h) * 60);
  return `UTC${sign}${h}${min ? `:${String(min).padStart(2, '0')}` : ''}`;
}
