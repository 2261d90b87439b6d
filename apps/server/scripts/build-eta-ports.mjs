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
for (const f of JSON.parse(readFileSync(demo, 'utf8')).features) {
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
const rows = [...ports.values()].sort((a, b) => a.locode.localeCompare(b.locode)).map((p) => [p.locode, p.name, p.lat, p.lon, p.tz, [...p.names]]);
writeFileSync(out, `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
console.log(`${rows.length} ports -> ${out}`);
