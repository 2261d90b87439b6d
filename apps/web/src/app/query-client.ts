import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../shared/api-client/index.ts';

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 2 && !(isApiRequestError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
