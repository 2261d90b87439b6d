import type { ZoneDerivation, ZoneMetaKey } from '@harbor/contracts';
import { areaM2, bufferedHull, circle, distanceM, offsetPoint, round5, roundGeometry, union, type Coast, type MultiPolygon, type Pair } from './derive.ts';

/**
 * Assembles the shipped port data (seed/ports/finland.geojson) from the
 * public sources: curated port points, Portnet port areas and berth lists,
 * DVK quays. No source has harbour, berth or anchorage polygons, so outlines
 * are derived (meta.derived) and berths stay the real DVK points.
 */

export interface CuratedPort {
  locode: string;
  name: string;
  altNames: string[];
  lon: number;
  lat: number;
  timezone: string;
}

export interface PortnetArea {
  locode: string;
  portAreaCode: string;
  portAreaName: string;
  point: Pair | null;
}

export interface PortnetBerth {
  locode: string;
  portAreaCode: string;
  berthCode: string;
  berthName: string;
}

export interface DvkFeature {
  point: Pair;
  props: Record<string, unknown>;
}

export interface BuildInput {
  ports: CuratedPort[];
  areas: PortnetArea[];
  berths: PortnetBerth[];
  dvk: DvkFeature[];
  coast: Coast;
}

type Meta = Partial<Record<ZoneMetaKey, string>>;

export interface OutFeature {
  type: 'Feature';
  id?: string;
  geometry: { type: 'Point'; coordinates: Pair } | { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
  properties: { type: string; locode: string; name: string; altNames?: string[]; timezone?: string; berthStatusIncoming?: boolean; meta: Meta };
}

/** Radius around a Portnet area's point and its quays; quays lie within a few hundred metres of the water. */
export const AREA_BUFFER_M = 400;
/** Radius around every facility of a port for the port-wide area that port-call detection enters first. */
export const PORT_BUFFER_M = 1_500;
export const ANCHORAGE_RADIUS_M = 700;
/** A quay belongs to the nearest Portnet area of its port within this distance. */
const QUAY_AREA_MAX_M = 3_000;

/**
 * Where the product's locode differs from Portnet's: Vuosaari is its own port
 * FIVSS here (the spec's default port) while Portnet files it under FIHEL.
 */
const AREA_LOCODE: Record<string, string> = { 'FIHEL:VUOS': 'FIVSS', 'FIHEL:VTL': 'FIVSS' };
const HARBOUR_LOCODE: Record<string, string> = { vuosaari: 'FIVSS' };

const PLACEHOLDER_AREAS = new Set(['ANK', 'MUU']);

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

interface Quay {
  id: string;
  locode: string;
  point: Pair;
  name: string;
  harbour: string;
  props: Record<string, unknown>;
}

/** DVK quays, one per place: the N2000 copies of a harbour card give way to the mean-water ones. */
export function dvkQuays(dvk: DvkFeature[]): Quay[] {
  const harbours = new Map<string, DvkFeature>();
  for (const f of dvk) if (f.props.featureType === 'harbour') harbours.set(String(f.props.harborId), f);
  const seen = new Map<string, Quay & { n2000: boolean }>();
  const perHarbour = new Map<string, number>();
  for (const f of dvk) {
    if (f.props.featureType !== 'quay') continue;
    const harborId = String(f.props.harborId);
    const harbour = harbours.get(harborId);
    const i = perHarbour.get(harborId) ?? 0;
    perHarbour.set(harborId, i + 1);
    const locode = HARBOUR_LOCODE[harborId] ?? str(harbour?.props.nearestPortnetLocode);
    const name = str(f.props.nameEn) ?? str(f.props.nameFi);
    if (!locode || !name) continue;
    const n2000 = f.props.n2000HeightSystem === true;
    const key = `${f.point[0].toFixed(4)},${f.point[1].toFixed(4)},${str(f.props.nameFi)}`;
    const prev = seen.get(key);
    if (prev && (n2000 || !prev.n2000)) continue;
    seen.set(key, { id: `${locode}-berth-${harborId}-${i}`, locode, point: f.point, name, harbour: str(harbour?.props.nameEn) ?? harborId, props: f.props, n2000 });
  }
  return [...seen.values()];
}

function depthText(props: Record<string, unknown>): string | null {
  const min = num(props.minDepthM);
  const max = num(props.maxDepthM);
  if (min === null && max === null) return null;
  return min !== null && max !== null && min !== max ? `${min}–${max}` : String(max ?? min);
}

function polygonGeometry(mp: MultiPolygon): OutFeature['geometry'] {
  const r = roundGeometry(mp);
  return r.length === 1 ? { type: 'Polygon', coordinates: r[0] } : { type: 'MultiPolygon', coordinates: r };
}

/** The water part of a shape; the shape itself (and 'points') when the coastline leaves no water there. */
function toWater(coast: Coast, shape: MultiPolygon): { geometry: MultiPolygon; derived: ZoneDerivation } {
  const water = coast.clipToWater(shape);
  return water.length ? { geometry: water, derived: 'points-water' } : { geometry: shape, derived: 'points' };
}

/**
 * The nearest spot 2.5-9 km from the port's facilities where a whole
 * anchorage circle lies in water. No public anchorage positions exist.
 */
export function findAnchorage(coast: Coast, centre: Pair): { centre: Pair; radiusM: number } | null {
  // Archipelago ports (Uusikaupunki, Inkoo) have no 700 m of open water near: a smaller circle further out.
  for (const radiusM of [ANCHORAGE_RADIUS_M, ANCHORAGE_RADIUS_M / 2]) {
    const full = areaM2([circle(centre, radiusM)]);
    for (let d = 2_500; d <= 9_000; d += 250) {
      for (let bearing = 0; bearing < 360; bearing += 10) {
        const c = offsetPoint(centre, d, bearing);
        if (!coast.isWater(c)) continue;
        if (areaM2(coast.clipToWater([circle(c, radiusM)], 0)) >= 0.99 * full) return { centre: c, radiusM };
      }
    }
  }
  return null;
}

const mean = (pts: Pair[]): Pair => [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];

export function buildPortData(input: BuildInput): OutFeature[] {
  const { coast } = input;
  const quays = dvkQuays(input.dvk);
  const areas = input.areas
    // ANK (at anchor) and MUU (unknown) are Portnet's catch-alls, their points a town's, not a harbour's.
    .filter((a): a is PortnetArea & { point: Pair } => a.point !== null && !PLACEHOLDER_AREAS.has(a.portAreaCode))
    .map((a) => ({ ...a, locode: AREA_LOCODE[`${a.locode}:${a.portAreaCode}`] ?? a.locode }));

  // Each quay to the nearest Portnet area point of its port.
  const quayArea = new Map<string, string>();
  for (const q of quays) {
    let best: { code: string; d: number } | null = null;
    for (const a of areas) {
      if (a.locode !== q.locode) continue;
      const d = distanceM(q.point, a.point);
      if (d <= QUAY_AREA_MAX_M && (!best || d < best.d)) best = { code: a.portAreaCode, d };
    }
    if (best) quayArea.set(q.id, best.code);
  }

  const out: OutFeature[] = [];
  for (const p of input.ports) {
    const pQuays = quays.filter((q) => q.locode === p.locode);
    const pAreas = areas.filter((a) => a.locode === p.locode);
    const harbours = [...new Set(pQuays.map((q) => q.harbour))].sort();
    const meta: Meta = { source: 'UN/LOCODE, Portnet, DVK' };
    const sv = p.altNames[0];
    if (sv) meta.nameSv = sv;
    if (harbours.length) meta.harbours = harbours.join(', ');
    if (pQuays.length) meta.quays = String(pQuays.length);
    if (pAreas.length) meta.portAreas = String(pAreas.length);
    out.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
      properties: { type: 'port', locode: p.locode, name: p.name, altNames: p.altNames, timezone: p.timezone, meta },
    });

