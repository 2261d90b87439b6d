import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shippedPorts } from '../ports.ts';
import { ferryFixture, toCsv } from '../testing/ferry-fixture.ts';
import type { DetectedCall } from '../types.ts';
import { columnsOf, isoSeconds, navStatusOf, parseReportedEta, parseTime, splitCsv } from './csv.ts';
import { portCallsCsv, replay } from './replay.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'eta-replay-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const start = Date.parse('2026-03-01T00:00:00Z');

async function runFile(file: string, chunkLines?: number) {
  let out = '';
  let calls: DetectedCall[] = [];
  const stats = await replay({ input: file, ports: shippedPorts(), write: (c) => void (out += c), onCalls: (c) => (calls = c), chunkLines });
  return { out, stats, calls };
}

describe('harbor-eta replay', () => {
  const a = ferryFixture({ mmsi: 276829000, start, days: 3 });
  const b = ferryFixture({ mmsi: 276672000, start: start + 1800_000, days: 3, cruiseKn: 18, texts: ['TALLINN EE', 'HELSINKI'] });
  const rows = [...a.reports, ...b.reports].sort((x, y) => x.at - y.at);
  const sortedFile = path.join(dir, 'sorted.csv');
  writeFileSync(sortedFile, toCsv(rows));

  it('answers one row per input row, in time order, with LOCODE and ISO UTC', async () => {
    const { out, stats } = await runFile(sortedFile);
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('mmsi,timestamp_utc,predicted_destination,predicted_eta');
    expect(lines.length - 1).toBe(rows.length);
    expect(stats).toMatchObject({ rows: rows.length, bad: 0, sorted: true });
    const last = splitCsv(lines[lines.length - 1]!);
    expect(last[2]).toMatch(/^[A-Z]{2}[A-Z0-9]{3}$/);
    expect(last[3]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('sorts input that is out of order (several runs merged) to the same answer', async () => {
    const shuffled = path.join(dir, 'shuffled.csv');
    const blocks: (typeof rows)[] = [];
    for (let i = 0; i < rows.length; i += 97) blocks.push(rows.slice(i, i + 97));
    writeFileSync(shuffled, toCsv(blocks.reverse().flat()));
    const sorted = await runFile(sortedFile);
    const merged = await runFile(shuffled, 500);
    expect(merged.stats.sorted).toBe(false);
    expect(merged.out).toBe(sorted.out);
  });

  it('survives empty fields, quotes, CRLF, other column orders and bad rows', async () => {
    const file = path.join(dir, 'messy.csv');
    writeFileSync(
      file,
      [
        'timestamp_utc,mmsi,lat,lon,sog,cog,heading,nav_status,reported_eta,destination',
        '2026-03-01T10:00:00Z,230000001,59.9,24.87,20.1,0,,0,,"FIHEL, WEST HARBOUR"',
        '2026-03-01T10:05:00Z,230000001,,,,,,,,',
        'garbage',
        '2026-03-01T10:10:00Z,230000001,91,181,102.3,360,511,15,,FIHEL',
        'not-a-time,230000001,59.9,24.87,20,0,0,0,,FIHEL',
        '2026-03-01T10:15:00,230000001,59.95,24.88,19.9,1,1,0,2026-03-01T11:00:00Z,"FI ""HEL"""',
      ].join('\r\n') + '\r\n',
    );
    const { out, stats } = await runFile(file);
    const lines = out.trim().split('\n');
    expect(lines.length - 1).toBe(6);
    expect(stats.bad).toBe(4);
    expect(lines[1]).toMatch(/^230000001,2026-03-01T10:00:00Z,FIHEL,2026-03-01T1\d:\d\d:\d\dZ$/);
    expect(lines[2]).toBe('230000001,2026-03-01T10:05:00Z,,');
    expect(lines).toContain('230000001,2026-03-01T10:15:00,FIHEL,' + splitCsv(lines.find((l) => l.includes('10:15:00'))!)[3]);
  });

  it('carries a ship\'s last destination and ETA over rows that leave them blank, as the vessel store does', async () => {
    // An export may fill the voyage cells only where they changed (or where a static report came in).
    const sparse = path.join(dir, 'sparse.csv');
    const seen = new Map<number, string>();
    const thinned = rows.map((r) => {
      const voyage = `${r.destination}|${r.reportedEta}`;
      const same = seen.get(r.mmsi) === voyage;
      seen.set(r.mmsi, voyage);
      return same ? { ...r, destination: null, reportedEta: null } : r;
    });
    expect(thinned.filter((r) => r.destination === null).length).toBeGreaterThan(rows.length * 0.8);
    writeFileSync(sparse, toCsv(thinned));
    const full = await runFile(sortedFile);
    const thin = await runFile(sparse);
    expect(thin.out).toBe(full.out);
    expect(thin.calls).toEqual(full.calls);
  });

  it('writes the port calls it detected', async () => {
    const { calls } = await runFile(sortedFile);
    const csv = portCallsCsv(calls).trim().split('\n');
    expect(csv[0]).toBe('mmsi,port,arrival_time,departure_time');
    const truth = [...a.arrivals, ...b.arrivals];
    for (const t of truth) {
      const c = calls.find((x) => x.mmsi === t.mmsi && Math.abs(x.arrival - t.at) < 600_000);
      expect(c?.port).toBe(t.port);
    }
  });

  it('reads ISO times with and without a zone as UTC, and Unix times', () => {
    expect(parseTime('2026-03-01T10:15:00Z')).toBe(Date.parse('2026-03-01T10:15:00Z'));
    expect(parseTime('2026-03-01T10:15:00')).toBe(Date.parse('2026-03-01T10:15:00Z'));
    expect(parseTime('2026-03-01 10:15:00')).toBe(Date.parse('2026-03-01T10:15:00Z'));
    expect(parseTime('2026-03-01T12:15:00+02:00')).toBe(Date.parse('2026-03-01T10:15:00Z'));
    expect(parseTime('2026-03-01T10:15:00.250Z')).toBe(Date.parse('2026-03-01T10:15:00.250Z'));
    expect(parseTime('2026/03/01 10:15:00')).toBe(Date.parse('2026-03-01T10:15:00Z'));
    expect(parseTime('1772360100')).toBe(Date.parse('2026-03-01T10:15:00Z'));
    expect(parseTime('1772360100.5')).toBe(Date.parse('2026-03-01T10:15:00.500Z'));
    expect(parseTime('1772360100000')).toBe(Date.parse('2026-03-01T10:15:00Z'));
    expect(parseTime('01/03/2026 10:15:00')).toBe(Date.parse('2026-03-01T10:15:00Z'));
    expect(parseTime('12345')).toBeNull();
    expect(parseTime('03-01 10:15')).toBeNull();
    expect(parseTime('')).toBeNull();
    expect(parseTime('yesterday')).toBeNull();
    expect(readFileSync(sortedFile, 'utf8').length).toBeGreaterThan(0);
  });

  it("finds columns under other exports' names when the issue's are absent", () => {
    const c = columnsOf('MMSI,BaseDateTime,LAT,LON,SOG,COG,Heading,Status,ETA,Destination');
    expect(c).toEqual({ mmsi: 0, timestamp_utc: 1, lat: 2, lon: 3, sog: 4, cog: 5, heading: 6, nav_status: 7, reported_eta: 8, destination: 9 });
    expect(columnsOf('timestamp_utc,time,mmsi,latitude,longitude').timestamp_utc).toBe(0);
    expect(() => columnsOf('mmsi,when,lat,lon')).toThrow(/no column timestamp_utc/);
    // DMA's header.
    const dma = columnsOf('# Timestamp,Type of mobile,MMSI,Latitude,Longitude,Navigational status,ROT,SOG,COG,Heading,IMO,Callsign,Name,Ship type,Cargo type,Width,Length,Type of position fixing device,Draught,Destination,ETA');
    expect(dma).toMatchObject({ timestamp_utc: 0, mmsi: 2, lat: 3, lon: 4, nav_status: 5, sog: 7, cog: 8, heading: 9, destination: 19, reported_eta: 20 });
    // Digitraffic's location fields flattened, the point as x and y.
    expect(columnsOf('mmsi,x,y,sog,cog,navStat,heading,timestampExternal,eta,destination')).toEqual({
      mmsi: 0, lon: 1, lat: 2, sog: 3, cog: 4, nav_status: 5, heading: 6, timestamp_utc: 7, reported_eta: 8, destination: 9,
    });
  });

  it('reads the navigational status as a number or in words', () => {
    expect(['0', '5', ' 1 ', 'Under way using engine', 'At anchor', 'Moored', 'Restricted maneuverability', 'Unknown value', '', '99'].map(navStatusOf)).toEqual([0, 5, 1, 0, 1, 5, 3, null, null, null]);
  });

  it("reads crews' ETAs without a year (AIS text, Digitraffic's packed number) in the year the report's time gives", () => {
    const at = Date.parse('2026-12-30T10:00:00Z');
    expect(parseReportedEta('2027-01-02T06:00:00Z', at)).toBe(Date.parse('2027-01-02T06:00:00Z'));
    expect(parseReportedEta('01-02 06:00', at)).toBe(Date.parse('2027-01-02T06:00:00Z'));
    expect(parseReportedEta('12-29 18:30', at)).toBe(Date.parse('2026-12-29T18:30:00Z'));
    const packed = (1 << 16) | (2 << 11) | (6 << 6) | 0;
    expect(parseReportedEta(String(packed), at)).toBe(Date.parse('2027-01-02T06:00:00Z'));
    // AIS's "not available": month and day 0.
    expect(parseReportedEta(String((24 << 6) | 60), at)).toBeNull();
    expect(parseReportedEta('00-00 24:60', at)).toBeNull();
    expect(parseReportedEta('02-30 10:00', at)).toBeNull();
    expect(parseReportedEta('', at)).toBeNull();
  });
});

describe('isoSeconds', () => {
  it('writes whole-second UTC times, days in any order (each ship\'s ETA falls on its own day)', () => {
    const times = [Date.parse('2026-03-01T23:59:59.400Z'), Date.parse('2025-12-31T00:00:00Z'), Date.parse('2026-03-01T00:00:00.600Z'), Date.parse('2028-02-29T12:34:56Z'), Date.parse('2025-12-31T23:59:59.500Z')];
    for (const t of [...times, ...times.reverse()]) expect(isoSeconds(t)).toBe(new Date(Math.round(t / 1000) * 1000).toISOString().replace('.000Z', 'Z'));
  });
});
