/**
 * Availability helpers and conveniences.
 */
import { describe, expect, it } from 'vitest';
import { AisDecoder } from './decoder.ts';
import { encodeAis } from './encoder.ts';
import type { EncodableMessage } from './encoder.ts';
import {
  dimensions,
  etaToTimestamp,
  hasCourse,
  hasHeading,
  hasPosition,
  hasSpeed,
  hasTurn,
  isVesselPosition,
  navStatusLabel,
} from './helpers.ts';
import type { AisMessage } from './message-types.ts';

function roundTrip(m: EncodableMessage): AisMessage {
  const d = new AisDecoder();
  let out: AisMessage | null = null;
  for (const line of encodeAis(m)) out = d.push(line) ?? out;
  return out!;
}

describe('availability helpers', () => {
  it('report the not-available sentinels as unavailable', () => {
    const m = roundTrip({ type: 1, mmsi: 1 });
    expect([hasPosition(m), hasSpeed(m), hasCourse(m), hasHeading(m), hasTurn(m)]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('report real values as available', () => {
    const m = roundTrip({ type: 18, mmsi: 1, lat: 60.45, lon: 22.29, speed: 0, course: 0, heading: 0 });
    expect([hasPosition(m), hasSpeed(m), hasCourse(m), hasHeading(m), hasTurn(m)]).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(hasTurn(roundTrip({ type: 1, mmsi: 1, turnRaw: 0 }))).toBe(true);
  });

  it('narrow the type', () => {
    const m = roundTrip({ type: 1, mmsi: 1, lat: 1, lon: 2 });
    if (!hasPosition(m)) throw new Error('expected a position');
    expect([m.lat, m.lon]).toEqual([1, 2]);
    expect(isVesselPosition(m)).toBe(true);
    expect(hasPosition(roundTrip({ type: 5, mmsi: 1 }))).toBe(false);
  });
});

describe('conveniences', () => {
  it('navStatusLabel', () => {
    expect(navStatusLabel(5)).toBe('moored');
    expect(navStatusLabel(99)).toBe('not defined');
  });

  it('etaToTimestamp picks the next occurrence of month/day', () => {
    const ref = Date.UTC(2024, 11, 20);
    expect(etaToTimestamp({ month: 1, day: 5, hour: 13, minute: 30 }, ref)).toBe(Date.UTC(2025, 0, 5, 13, 30));
    expect(etaToTimestamp({ month: 12, day: 1, hour: 24, minute: 60 }, ref)).toBe(Date.UTC(2024, 11, 1));
    expect(etaToTimestamp({ month: 0, day: 0, hour: 24, minute: 60 }, ref)).toBeUndefined();
    expect(etaToTimestamp({ month: 2, day: 31, hour: 0, minute: 0 }, ref)).toBeUndefined();
  });

  it('dimensions', () => {
    expect(dimensions({ toBow: 80, toStern: 20, toPort: 5, toStarboard: 7 })).toEqual({ length: 100, beam: 12 });
    expect(dimensions({ toBow: 0, toStern: 0, toPort: 0, toStarboard: 0 })).toBeUndefined();
    expect(dimensions({})).toBeUndefined();
  });
});
