import { describe, expect, it } from 'vitest';
import type { PortCallTimestamp } from '@harbor/contracts';
import { deriveTimes, mergeTimestamps, replaceServices, upsertService } from './merge.ts';

const ts = (over: Partial<PortCallTimestamp>): PortCallTimestamp => ({
  sequence: 'commenced',
  timeType: 'estimated',
  effectiveTime: '2026-11-21T10:00:00.000Z',
  reporter: null,
  source: 'AIS',
  reportedAt: '2026-11-21T08:00:00.000Z',
  service: 'port',
  location: null,
  ...over,
});

describe('merging sources of one visit', () => {
  it('replaces a timestamp only with a newer report of the same source', () => {
    const old = ts({ effectiveTime: '2026-11-21T10:00:00.000Z' });
    const newer = ts({ effectiveTime: '2026-11-21T11:00:00.000Z', reportedAt: '2026-11-21T09:00:00.000Z' });
    const stale = ts({ effectiveTime: '2026-11-21T09:00:00.000Z', reportedAt: '2026-11-21T07:00:00.000Z' });
    const nsw = ts({ source: 'national-single-window', service: 'berth-visit', effectiveTime: '2026-11-21T12:00:00.000Z' });
    const merged = mergeTimestamps(mergeTimestamps([old], [newer, nsw]), [stale]);
    expect(merged).toEqual([newer, nsw]);
  });

  it('prefers the single window for actual times and the newest report for estimates', () => {
    const times = deriveTimes([
      ts({ effectiveTime: '2026-11-21T10:00:00.000Z', reportedAt: '2026-11-21T09:30:00.000Z' }),
      ts({ source: 'national-single-window', service: 'berth-visit', effectiveTime: '2026-11-21T10:30:00.000Z', reportedAt: '2026-11-20T12:00:00.000Z' }),
      ts({ timeType: 'actual', service: 'berth-visit', effectiveTime: '2026-11-21T10:05:00.000Z' }),
      ts({ source: 'national-single-window', timeType: 'actual', service: 'berth-visit', effectiveTime: '2026-11-21T10:10:00.000Z' }),
    ]);
    expect(times).toEqual({ eta: '2026-11-21T10:00:00.000Z', etd: null, ata: '2026-11-21T10:10:00.000Z', atd: null, status: 'on-going' });
  });

  it('derives the status', () => {
    expect(deriveTimes([]).status).toBe('incoming');
    // A ship anchored before its berth is still incoming.
    expect(deriveTimes([ts({ timeType: 'actual', service: 'anchorage-visit' })]).status).toBe('incoming');
    expect(deriveTimes([ts({ sequence: 'completed', timeType: 'actual' })])).toMatchObject({ status: 'departed', atd: '2026-11-21T10:00:00.000Z' });
    // Closed as silent: departed without an actual time.
    expect(deriveTimes([ts({ sequence: 'completed', timeType: 'estimated' })])).toMatchObject({ status: 'departed', atd: null });
  });

  it('keeps each source\'s services apart', () => {
    const ais = { type: 'berth-visit' as const, name: 'Quay E', code: 'berth:x', confirmed: true, current: true, source: 'AIS' as const };
    const nsw = { ...ais, name: 'VE', code: 'VE', current: false, source: 'national-single-window' as const };
    const both = replaceServices([ais], 'national-single-window', [nsw]);
    expect(both).toEqual([ais, nsw]);
    expect(upsertService(both, { ...ais, current: false })).toEqual([{ ...ais, current: false }, nsw]);
    expect(replaceServices(both, 'national-single-window', [])).toEqual([ais]);
  });
});
