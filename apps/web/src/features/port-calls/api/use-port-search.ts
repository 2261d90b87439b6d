import { useQuery } from '@tanstack/react-query';
import { isPortFeature } from '@harbor/contracts/zone-constants';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { portCallsResponseSchemas } from './lazy-schemas.ts';

/** Search length threshold (tracking.md section 9): over 2 characters. */
export const PORT_SEARCH_MIN_CHARS = 3;

/** GET /v1/zones/search?q&type=port: ports by name or locode. */
export function usePortSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['zones', 'search', 'port', q],
    enabled: q.length >= PORT_SEARCH_MIN_CHARS,
    queryFn: async ({ signal }) => {
      const fc = await parseAnswer(
        portCallsResponseSchemas(),
        api.get<unknown>(`/v1/zones/search?type=port&q=${encodeURIComponent(q)}`, signal),
        (s, answer) => s.zoneFeatureCollectionSchema.parse(answer),
      );
      return fc.features.filter(isPortFeature).map((f) => ({ code: f.properties.locode, name: f.properties.name }));
    },
    staleTime: 60_000,
  });
}
