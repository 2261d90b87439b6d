import type { Listing } from '@harbor/contracts';

export interface ListingMarker {
  id: string;
  /** 1-based position in the result list: the marker and the card show the same number. */
  index: number;
  title: string;
  /** Where the marker is drawn: the listing's own spot, or the centre of the ring it shares. */
  lat: number;
  lng: number;
  /** Screen offset in pixels, for listings that share a spot. */
  offset: [number, number];
}

/** Marker diameter plus a gap: neighbours on a ring never touch. */
const RING_SPACING_PX = 32;
/** Listings closer than this share a ring: two offices a few hundred metres apart would otherwise overlap at harbour zoom. */
const SHARED_SPOT_KM = 1;

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  // Equirectangular: exact enough at a kilometre's scale.
  const x = (b.lng - a.lng) * Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180));
  return Math.hypot(x, b.lat - a.lat) * 111.32;
}

/**
 * One marker per listing that has a location. An organization's services
 * share its office coordinates, and neighbouring offices sit a few hundred
 * metres apart, so listings within a kilometre of each other are drawn on a
 * ring (in screen pixels) around the first one's spot: each stays clickable at
 * every zoom, and none moves more than that kilometre.
 */
export function listingMarkers(listings: readonly Listing[]): ListingMarker[] {
  const located = listings.flatMap((l, i) =>
    l.geolocation ? [{ id: l.id, index: i + 1, title: l.title, lat: l.geolocation.lat, lng: l.geolocation.lng }] : [],
  );
  const spots: (typeof located)[] = [];
  for (const m of located) {
    const spot = spots.find((group) => distanceKm(group[0]!, m) < SHARED_SPOT_KM);
    if (spot) spot.push(m);
    else spots.push([m]);
  }
  const placed = new Map<string, ListingMarker>();
  for (const group of spots) {
    const centre = group[0]!;
    const radius = Math.max(RING_SPACING_PX, (group.length * RING_SPACING_PX) / (2 * Math.PI));
    group.forEach((m, k) => {
      const angle = (2 * Math.PI * k) / group.length - Math.PI / 2;
      const offset: [number, number] = group.length === 1 ? [0, 0] : [Math.round(radius * Math.cos(angle)), Math.round(radius * Math.sin(angle))];
      placed.set(m.id, { ...m, lat: centre.lat, lng: centre.lng, offset });
    });
  }
  return located.map((m) => placed.get(m.id)!);
}

/** [west, south, east, north] around the markers, or null when there are none. */
export function markerBounds(markers: readonly ListingMarker[]): [number, number, number, number] | null {
  if (markers.length === 0) return null;
  const lngs = markers.map((m) => m.lng);
  const lats = markers.map((m) => m.lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}
