import { useQuery } from '@tanstack/react-query';
import type { ZoneFeatureCollection } from '@harbor/contracts';
import { isPortFeature } from '@harbor/contracts/zone-constants';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { zonesResponseSchemas } from './lazy-schemas.ts';

/** GET /v1/ports/{locode}: the port card. */
export function usePort(locode: string | null) {
  return useQuery({
    queryKey: ['zones', 'port', locode],
    enabled: locode !== null,
    queryFn: async ({ signal }) =>
      parseAnswer(zonesResponseSchemas(), api.get<unknown>(`/v1/ports/${encodeURIComponent(locode!)}`, signal), (s, answer) => s.portFeatureSchema.parse(answer)),
    staleTime: 5 * 60_000,
  });
}

/** GET /v1/zones/search?q&type=port: the ports section of the map search. */
export function useMapPortSearch(q: string) {
  return useQuery({
    queryKey: ['zones', 'search', 'port', 'features', q],
    enabled: q !== '',
    queryFn: async ({ signal }) =>
      parseAnswer(zonesResponseSchemas(), api.get<unknown>(`/v1/zones/search?type=port&q=${encodeURIComponent(q)}`, signal), (s, answer) =>
        s.zoneFeatureCollectionSchema.parse(answer).features.filter(isPortFeature),
      ),
    staleTime: 60_000,
  });
}

/** GET /v1/zones/search?type=berth&q=LOCODE: the berths listed on a port card (the search matches the locode). */
export function usePortBerths(locode: string | null) {
  return useQuery({
    queryKey: ['zones', 'search', 'berth', locode],
    enabled: locode !== null,
    queryFn: async ({ signal }) =>
      parseAnswer(zonesResponseSchemas(), api.get<unknown>(`/v1/zones/search?type=berth&q=${encodeURIComponent(locode!)}`, signal), (s, answer) =>
        s.zoneFeatureCollectionSchema.parse(answer).features.filter((f) => f.properties.locode === locode),
      ),
    staleTime: 5 * 60_000,
  });
}

/** GET /v1/zones/bbox: zones of the view (fetched imperatively by the zone overlay). */
export function fetchZones(b: { north: number; east: number; south: number; west: number }, signal: AbortSignal): Promise<ZoneFeatureCollection> {
  const p = new URLSearchParams({ north: b.north.toFixed(4), east: b.east.toFixed(4), south: b.south.toFixed(4), west: b.west.toFixed(4) });
  return api.get<ZoneFeatureCollection>(`/v1/zones/bbox?${p.toString()}`, signal);
}
