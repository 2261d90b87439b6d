import { useQuery } from '@tanstack/react-query';
import type { Forex } from '@harbor/contracts';
import type { Currency } from '@harbor/contracts/money-format';
import { publicApi } from '../../../shared/api-client/index.ts';

/**
 * The conversion multiplier from → to. The server reads the ECB once a day,
 * so an hour's staleness costs nothing; every amount on a page shares one
 * request per pair.
 */
export function useForex(from: Currency, to: Currency | null) {
  return useQuery({
    queryKey: ['forex', from, to],
    enabled: to !== null && to !== from,
    staleTime: 60 * 60_000,
    retry: false,
    // A failed pair is not asked again by every price that mounts after it (24 cards on a search page); the next page view asks again.
    retryOnMount: false,
    queryFn: async ({ signal }) => (await publicApi.get<{ data: Forex }>(`/api/forex?${new URLSearchParams({ from, to: to! })}`, signal)).data,
  });
}
