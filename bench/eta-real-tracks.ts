/**
 * Real data into the ETA evaluation's formats (see bench/README-eta.md for what exists and how short it is):
 *
 *   npx tsx bench/eta-real-tracks.ts nmea FILE...        > tracks.csv   AIS NMEA captures (receive times from
 *                                                                       $PGHP / tag blocks), voyage data from type 5
 *   npx tsx bench/eta-real-tracks.ts mqtt FILE.jsonl...  > tracks.csv   Digitraffic MQTT v1 `vessels/+/locations`
 *   npx tsx bench/eta-real-tracks.ts ibnet FILE.jsonl    > tracks.csv   IBNet winter-navigation snapshot (one row a ship,
 *                                                                       with the crews' destination texts and ETAs)
 *   npx tsx bench/eta-real-tracks.ts portcalls FILE.jsonl > truth.csv   Digitraffic port calls with ATA/ATD
 *
 * Tracks rows: mmsi,timestamp_utc,lat,lon,sog,cog,heading,nav_status,reported_eta,destination, sorted by time,
 * one row per report (the copies relayed by several base stations dropped).
 */
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { AisDecoder, etaToTimestamp, hasCourse, hasHeading, hasPosition, hasSpeed, type AisMessage } from '../packages/ais/src/index.ts';
import { isoSecond, TRACKS_HEADER, TRUTH_HEADER } from '../packages/ais/src/voyages/simulate.ts';
import { mapDigitrafficPortCall, type DigitrafficPortCall } from '../apps/server/src/modules/port-calls/nsw-mapper.ts';

interface Row {
  mmsi: number;
  t: number;
  lat: number;
  lon: number;
  sog: number | null;
  cog: number | null;
  heading: number | null;
  nav: number | null;
  eta: number | null;
  dest: string;
}

const csvText = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
const opt = (x: number | null, digits?: number) => (x === null ? '' : digits === undefined ? String(x) : x.toFixed(digits));

function writeRows(rows: Row[]) {
  rows.sort((a, b) => a.t - b.t || a.mmsi - b.mmsi);
  // Base stations relay the same report with receive times up to seconds apart: keep the first.
  const seen = new Map<string, number>();
  const out = [TRACKS_HEADER];
  for (const r of rows) {
    const k = `${r.mmsi}|${r.lat}|${r.lon}|${r.sog}`;
    const last = seen.get(k);
    seen.set(k, r.t);
    if (last !== undefined && r.t - last < 60_000) continue;
    out.push(
      `${r.mmsi},${isoSecond(r.t)},${r.lat.toFixed(6)},${r.lon.toFixed(6)},${opt(r.sog, 1)},${opt(r.cog, 1)},${opt(r.heading)},${opt(r.nav)},` +
        `${r.eta === null ? '' : isoSecond(r.eta)},${csvText(r.dest)}`,
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
  console.error(`${out.length - 1} rows, ${new Set(rows.map((r) => r.mmsi)).size} ships`);
}

async function fromNmea(files: string[]) {
  const rows: Row[] = [];
  const voyage = new Map<number, { eta: ReturnType<typeof Object>; dest: string; raw: AisMessage & { type: 5 } }>();
  for (const file of files) {
    const decoder = new AisDecoder();
    const take = (m: AisMessage | null) => {
      if (!m || m.receivedAt === undefined) return;
      if (m.type === 5) voyage.set(m.mmsi, { eta: m.eta, dest: m.destination, raw: m });
      if (!hasPosition(m as never)) return;
      if (m.type !== 1 && m.type !== 2 && m.type !== 3 && m.type !== 18 && m.type !== 19) return;
      const v = voyage.get(m.mmsi);
      rows.push({
        mmsi: m.mmsi, t: m.receivedAt, lat: m.lat, lon: m.lon,
        sog: hasSpeed(m) ? m.speed : null, cog: hasCourse(m) ? m.course : null, heading: hasHeading(m) ? m.heading : null,
        nav: 'status' in m ? m.status : null,
        eta: v ? (etaToTimestamp(v.raw.eta, m.receivedAt) ?? null) : null, dest: v?.dest ?? '',
      });
    };
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) take(decoder.push(line));
    decoder.flush();
  }
  writeRows(rows);
}

function fromMqtt(files: string[]) {
  const rows: Row[] = [];
  for (const file of files)
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const f = JSON.parse(line) as { mmsi: number; geometry: { coordinates: [number, number] }; properties: Record<string, number> };
      const p = f.properties;
      rows.push({
        mmsi: f.mmsi, t: p.timestampExternal!, lat: f.geometry.coordinates[1], lon: f.geometry.coordinates[0],
        sog: p.sog ?? null, cog: p.cog ?? null, heading: p.heading === 511 ? null : (p.heading ?? null), nav: p.navStat ?? null, eta: null, dest: '',
      });
    }
  writeRows(rows);
}

function fromIbnet(files: string[]) {
  const rows: Row[] = [];
  for (const file of files)
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const v = JSON.parse(line) as {
        shipData: { mmsi: number | null };
        shipState: { timestamp: string; lat: number; lon: number; speed: number | null; course: number | null; heading: number | null; aisState: number | null; aisDestination: string | null } | null;
        shipVoyage: { destEta: string | null } | null;
      };
      const st = v.shipState;
      if (!v.shipData.mmsi || !st || !Number.isFinite(st.lat)) continue;
      const eta = v.shipVoyage?.destEta ? Date.parse(v.shipVoyage.destEta) : NaN;
      rows.push({
        mmsi: v.shipData.mmsi, t: Date.parse(st.timestamp), lat: st.lat, lon: st.lon, sog: st.speed, cog: st.course,
        heading: st.heading === 511 ? null : st.heading, nav: st.aisState, eta: Number.isFinite(eta) ? eta : null, dest: st.aisDestination ?? '',
      });
    }
  writeRows(rows);
}

function fromPortCalls(files: string[]) {
  const out = [TRUTH_HEADER];
  let skipped = 0;
  for (const file of files)
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const c = JSON.parse(line) as DigitrafficPortCall;
      const ata = c.portAreaDetails?.map((d) => d.ata).find(Boolean);
      const atd = c.portAreaDetails?.map((d) => d.atd).find(Boolean);
      // The port as the product names it (Portnet files Vuosaari under FIHEL; Harbor, like UN/LOCODE, as FIVSS).
      const port = mapDigitrafficPortCall(c)?.portCode;
      // A truth row needs the ship (MMSI 0 = unknown) and its actual arrival.
      if (!c.mmsi || !ata || !port) {
        skipped++;
        continue;
      }
      out.push(`${c.mmsi},${port},${isoSecond(Date.parse(ata))},${atd ? isoSecond(Date.parse(atd)) : ''}`);
    }
  process.stdout.write(`${out.join('\n')}\n`);
  console.error(`${out.length - 1} arrivals with ATA, ${skipped} calls without MMSI or ATA left out`);
}

const [mode, ...files] = process.argv.slice(2);
if (files.length === 0 || !['nmea', 'mqtt', 'ibnet', 'portcalls'].includes(mode ?? '')) {
  console.error('usage: npx tsx bench/eta-real-tracks.ts nmea|mqtt|ibnet|portcalls FILE... > out.csv');
  process.exitCode = 2;
} else if (mode === 'nmea') await fromNmea(files);
else if (mode === 'mqtt') fromMqtt(files);
else if (mode === 'ibnet') fromIbnet(files);
else fromPortCalls(files);
