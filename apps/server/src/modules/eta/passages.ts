import { angleDiff, bearing, haversine, projectOnSegment } from './geo.ts';

/**
 * Waterways ships pass through and stop in on the way: a stop in a lock or a siding of the
 * Kiel Canal (a tide lock at each end, 30-90 minutes each, and waits for oncoming traffic) is
 * no call, though the canal's banks are lined with UN/LOCODE ports (Brunsbüttel, Holtenau,
 * Rendsburg, Oldenbüttel...). Filed as calls, these stops split a Baltic-North Sea voyage in
 * three, taught the fleet lanes into the locks and sent ships queueing for them to "the port
 * close by". The shipped coastline has no canals, so the path is written here: the canal's
 * line through the towns on its banks, from the Brunsbüttel locks to the Holtenau locks.
 */
export interface Passage {
  name: string;
  /** [lat, lon] along the waterway. */
  path: readonly (readonly [number, number])[];
  /** Half the corridor's width: the line is drawn through the towns, to about a kilometre. */
  halfWidthM: number;
  /** The locks' outer gates: ships slow down and anchor off them to wait their turn. */
  entrances: readonly (readonly [number, number])[];
}

export const PASSAGES: readonly Passage[] = [
  {
    name: 'Kiel Canal',
    path: [
      [53.8925, 9.1445], // Brunsbüttel locks
      [53.905, 9.17], // Ostermoor
      [53.94, 9.21], // Kudensee
      [53.985, 9.255], // Burg (Dithmarschen)
      [54.028, 9.29], // Hochdonn bridge
      [54.07, 9.36], // Grünental bridge
      [54.12, 9.41],
      [54.16, 9.45], // Oldenbüttel (Gieselau canal)
      [54.205, 9.525], // Breiholz
      [54.255, 9.59],
      [54.29, 9.64], // Westerrönfeld
      [54.298, 9.68], // Rendsburg
      [54.315, 9.72], // Schacht-Audorf
      [54.335, 9.76], // Borgstedt
      [54.362, 9.82], // Sehestedt
      [54.375, 9.87], // Königsförde
      [54.36, 9.94], // Landwehr
      [54.34, 9.99], // Flemhude
      [54.355, 10.06], // Levensau bridge
      [54.366, 10.11], // Kiel Nordhafen
      [54.366, 10.146], // Holtenau locks
    ],
    halfWidthM: 2000,
    entrances: [
      [53.888, 9.1465], // Brunsbüttel, from the Elbe
      [54.3675, 10.1495], // Holtenau, from the Kiel Fjord
    ],
  },
];

interface Indexed {
  passage: Passage;
  south: number;
  north: number;
  west: number;
  east: number;
}

const DEG_M = 111_320;

const indexed: Indexed[] = PASSAGES.map((passage) => {
  const lats = passage.path.map((p) => p[0]);
  const lons = passage.path.map((p) => p[1]);
  const padLat = passage.halfWidthM / DEG_M;
  const padLon = padLat / Math.cos((Math.max(...lats) * Math.PI) / 180);
  return { passage, south: Math.min(...lats) - padLat, north: Math.max(...lats) + padLat, west: Math.min(...lons) - padLon, east: Math.max(...lons) + padLon };
});

/** Whether this point lies in a passage (a box test first: asked at every report). */
export function inPassage(lat: number, lon: number): boolean {
  for (const x of indexed) {
    if (lat < x.south || lat > x.north || lon < x.west || lon > x.east) continue;
    const path = x.passage.path;
    for (let i = 0; i + 1 < path.length; i++) {
      const a = path[i]!;
      const b = path[i + 1]!;
      if (projectOnSegment(lat, lon, a[0], a[1], b[0], b[1]).dist <= x.passage.halfWidthM) return true;
    }
  }
  return false;
}

/** Off a passage's entrance: the anchorages and the last stretch in to its locks. */
const ENTRANCE_M = 8000;
/** Heading for the entrance: a ship bound for a harbour beside it (Kiel's quays 5 km south of the Holtenau lock) steers well away from it. */
const ENTRANCE_DEG = 20;

/**
 * Whether a ship here is queueing for a passage: stopped off one of its entrances, or under
 * way (course `cog`) heading straight for one. Such a ship is no sign of a call at the ports
 * around it.
 */
export function offEntrance(lat: number, lon: number, cog: number | null): boolean {
  for (const x of indexed) {
    for (const [elat, elon] of x.passage.entrances) {
      const d = haversine(lat, lon, elat, elon);
      if (d > ENTRANCE_M) continue;
      if (cog === null || d < 500 || angleDiff(bearing(lat, lon, elat, elon), cog) <= ENTRANCE_DEG) return true;
    }
  }
  return false;
}

/** A stop in a passage this long is a call after all (a cargo call at a canal-side quay); lock stops and waits are shorter. */
export const PASSAGE_CALL_MS = 3 * 3600_000;
