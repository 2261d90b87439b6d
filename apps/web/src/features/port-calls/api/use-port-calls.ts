import { useQuery } from '@tanstack/react-query';
import { PORT_CALLS_REFRESH_MS, portCallsResponseSchema } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';

export const portCallsKey = (portCode: string) => ['port-calls', portCode] as const;

/** GET /portcalls?portCode: refreshed live while the page is visible. */
export function usePortCalls(portCode: string) {
  return useQuery({
    queryKey: portCallsKey(portCode),
    queryFn: async ({ signal }) =>
      portCallsResponseSchema.parse(await api.get(`/portcalls?portCode=${encodeURIComponent(portCode)}`, signal)),
    refetchInterval: PORT_CALLS_REFRESH_MS,
  });
}

