import { describe, expect, it } from 'vitest';
import { DETECTION_DEFAULTS, expire, newTrack, step, type DetectionEvent, type ShipReport, type ShipTrack } from './detection.ts';
import { demoDetectionZones, VoyageBuilder, VUOSAARI } from './testing/voyage.ts';

const zones = demoDetectionZones();
const T0 = Date.UTC(2026, 10, 20, 6, 0);

function run(reports: ShipReport[], destination: string | null = 'FIHEL VUOSAARI', eta: number | null = T0 + 3 * 3600_000, start?: ShipTrack) {
  let track = start ?? newTrack(reports[0]!.mmsi);
  const events: DetectionEvent[] = [];
  for (const report of reports) {
    const r = step(track, {
      report,
      hit: zones.locate(report.lon, report.lat),
      voyage: { destination, eta },
      destinationMatches: (code) => zones.destinationMatches(code, destination),
    });
    track = r.track;
    events.push(...r.events);
  }
  return { track, events };
}

const summary = (events: DetectionEvent[]) =>
  events.map((e) => (e.type === 'arrived' || e.type === 'left' ? `${e.type}:${e.kind}:${e.place.name ?? '-'}` : e.type));

describe('port-call detection', () => {
  it('finds the zones of the demo set', () => {
    expect(zones.locate(...VUOSAARI.quayE)).toMatchObject({ portCode: 'FIVSS', berth: { name: 'Quay E' } });
    expect(zones.locate(...VUOSAARI.anchorage)).toMatchObject({ portCode: 'FIVSS', anchorage: { name: 'Vuosaari anchorage' }, berth: null });
    expect(zones.locate(...VUOSAARI.inPort)).toMatchObject({ portCode: 'FIVSS', berth: null, anchorage: null });
    expect(zones.locate(...VUOSAARI.sea)).toBeNull();
  });

  it('matches AIS destinations', () => {
    expect(zones.destinationMatches('FIVSS', 'FI VSS')).toBe(true);
    expect(zones.destinationMatches('FIVSS', 'vuosaari')).toBe(true);
    expect(zones.destinationMatches('FIVSS', 'SEGOT>FIVSS')).toBe(true);
    expect(zones.destinationMatches('FIVSS', 'FIVSS>SEGOT')).toBe(false);
    expect(zones.destinationMatches('FITKU', 'ÅBO')).toBe(false); // under 4 letters: too loose
    expect(zones.destinationMatches('FITKU', 'TURKU')).toBe(true);
    expect(zones.destinationMatches('FIVSS', 'TALLINN')).toBe(false);
    expect(zones.destinationMatches('FIVSS', null)).toBe(false);
  });

  it('follows a whole visit: incoming, anchorage, berth, departed', () => {
    const v = new VoyageBuilder(230_000_001, T0, VUOSAARI.sea)
      .sail(VUOSAARI.areaEdge, 30, 12)
      .sail(VUOSAARI.anchorage, 12, 5)
      .stay(20, 1)
      .sail(VUOSAARI.quayE, 30, 4);
    const berthAt = v.at + 180_000;
    v.stay(30, 5);
    const leaveAt = v.at + 10_000;
    v.sail(VUOSAARI.inPort, 10, 3).sail(VUOSAARI.areaEdge, 20, 8);
    const edgeAt = v.at;
    v.sail(VUOSAARI.sea, 30, 12);
    const { track, events } = run(v.reports);
    expect(summary(events)).toEqual([
      'opened',
      'arrived:anchorage:Vuosaari anchorage',
      'left:anchorage:Vuosaari anchorage',
      'arrived:berth:Quay E',
      'left:berth:Quay E',
      'departed',
    ]);
    const opened = events[0] as Extract<DetectionEvent, { type: 'opened' }>;
    expect(opened).toMatchObject({ portCode: 'FIVSS', eta: T0 + 3 * 3600_000, destination: 'FIHEL VUOSAARI' });
    expect(opened.visitKey).toBe(`ais:230000001:FIVSS:${Math.floor(opened.at / 60_000)}`);
    // Times are those of the first report of the confirming run.
    const berth = events[3] as Extract<DetectionEvent, { type: 'arrived' }>;
    expect(berth.berthing).toBe(true);
    expect(berth.at).toBe(berthAt);
    expect(events[4]!.at).toBe(leaveAt);
    // Departed at the first report outside the port area (its water ends between areaEdge and the sea).
    const departed = events[5] as Extract<DetectionEvent, { type: 'departed' }>;
    const firstOutside = v.reports.find((r) => r.at > leaveAt && !zones.locate(r.lon, r.lat))!;
    expect(departed.at).toBe(firstOutside.at);
    expect(departed.at).toBeGreaterThan(edgeAt);
    expect(departed.estimated).toBe(false);
    expect(new Set(events.map((e) => e.visitKey)).size).toBe(1);
    expect(track.call).toBeNull();
  });

  it('ignores GPS jumps and single stray reports', () => {
    const v = new VoyageBuilder(230_000_002, T0, VUOSAARI.sea).sail(VUOSAARI.areaEdge, 20, 10).sail(VUOSAARI.quayE, 40, 4).stay(10, 0, 60_000, 0);
    // One report far out at sea, one elsewhere in port, then back at the berth.
    v.glitch(VUOSAARI.sea, 0).glitch(VUOSAARI.inPort, 0).stay(10, 0, 60_000, 0);
    const { events } = run(v.reports);
    expect(summary(events)).toEqual(['opened', 'arrived:berth:Quay E']);
  });

  it('does not open a call for a ship passing through at speed to elsewhere', () => {
    const v = new VoyageBuilder(230_000_003, T0, [25.15, 60.2]).sail(VUOSAARI.areaEdge, 40, 14);
    expect(run(v.reports, 'TALLINN').events).toEqual([]);
    // The same track with this port as destination is a call.
    expect(summary(run(v.reports, 'FIVSS').events)).toEqual(['opened']);
  });

  it('does not count reports across an AIS gap as consecutive', () => {
    const v = new VoyageBuilder(230_000_004, T0, VUOSAARI.sea).sail(VUOSAARI.areaEdge, 20, 10).sail(VUOSAARI.quayE, 40, 4).stay(5, 5);
    v.sail(VUOSAARI.sea, 2, 12, 10_000).gap(3 * 3600_000).glitch(VUOSAARI.sea, 12);
    const before = run(v.reports);
    expect(summary(before.events)).toEqual(['opened', 'arrived:berth:Quay E']);
    // Two reports outside before the gap and one after did not make three in a row.
    // Three more after the gap do: departed, timed at the first report after the gap.
    const gapEnd = v.at;
    const after = new VoyageBuilder(230_000_004, v.at, VUOSAARI.sea).stay(3, 0, 30_000, 12);
    const { events } = run(after.reports, null, null, before.track);
    expect(summary(events)).toEqual(['left:berth:Quay E', 'departed']);
    expect(events[1]!.at).toBe(gapEnd);
  });

  it('updates the ETA of an incoming call and closes silent calls as estimated departures', () => {
    const v = new VoyageBuilder(230_000_005, T0, VUOSAARI.sea).sail(VUOSAARI.areaEdge, 20, 10).sail(VUOSAARI.inPort, 20, 5);
    const first = run(v.reports, 'FIVSS', T0 + 3600_000);
    const more = new VoyageBuilder(230_000_005, v.at, VUOSAARI.inPort).stay(1, 0, 10_000, 5);
    const second = run(more.reports, 'FIVSS', T0 + 2 * 3600_000, first.track);
    expect(second.events).toMatchObject([{ type: 'eta', eta: T0 + 2 * 3600_000 }]);
    expect(expire(second.track, v.at + 3600_000).events).toEqual([]);
    const stale = expire(second.track, more.at + DETECTION_DEFAULTS.staleMs);
    expect(stale.events).toMatchObject([{ type: 'departed', estimated: true, at: more.at }]);
    expect(stale.track.call).toBeNull();
  });
});
