/**
 * `npm run build:port-data [-- SHARED_GEO_DIR]`: rebuilds the shipped port data
 * (apps/server/src/seed/ports/finland.geojson and ssn-locations.csv) from the
 * public source files in ../shared/data/geo. The server reads only the
 * shipped copies; run this when a source file changes and commit the output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildPortData, type CuratedPort, type DvkFeature, type PortnetArea, type PortnetBerth } from '../modules/zones/port-data/build.ts';
import { Coast, type Pair, type Ring } from '../modules/zones/port-data/derive.ts';
import { csvRecords } from '../modules/zones/import/csv-stream.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const geoDir = path.resolve(process.argv[2] ?? path.join(here, '../../../../../shared/data/geo'));
const seedDir = path.join(here, '../seed/ports');

/** The Baltic and the North Sea with Norway's coast: the ports this product's map and port calls meet. */
const SSN_BOX = { west: -5, south: 48, east: 32, north: 72 };

async function readCsv(file: string): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  const text = readFileSync(path.join(geoDir, file), 'utf8');
  const once = async function* () {
    yield text;
  };
  for await (const r of csvRecords(once())) rows.push(r);
  return rows;
}
const csvField = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(geoDir, file), 'utf8')) as T;
const rings = (file: string) => readJson<{ geometries: { coordinates: Ring[] }[] }>(file).geometries.map((g) => g.coordinates[0]!);

const started = Date.now();
const coast = new Coast(rings('coastline/gshhg-full-land-baltic.geojson'), rings('coastline/gshhg-full-lakes-baltic.geojson'));

const areas: PortnetArea[] = readJson<{ features: { geometry: { coordinates: Pair } | null; properties: Record<string, string> }[] }>(
  'fi-port-areas-portnet.geojson',
).features.map((f) => ({
  locode: f.properties.locode!,
  portAreaCode: f.properties.portAreaCode!,
  portAreaName: f.properties.portAreaName!,
  point: f.geometry?.coordinates ?? null,
}));
const berths = (await readCsv('fi-berths-portnet.csv')) as unknown as PortnetBerth[];
// A few DVK cards have no position: nothing to draw for them.
const dvk: DvkFeature[] = readJson<{ features: { geometry: { coordinates: Pair } | null; properties: Record<string, unknown> }[] }>(
  'fi-harbours-quays-dvk.geojson',
).features.flatMap((f) => (f.geometry ? [{ point: f.geometry.coordinates, props: f.properties }] : []));
const ports = JSON.parse(readFileSync(path.join(here, '../modules/zones/port-data/curated-ports.json'), 'utf8')) as CuratedPort[];

const features = buildPortData({ ports, areas, berths, dvk, coast });
const geojson = `{"type":"FeatureCollection","features":[\n${features.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`;
writeFileSync(path.join(seedDir, 'finland.geojson'), geojson);

const ssnColumns = ['locode', 'name', 'country', 'lat', 'lon'];
const ssn = await readCsv('digitraffic-ssn-locations.csv');
// Finnish locations stay even without a position (port calls name them); where DVK or Portnet
// has a point for the port, it fills the gap (the DVK harbour point first).
const facilityPoint = new Map<string, Pair>();
for (const a of areas) if (a.point && !['ANK', 'MUU'].includes(a.portAreaCode) && !facilityPoint.has(a.locode)) facilityPoint.set(a.locode, a.point);
for (const f of dvk) {
  const code = f.props.featureType === 'harbour' ? f.props.nearestPortnetLocode : null;
  if (typeof code === 'string') facilityPoint.set(code, f.point);
}
const kept = ssn
  .map((r) => {
    const fill = r.lat === '' && r.country === 'Finland' ? facilityPoint.get(r.locode!) : undefined;
    return fill ? { ...r, lon: String(fill[0]), lat: String(fill[1]) } : r;
  })
  .filter((r) => {
    if (r.country === 'Finland') return true;
    const lat = Number(r.lat);
    const lon = Number(r.lon);
    return r.lat !== '' && r.lon !== '' && lon >= SSN_BOX.west && lon <= SSN_BOX.east && lat >= SSN_BOX.south && lat <= SSN_BOX.north;
  });
const ssnCsv = [ssnColumns.join(','), ...kept.map((r) => ssnColumns.map((c) => csvField(r[c] ?? '')).join(','))].join('\n') + '\n';
writeFileSync(path.join(seedDir, 'ssn-locations.csv'), ssnCsv);

const count = (t: string) => features.filter((f) => f.properties.type === t).length;
console.log(
  `finland.geojson: ${(geojson.length / 1024).toFixed(0)} KB, ${count('port')} ports, ${count('portarea')} port areas, ${count('berth')} berths, ${count('anchorage')} anchorages; ` +
    `ssn-locations.csv: ${(ssnCsv.length / 1024).toFixed(0)} KB, ${kept.length} of ${ssn.length} locations; ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
