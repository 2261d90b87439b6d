import { describe, expect, it } from 'vitest';
import type { Listing } from '@harbor/contracts';
import { listingMarkers, markerBounds } from './map-markers.ts';

const listing = (id: string, geolocation: Listing['geolocation']) => ({ id, title: `Service ${id}`, geolocation }) as Listing;

describe('search map markers', () => {
  it('makes one marker per located listing, numbered by its place in the result list', () => {
    const markers = listingMarkers([listing('a', { lat: 60.2, lng: 25.1 }), listing('b', null), listing('c', { lat: 61, lng: 21.5 })]);
    expect(markers.map((m) => [m.id, m.index, m.offset])).toEqual([
      ['a', 1, [0, 0]],
      ['c', 3, [0, 0]],
    ]);
  });

  it('spreads listings on the same spot on a ring so each stays clickable', () => {
    const spot = { lat: 60.2076, lng: 25.1947 };
    const markers = listingMarkers(['a', 'b', 'c', 'd'].map((id) => listing(id, spot)));
    const offsets = markers.map((m) => m.offset.join(','));
    expect(new Set(offsets).size).toBe(4);
    for (const m of markers) {
      expect([m.lat, m.lng]).toEqual([spot.lat, spot.lng]);
      expect(Math.hypot(...m.offset)).toBeGreaterThanOrEqual(31);
    }
    // Neighbours on the ring are at least a marker apart.
    const [first, second] = markers;
    expect(Math.hypot(first!.offset[0] - second!.offset[0], first!.offset[1] - second!.offset[1])).toBeGreaterThanOrEqual(28);
  });

  it('puts neighbouring offices on one ring, keeping far ones apart', () => {
    const markers = listingMarkers([
      listing('a', { lat: 60.2076, lng: 25.1947 }),
      listing('b', { lat: 60.2101, lng: 25.1990 }), // ~350 m away
      listing('c', { lat: 60.4357, lng: 22.2293 }), // Turku
    ]);
    const [a, b, c] = markers;
    expect([b!.lat, b!.lng]).toEqual([a!.lat, a!.lng]);
    expect(a!.offset).not.toEqual(b!.offset);
    expect([c!.lat, c!.lng, c!.offset]).toEqual([60.4357, 22.2293, [0, 0]]);
  });

  it('bounds the markers, or answers null without any', () => {
    expect(markerBounds([])).toBeNull();
    expect(markerBounds(listingMarkers([listing('a', { lat: 60, lng: 25 }), listing('b', { lat: 65, lng: 21 })]))).toEqual([21, 60, 25, 65]);
  });
});
