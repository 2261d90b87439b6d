import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTracks } from './tracks.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'eta-tracks-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the evaluation reads of a file: every row's ship, time, position and voyage data. */
function read(file: string, chunkLines?: number) {
  const t = readTracks(file, chunkLines);
  try {
    return [...t.rows].map((r) => r.report && [r.report.mmsi, r.report.at, r.report.lat, r.report.sog, r.report.reportedEta, r.report.destination]);
  } finally {
    t.cleanup();
  }
}

describe('readTracks (the rows both the replay and eval:eta read)', () => {
  const issueFormat = [
    'mmsi,timestamp_utc,lat,lon,sog,cog,heading,nav_status,reported_eta,destination',
    '230000001,2026-03-01T10:00:00Z,60.1,24.9,0.1,0,0,5,2026-03-01T14:00:00Z,EETLL',
    '230000002,2026-03-01T10:01:00Z,59.5,24.8,15.2,10,10,0,2026-03-01T11:00:00Z,FIHEL',
    '230000001,2026-03-01T10:05:00Z,60.09,24.9,8,180,180,0,,',
    '230000001,2026-03-01T10:10:00Z,60.0,24.9,102.3,181,511,0,,FIHEL',
  ];

  it('reads an export with other column names, Unix times, CRLF and rows out of time order as the issue format', () => {
    const a = path.join(dir, 'issue.csv');
    writeFileSync(a, issueFormat.join('\n') + '\n');
    const unix = (iso: string) => String(Date.parse(iso) / 1000);
    const b = path.join(dir, 'export.csv');
    const rows = issueFormat.slice(1).map((l) => {
      const f = l.split(',');
      return [f[0], unix(f[1]!), ...f.slice(2)].join(',');
    });
    // Grouped by ship rather than by time, as some exports write it.
    const byShip = [rows[0], rows[2], rows[3], rows[1]];
    writeFileSync(b, ['MMSI,Timestamp,Latitude,Longitude,SOG,COG,Heading,Navigational status,ETA,Destination', ...byShip].join('\r\n') + '\r\n');
    const want = read(a);
    expect(read(b, 2)).toEqual(want);
    expect(want).toEqual([
      [230000001, Date.parse('2026-03-01T10:00:00Z'), 60.1, 0.1, Date.parse('2026-03-01T14:00:00Z'), 'EETLL'],
      [230000002, Date.parse('2026-03-01T10:01:00Z'), 59.5, 15.2, Date.parse('2026-03-01T11:00:00Z'), 'FIHEL'],
      // Blank voyage cells carry the ship's last ones; 102.3 kn is "not available".
      [230000001, Date.parse('2026-03-01T10:05:00Z'), 60.09, 8, Date.parse('2026-03-01T14:00:00Z'), 'EETLL'],
      [230000001, Date.parse('2026-03-01T10:10:00Z'), 60.0, null, Date.parse('2026-03-01T14:00:00Z'), 'FIHEL'],
    ]);
  });
});
