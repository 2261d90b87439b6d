import { useQuery } from '@tanstack/react-query';
import { PORT_CALLS_REFRESH_MS } from '@harbor/contracts/port-call-constants';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { portCallsResponseSchemas } from './lazy-schemas.ts';

export const portCallsKey = (portCode: string) => ['port-calls', portCode] as const;

/** GET /portcalls?portCode: refreshed live while the page is visible. */
export function usePortCalls(portCode: string) {
  return useQuery({
    queryKey: portCallsKey(portCode),
    queryFn: async ({ signal }) =>
      parseAnswer(portCallsResponseSchemas(), api.get<unknown>(`/portcalls?portCode=${encodeURIComponent(portCode)}`, signal), (s, answer) =>
        s.portCallsResponseSchema.parse(answer),
      ),
    refetchInterval: PORT_CALLS_REFRESH_MS,
  });
}

