import { describe, expect, it } from 'vitest';
import { checkGoals, formatReport } from './eta-report.ts';
import { ArrivalPositions, EtaScorer, normalizeLocode, quantile, scoreDetection, type TrackRow, type TruthCall } from './eta-score.ts';
import { OutsideCalls, TrackDepartures } from './eta-truth.ts';

const at = (hhmm: string) => Date.parse(`2025-09-01T${hhmm}:00Z`);

// One ship: in Tallinn 08:00-10:00, arrives Helsinki 12:00 (port point 60.0N 25.0E).
const truth: TruthCall[] = [
  { mmsi: 1, port: 'FIHEL', arrival: at('12:00'), departure: null },
  { mmsi: 1, port: 'EETLL', arrival: at('08:00'), departure: at('10:00') },
];
const ports = new Map<string, [number, number]>([['FIHEL', [60, 25]]]);
const row = (hhmm: string, lat: number, sog: number, reported: string | null, navStatus = 0): TrackRow => ({
  mmsi: 1, t: at(hhmm), lat, lon: 25, sog, navStatus, reportedEta: reported ? at(reported) : null,
});

describe('ETA scorer', () => {
  it('matches reports to the next true arrival and summarises errors by horizon (hand-computed)', () => {
    const s = new EtaScorer(truth, ports);
    s.add(row('09:00', 59.45, 0, '12:10', 5), { destination: 'FIHEL', eta: at('12:00') }); // in port before departure: left out
    // 1.5 h out, 0.5 deg of latitude = 55.5975 km at 15 kn (27.78 km/h) = 120.08 min: baseline 30.08 min late.
    s.add(row('10:30', 59.5, 15, '12:10'), { destination: 'FIHEL', eta: at('12:05') });
    // 0.5 h out, nearly stopped: the baseline uses the 15 kn seen under way; 11.1195 km = 24.02 min -> 11:54.02, 5.98 min early.
    s.add(row('11:30', 59.9, 0.5, '12:10'), { destination: 'urn:harbor:port:FIHEL', eta: at('11:58') });
    // At the port point at 2 kn: the baseline says now, 15 min early; no prediction, no reported ETA.
    s.add(row('11:45', 60, 2, null), null);
    s.add(row('12:30', 60, 0, null, 5), null); // no later arrival
    const r = s.result();
    const [b0, b1] = r.buckets;
    expect(b0!.rows).toBe(2);
    expect(b0!.ours).toEqual({ n: 1, mae: 2, median: 2, p90: 2 });
    expect(b0!.reported).toMatchObject({ n: 1, mae: 10 });
    expect(b0!.baseline.n).toBe(2);
    expect(b0!.baseline.mae).toBeCloseTo((5.98 + 15) / 2, 1);
    expect(b0!.baseline.p90).toBeCloseTo(5.98 + 0.9 * (15 - 5.98), 1);
    expect(b1!.rows).toBe(1);
    expect(b1!.ours.mae).toBe(5);
    expect(b1!.reported.mae).toBe(10);
    expect(b1!.baseline.mae).toBeCloseTo(30.08, 1);
    expect(r.buckets.slice(2).every((b) => b.rows === 0)).toBe(true);
    expect(r.ours0to3).toEqual({ n: 2, mae: 3.5, median: 3.5, p90: expect.closeTo(4.7, 9) });
    expect(r.destination).toEqual({ rows: 3, predicted: 2, right: 2 });
    expect(r.skippedInPort).toBe(1);
    expect(r.skippedNoArrival).toBe(1);

    const goals = checkGoals(r);
    expect(goals.find((g) => g.goal.includes('0-3 h before'))!.verdict).toBe('pass');
    expect(goals.find((g) => g.goal.includes('3-6 h'))!.verdict).toBe('n/a');
    // p90 in 1-3 h: ours 5 vs reported 10, limit 2 -> fail; MAE 5 vs baseline 30.08 -> pass.
    expect(goals.find((g) => g.goal.startsWith('p90') && g.goal.endsWith('1-3 h'))!.verdict).toBe('FAIL');
    expect(goals.find((g) => g.goal.startsWith('MAE at least') && g.goal.endsWith('1-3 h'))!.verdict).toBe('pass');
    expect(goals.find((g) => g.goal.startsWith('predicted destination'))!.verdict).toBe('FAIL'); // 2 of 3
    expect(formatReport(r, goals)).toContain('destination: right 66.7 %');
  });

  it('scores reports in port too when asked', () => {
    const s = new EtaScorer(truth, ports, { includePort: true });
    s.add(row('09:00', 59.45, 0, '12:10', 5), null);
    expect(s.result().buckets[1]!.rows).toBe(1); // exactly 3 h before arrival: the 1-3 h bucket
  });

  it('takes each port position from the reports right after the true arrivals', () => {
    const p = new ArrivalPositions(truth);
    p.add(row('07:00', 59.0, 10, null));
    p.add({ ...row('08:03', 59.45, 0, null), lon: 24.76 });
    p.add(row('12:02', 60.0001, 0, null));
    expect(p.positions().get('FIHEL')).toEqual([60.0001, 25]);
    expect(p.positions().get('EETLL')).toEqual([59.45, 24.76]);
  });

  it('counts arrivals and departures detected within 10 minutes', () => {
    const d = scoreDetection(
      truth,
      [
        { mmsi: 1, port: 'EETLL', arrival: at('08:09'), departure: at('10:11') },
        { mmsi: 1, port: 'urn:harbor:port:FIHEL', arrival: at('12:00'), departure: null },
        { mmsi: 2, port: 'FIHEL', arrival: at('12:00'), departure: null },
      ],
      at('00:00'),
      at('23:59'),
    );
    expect(d).toEqual({
      arrivals: { total: 2, hit: 2, byPort: { FIHEL: { total: 1, hit: 1 }, EETLL: { total: 1, hit: 1 } } },
      departures: { total: 1, hit: 0, byPort: { EETLL: { total: 1, hit: 0 } } },
      detected: 3,
    });
  });

  it('takes the departures from the tracks when the truth gives only arrivals', () => {
    // Tallinn 08:00, Helsinki 12:00, Tallinn 16:00; no departure times, as in `mmsi,arrival_port,arrival_time`.
    const arrivals: TruthCall[] = [
      { mmsi: 1, port: 'EETLL', arrival: at('08:00'), departure: null },
      { mmsi: 1, port: 'FIHEL', arrival: at('12:00'), departure: null },
      { mmsi: 1, port: 'EETLL', arrival: at('16:00'), departure: null },
    ];
    const rows = [
      row('08:02', 59.45, 0.3, null, 5), // at the berth
      row('09:00', 59.4502, 0, null, 0), // GPS jitter and a crew that never sets "moored"
      row('09:55', 59.451, 0.2, null, 0), // the last report at the berth
      row('10:05', 59.46, 8, null), // 1.1 km out
      row('10:15', 59.48, 12, null), // 3.3 km out at 12 kn: left, halfway between 09:55 and 10:05
      row('11:00', 59.7, 15, null),
      row('12:01', 60, 0, null, 5), // Helsinki; never leaves it by the tracks
      row('14:00', 60, 0, null, 5),
    ];
    const d = new TrackDepartures(arrivals);
    for (const r of rows) d.add(r);
    const filled = d.truthWithDepartures();
    expect(filled.map((c) => c.departure)).toEqual([at('10:00'), at('16:00'), null]);
    expect(d.inferred).toBe(1); // the Helsinki call ends at the next arrival
    expect(arrivals.every((c) => c.departure === null)).toBe(true); // the truth read is left as it was

    const score = (t: TruthCall[]) => {
      const s = new EtaScorer(t, ports);
      for (const r of rows) s.add(r, { destination: 'FIHEL', eta: at('12:00') });
      return s.result();
    };
    // Without the departures every report after the first arrival counted as lying in port.
    expect(score(arrivals).skippedInPort).toBe(8);
    const r = score(filled);
    expect(r.skippedInPort).toBe(5); // 08:02, 09:00, 09:55 in Tallinn; 12:01, 14:00 in Helsinki
    expect(r.buckets[0]!.rows + r.buckets[1]!.rows).toBe(3); // 10:05, 10:15, 11:00 under way

    // Departures the truth gives are kept, and none is taken from the tracks.
    const given = new TrackDepartures(truth);
    for (const r of rows) given.add(r);
    expect(given.truthWithDepartures().find((c) => c.port === 'EETLL')!.departure).toBe(at('10:00'));
    expect(given.inferred).toBe(0);
  });

  it('leaves out the reports before a call at a port the truth never names (one country\'s port calls)', () => {
    // Helsinki (60.0N 25.0E) 08:00 and 20:00; between them a call at Tallinn (59.4N 24.8E) that only the tracks show.
    const hel: TruthCall[] = [
      { mmsi: 1, port: 'FIHEL', arrival: at('08:00'), departure: at('09:00') },
      { mmsi: 1, port: 'FIHEL', arrival: at('20:00'), departure: null },
    ];
    const all = new Map<string, [number, number]>([...ports, ['EETLL', [59.4, 24.8]], ['EEPKR', [59.7, 24.2]]]);
    const r = (hhmm: string, lat: number, lon: number, sog: number, nav: number): TrackRow => ({ ...row(hhmm, lat, sog, null, nav), lon });
    const rows = [
      r('10:00', 59.7, 24.9, 15, 0), // on the way to Tallinn: its next port is none the truth names
      r('11:00', 59.42, 24.8, 0, 5), // moored in Tallinn (2.2 km off its point) for an hour
      r('11:30', 59.42, 24.8, 0, 5),
      r('12:00', 59.42, 24.8, 0, 5),
      r('13:00', 59.7, 24.9, 15, 0), // on the way back: scored against the 20:00 arrival
      r('15:00', 59.71, 24.21, 0, 1), // at anchor off Paldiski: a wait, not a call
      r('16:00', 59.71, 24.21, 0, 1),
      r('19:00', 59.9, 25, 15, 0),
    ];
    const outside = new OutsideCalls(hel, all);
    for (const x of rows) outside.add(x);
    outside.finish();
    expect(outside.found).toBe(1);
    const s = new EtaScorer(hel, all, { outside });
    for (const x of rows) s.add(x, { destination: 'FIHEL', eta: at('20:00') });
    const res = s.result();
    expect(res.skippedOutside).toBe(4); // 10:00 and the three in Tallinn
    expect(res.destination.rows).toBe(4); // 13:00, 15:00, 16:00, 19:00

    // A truth that names Tallinn finds no such call; nor does one whose ship lies in port when the tracks begin,
    // nor a stop at another harbour of the port the truth names next (at Vanasadam before shifting to Tallinn's berth).
    const complete = new OutsideCalls([...hel, { mmsi: 1, port: 'EETLL', arrival: at('11:00'), departure: at('12:00') }], all);
    const atStart = new OutsideCalls(hel.slice(1), all);
    const harbour = new OutsideCalls([...hel, { mmsi: 1, port: 'EETLL', arrival: at('12:30'), departure: null }], new Map([...all, ['EEVAN', [59.42, 24.81]]]));
    for (const o of [complete, harbour]) for (const x of rows) o.add(x);
    for (const x of [r('07:00', 59.42, 24.8, 0, 5), r('08:00', 59.42, 24.8, 0, 5), r('10:00', 59.7, 24.9, 15, 0)]) atStart.add(x);
    for (const o of [complete, atStart, harbour]) o.finish();
    expect([complete.found, atStart.found, harbour.found]).toEqual([0, 0, 0]);
  });

  it('normalises port codes and interpolates quantiles like numpy', () => {
    expect(normalizeLocode('urn:harbor:port:fitku')).toBe('FITKU');
    expect(normalizeLocode('SE STO')).toBe('SESTO');
    expect(quantile([1, 2, 3, 4], 0.9)).toBeCloseTo(3.7, 9);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
  });
});
