import { describe, expect, it } from 'vitest';
import {
  NAVIGATION_STATUSES,
  clusteringPrecisionFor,
  dataAgeMinutes,
  filterTrajectory,
  routeDestination,
  formatSpeedKnots,
  formatUtcOffset,
  navigationStatusKey,
  portLocalTime,
  predictedDestinationCode,
  shipLabelVisible,
  shipPollIntervalMs,
  shipRenderModes,
  voyageTimeline,
  zoneVisibleAt,
} from '@harbor/contracts';
import { resources } from '@harbor/i18n';

describe('speed over ground', () => {
  it('shows one decimal below 102.3 kn and nothing at or above it', () => {
    expect(formatSpeedKnots(12.345)).toBe('12.3');
    expect(formatSpeedKnots(0)).toBe('0.0');
    expect(formatSpeedKnots(102.2)).toBe('102.2');
    expect(formatSpeedKnots(102.3)).toBeNull();
    expect(formatSpeedKnots(150)).toBeNull();
    expect(formatSpeedKnots(null)).toBeNull();
  });
});

describe('navigation status labels', () => {
  it('has a label for 0-15 with 9, 10 and 13 shown as "-"', () => {
    const en = resources.en.vessels.navigationStatus as Record<string, string>;
    const fi = resources.fi.vessels.navigationStatus as Record<string, string>;
    for (const { code } of NAVIGATION_STATUSES) {
      const key = navigationStatusKey(code)!;
      expect(en[key]).toBeTruthy();
      expect(fi[key]).toBeTruthy();
    }
    for (const code of [9, 10, 13]) expect(en[navigationStatusKey(code)!]).toBe('-');
    expect(en[navigationStatusKey(0)!]).toBe('Under way using engine');
    expect(en[navigationStatusKey(14)!]).toBe('AIS-SART/MOB/EPIRB');
    expect(navigationStatusKey(16)).toBeNull();
    expect(navigationStatusKey(null)).toBeNull();
  });
});

describe('voyage timeline', () => {
  it('puts the marker at 100 % "ATA" once arrived, else 50 % "ETA"', () => {
    expect(voyageTimeline('2026-11-21T10:00:00Z')).toEqual({ percent: 100, label: 'ATA' });
    expect(voyageTimeline(null)).toEqual({ percent: 50, label: 'ETA' });
  });
});

describe('data age', () => {
  it('counts whole minutes', () => {
    expect(dataAgeMinutes(0, 5 * 60_000 + 59_000)).toBe(5);
    expect(dataAgeMinutes(10_000, 0)).toBe(0);
  });
});

describe('ship rendering by length and zoom', () => {
  it('long ships: markers below 14, shapes above 13', () => {
    expect(shipRenderModes(60, 12.9)).toEqual({ marker: true, shape: false });
    expect(shipRenderModes(200, 13.5)).toEqual({ marker: true, shape: true });
    expect(shipRenderModes(200, 14)).toEqual({ marker: false, shape: true });
  });
  it('short or unknown ships: markers below 15.5, shapes above 14.5', () => {
    expect(shipRenderModes(59, 14.4)).toEqual({ marker: true, shape: false });
    expect(shipRenderModes(20, 15)).toEqual({ marker: true, shape: true });
    expect(shipRenderModes(null, 15.5)).toEqual({ marker: false, shape: true });
  });
  it('labels above zoom 11', () => {
    expect(shipLabelVisible(11)).toBe(false);
    expect(shipLabelVisible(11.1)).toBe(true);
  });
});

describe('zone zoom rules', () => {
  it.each([
    ['berth', 13.9, false],
    ['berth', 14, true],
    ['portarea', 9.9, false],
    ['portarea', 10, true],
    ['portarea', 14, false],
    ['pba', 8, true],
    ['vts', 3, true],
    ['vts', 2.9, false],
    ['anchorage', 12, true],
    ['turningbasin', 13, false],
    ['custom', 8, true],
    ['port', 6.9, false],
    ['port', 7, true],
    ['port', 15, false],
  ] as const)('%s at zoom %s: %s', (type, zoom, visible) => {
    expect(zoneVisibleAt(type, zoom)).toBe(visible);
  });
});

describe('port local time', () => {
  it('is UTC plus the port offset', () => {
    const noonUtc = Date.parse('2026-11-21T12:05:00Z');
    expect(portLocalTime(2, noonUtc)).toBe('14:05');
    expect(portLocalTime(-3.5, noonUtc)).toBe('08:35');
    expect(portLocalTime(0, noonUtc)).toBe('12:05');
    expect(formatUtcOffset(2)).toBe('UTC+2');
    expect(formatUtcOffset(-3.5)).toBe('UTC-3:30');
  });
});

describe('trajectory filtering', () => {
  it('keeps the first point, the next 9 only when in line with the heading, and every later point', () => {
    const start: [number, number] = [60, 22];
    // Heading north: points to the north are kept, one to the south (behind the ship) is dropped.
    const ahead = (i: number): [number, number] => [60 + i * 0.01, 22];
    const behind: [number, number] = [59.99, 22];
    const late: [number, number] = [59.98, 22];
    const points = [start, ahead(1), behind, ahead(2), ...Array.from({ length: 7 }, (_, i) => ahead(i + 3)), late];
    const kept = filterTrajectory(points, 0);
    expect(kept[0]).toEqual(start);
    expect(kept).not.toContainEqual(points[2]);
    // The 12th point (index 11) is past the first ten: kept even though it is behind.
    expect(kept.at(-1)).toEqual(late);
    expect(kept).toHaveLength(points.length - 1);
  });
  it('drops nothing without a heading', () => {
    expect(filterTrajectory([[60, 22], [59, 22]], null)).toHaveLength(2);
    expect(filterTrajectory([], 10)).toEqual([]);
  });
});

describe('feed rules', () => {
  it('clusters on the server at low zoom and polls more often when zoomed in', () => {
    expect(clusteringPrecisionFor(4)).toBeGreaterThan(0);
    expect(clusteringPrecisionFor(10)).toBe(0);
    expect(shipPollIntervalMs(13)).toBeLessThan(shipPollIntervalMs(5));
  });
  it('picks the port of the predicted route: the predicted destination, else a code in the reported text', () => {
    expect(routeDestination('urn:harbor:port:FITKU', 'SESTO')).toBe('FITKU');
    expect(routeDestination(null, 'FITKU')).toBe('FITKU');
    expect(routeDestination(null, 'se trg')).toBe('SETRG');
    expect(routeDestination(null, 'FIHEL>EETLL')).toBe('EETLL');
    expect(routeDestination(null, 'FIHEL > EE TLL')).toBe('EETLL');
    expect(routeDestination(undefined, 'EEVAN<->FIHEL')).toBe('EEVAN');
    expect(routeDestination(null, 'FITKU<>FIMHQ/FILAN<>')).toBe('FITKU');
    expect(routeDestination(null, 'FITKU-FILAN-SESTO')).toBe('FITKU');
    expect(routeDestination(null, 'HELSINKI')).toBeNull();
    expect(routeDestination(null, 'FI HEL 2')).toBe('FIHEL');
    expect(routeDestination('urn:harbor:port:??', null)).toBeNull();
    expect(routeDestination(null, '')).toBeNull();
  });
  it('reads the predicted destination urn', () => {
    expect(predictedDestinationCode('urn:harbor:port:FIHEL')).toBe('FIHEL');
    expect(predictedDestinationCode('RAUMA')).toBe('RAUMA');
    expect(predictedDestinationCode(null)).toBeNull();
  });
});
