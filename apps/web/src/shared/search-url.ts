/** URLs of the search page (/s), written in one place so the future search page parses what the rest of the app writes. */

export interface LocationPreset {
  address: string;
  /** [lat, lng] */
  origin: readonly [number, number];
  /** [south, west, north, east] */
  bounds: readonly [number, number, number, number];
}

/** `/s?address=...&origin=lat,lng&bounds=south,west,north,east`; commas stay literal for readable links. */
export function locationSearchPath(place: LocationPreset): string {
  return `/s?address=${encodeURIComponent(place.address)}&origin=${place.origin.join(',')}&bounds=${place.bounds.join(',')}`;
}

/** `/s?keywords=...&pub_port=...`, the top-bar keyword search. */
export function keywordSearchPath(keywords: string, portCode: string): string {
  const params = new URLSearchParams({ keywords: keywords.trim(), pub_port: portCode });
  return `/s?${params.toString()}`;
}