    const facilities = [...pAreas.map((a) => a.point), ...pQuays.map((q) => q.point)];
    const wide = toWater(coast, union(...(facilities.length ? facilities : [[p.lon, p.lat] as Pair]).map((f) => [circle(f, PORT_BUFFER_M)])));
    out.push({
      type: 'Feature',
      id: `${p.locode}-port-area`,
      geometry: polygonGeometry(wide.geometry),
      properties: { type: 'portarea', locode: p.locode, name: `${p.name} port area`, berthStatusIncoming: false, meta: { derived: wide.derived, source: 'Portnet, DVK' } },
    });

    const spot = findAnchorage(coast, mean(facilities.length ? facilities : [[p.lon, p.lat]]));
    if (spot) {
      out.push({
        type: 'Feature',
        id: `${p.locode}-anchorage`,
        geometry: polygonGeometry([[circle(spot.centre, spot.radiusM)]]),
        properties: { type: 'anchorage', locode: p.locode, name: `${p.name} anchorage`, berthStatusIncoming: false, meta: { derived: 'open-water' } },
      });
    }
  }

  for (const a of areas) {
    const aQuays = quays.filter((q) => quayArea.get(q.id) === a.portAreaCode && q.locode === a.locode);
    const shape = toWater(coast, [bufferedHull([a.point, ...aQuays.map((q) => q.point)], AREA_BUFFER_M)]);
    const berthList = input.berths
      .filter((b) => (AREA_LOCODE[`${b.locode}:${b.portAreaCode}`] ?? b.locode) === a.locode && b.portAreaCode === a.portAreaCode)
      // Portnet keeps removed berths as 'POISTETTU …' and a catch-all 'MUU'.
      .filter((b) => b.berthCode !== 'MUU' && !/^POISTETTU/i.test(b.berthName))
      .map((b) => (b.berthName === b.berthCode ? b.berthCode : `${b.berthCode} ${b.berthName}`));
    const meta: Meta = { portAreaCode: a.portAreaCode, derived: shape.derived, source: aQuays.length ? 'Portnet, DVK' : 'Portnet' };
    if (aQuays.length) meta.quays = String(aQuays.length);
    if (berthList.length) meta.berths = [...new Set(berthList)].join('; ');
    out.push({
      type: 'Feature',
      id: `${a.locode}-area-${a.portAreaCode}`,
      geometry: polygonGeometry(shape.geometry),
      properties: { type: 'portarea', locode: a.locode, name: a.portAreaName, berthStatusIncoming: false, meta },
    });
  }

  for (const q of quays) {
    const meta: Meta = { source: 'DVK', harbour: q.harbour };
    const length = num(q.props.lengthM);
    const depth = depthText(q.props);
    if (length !== null) meta.lengthM = String(length);
    if (depth !== null) meta.depthM = depth;
    meta.depthDatum = q.props.n2000HeightSystem === true ? 'N2000' : 'MW';
    const fi = str(q.props.nameFi);
    const sv = str(q.props.nameSv);
    if (fi && fi !== q.name) meta.nameFi = fi;
    if (sv && sv !== q.name) meta.nameSv = sv;
    const info = str(q.props.extraInfoEn);
    if (info) meta.info = info;
    const code = quayArea.get(q.id);
    if (code) meta.portAreaCode = code;
    out.push({
      type: 'Feature',
      id: q.id,
      geometry: { type: 'Point', coordinates: [round5(q.point[0]), round5(q.point[1])] },
      properties: { type: 'berth', locode: q.locode, name: q.name, berthStatusIncoming: true, meta },
    });
  }
  return out;
}
