#!/usr/bin/env node
/**
 * Development-time generator of the shipped port catalogue of the eta module
 * (apps/server/src/modules/eta/catalogue/ports.json): the UN/LOCODE ports (function 1) of the
 * Baltic and the North Sea from the shared `unlocode.csv`, with the IANA zone of
 * `ports-baltic-unlocode.geojson` where it has one (the server's own rule otherwise), and
 * the 22 curated Finnish demo ports' harbour points. Run once after the shared data changes:
 *   node apps/server/scripts/build-eta-ports.mjs ../shared/data/geo
 * The product never reads the shared folder at run time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const geo = process.argv[2] ?? path.resolve(import.meta.dirname, '../../../../shared/data/geo');
const out = path.resolve(import.meta.dirname, '../src/modules/eta/catalogue/ports.json');
const demo = path.resolve(import.meta.dirname, '../src/seed/ports/finland.geojson');

const COUNTRIES = new Set('FI AX SE EE LV LT PL DE DK RU NO NL BE GB FR'.split(' '));
const BOX = { west: -6, south: 49, east: 31, north: 66.2 };
// Zones of countries the Baltic file does not cover (one zone each in this box).
const ZONE = { NL: 'Europe/Amsterdam', BE: 'Europe/Brussels', GB: 'Europe/London', FR: 'Europe/Paris', NO: 'Europe/Oslo', DK: 'Europe/Copenhagen', DE: 'Europe/Berlin', SE: 'Europe/Stockholm', FI: 'Europe/Helsinki', AX: 'Europe/Mariehamn', EE: 'Europe/Tallinn', LV: 'Europe/Riga', LT: 'Europe/Vilnius', PL: 'Europe/Warsaw' };

function parseCsvLine(line) {
  const out = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q) {
      if (c === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') q = false; else cur += c;
    } else if (c === '"') q = true;
    else if (c === ',') { out.push(cur); cur = ''; } else cur += c;
  }
  out.push(cur);
  return out;
}

const baltic = new Map(JSON.parse(readFileSync(path.join(geo, 'ports-baltic-unlocode.geojson'), 'utf8')).features.map((f) => [f.properties.locode, f.properties.timezone]));
const lines = readFileSync(path.join(geo, 'unlocode.csv'), 'utf8').split('\n');
const head = parseCsvLine(lines[0]);
const col = Object.fromEntries(head.map((h, i) => [h, i]));
const ports = new Map();
for (const line of lines.slice(1)) {
  if (!line) continue;
  const r = parseCsvLine(line);
  if (r[col.is_port] !== '1' || r[col.is_reference_entry] === '1' || !COUNTRIES.has(r[col.country])) continue;
  const lat = Number(r[col.lat]);
  const lon = Number(r[col.lon]);
  if (!r[col.lat] || !Number.isFinite(lat) || lat < BOX.south || lat > BOX.north || lon < BOX.west || lon > BOX.east) continue;
  const locode = r[col.locode];
  const country = r[col.country];
  const tz = baltic.get(locode) ?? (country === 'RU' ? (lon < 22.9 ? 'Europe/Kaliningrad' : 'Europe/Moscow') : ZONE[country]);
  const p = ports.get(locode) ?? { locode, name: r[col.name], names: new Set(), lat: Math.round(lat * 1e5) / 1e5, lon: Math.round(lon * 1e5) / 1e5, tz };
  for (const n of [r[col.name], r[col.name_ascii]]) if (n && n !== p.name) p.names.add(n);
  ports.set(locode, p);
}
const demoFeatures = JSON.parse(readFileSync(demo, 'utf8')).features;
for (const f of demoFeatures) {
  const pr = f.properties;
  if (pr.type !== 'port') continue;
  const [lon, lat] = f.geometry.coordinates;
  const p = ports.get(pr.locode) ?? { locode: pr.locode, name: pr.name, names: new Set(), tz: pr.timezone };
  Object.assign(p, { lat, lon });
  for (const n of [pr.name, ...(pr.altNames ?? [])]) if (n !== p.name) p.names.add(n);
  ports.set(pr.locode, p);
}
// Geocoded points that are plainly wrong for the port (the geocoder found a namesake):
// Långnäs is the Åland ferry terminal, not the place of that name on the Finnish mainland.
const FIXES = { FILAN: [60.1167, 20.2967] };
for (const [locode, [lat, lon]] of Object.entries(FIXES)) Object.assign(ports.get(locode), { lat, lon });
// Names crews write that no source lists: Mussalo is Kotka's main harbour; HaminaKotka, the port
// company's name, is either port (the one nearer the ship wins).
const EXTRA_NAMES = { FIKTK: ['Mussalo', 'HaminaKotka'], FIHMN: ['HaminaKotka'] };
for (const [locode, names] of Object.entries(EXTRA_NAMES)) for (const n of names) ports.get(locode).names.add(n);
foldIntoPortAreas(ports, demoFeatures);
const rows = [...ports.values()]
  .sort((a, b) => a.locode.localeCompare(b.locode))
  .map((p) => (p.codes ? [p.locode, p.name, p.lat, p.lon, p.tz, [...p.names], p.codes] : [p.locode, p.name, p.lat, p.lon, p.tz, [...p.names]]));
writeFileSync(out, `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
console.log(`${rows.length} ports -> ${out}`);

/**
 * UN/LOCODE lists harbours of one port apart (Yxpila of Kokkola, Sunila of Kotka, Mäntyluoto and
 * Tahkoluoto of Pori, AXMHQ beside FIMHQ), while port calls are filed under the port (Portnet,
 * and the product's own port-calls module, which detects by these port areas). A catalogue port
 * whose point lies in, or within FOLD_M of, a shipped Portnet port area of another locode becomes
 * part of that port: its row goes, its names and its locode (`codes`) join the port's row, so a
 * stop there is a call at the port and a text naming it names the port. A port with a port card
 * of its own (FIVSS, the product's default port) is never folded.
 */
function foldIntoPortAreas(ports, features) {
  const FOLD_M = 1000;
  const own = new Set(features.filter((f) => f.properties.type === 'port').map((f) => f.properties.locode));
  const areas = features.filter((f) => f.properties.type === 'portarea');
  for (const p of [...ports.values()]) {
    if (own.has(p.locode) || areas.some((a) => a.properties.locode === p.locode)) continue;
    let best = null;
    for (const a of areas) {
      const d = metresToArea(p.lat, p.lon, a.geometry);
      if (d <= FOLD_M && (best === null || d < best.d)) best = { d, locode: a.properties.locode };
    }
    const into = best && ports.get(best.locode);
    if (!into) continue;
    ports.delete(p.locode);
    for (const n of [p.name, ...p.names]) if (n !== into.name) into.names.add(n);
    into.codes = [...(into.codes ?? []), p.locode].sort();
  }
}

/** 0 inside the (multi)polygon, else the distance to its nearest vertex in metres (the areas are small and densely drawn). */
function metresToArea(lat, lon, geometry) {
  const polys = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best = Infinity;
  for (const [outer] of polys) {
    let inside = false;
    for (let i = 0, j = outer.length - 1; i < outer.length; j = i++) {
      const [xi, yi] = outer[i];
      const [xj, yj] = outer[j];
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
      best = Math.min(best, haversineM(lat, lon, yi, xi));
    }
    if (inside) return 0;
  }
  return best;
}

/** As the eta module's `haversine` (geo.ts), which a plain Node script cannot import. */
function haversineM(lat1, lon1, lat2, lon2) {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(a));
}
