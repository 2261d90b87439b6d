import { useQuery } from '@tanstack/react-query';
import type { Weather } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';

/** The port's forecast and sun times; the server caches the provider for 30 minutes, so refetching sooner gains nothing. */
export function useWeather(port: string) {
  return useQuery({
    queryKey: ['weather', port],
    staleTime: 10 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => (await api.get<{ data: Weather }>(`/api/weather?${new URLSearchParams({ port })}`, signal)).data,
  });
}
