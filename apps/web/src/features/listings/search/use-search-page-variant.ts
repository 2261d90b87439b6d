import { useQuery } from '@tanstack/react-query';
import type { SearchPageVariant } from '@harbor/contracts';
import { parseAnswer, publicApi } from '../../../shared/api-client/index.ts';
import { listingsResponseSchemas } from '../api/lazy-schemas.ts';

export const publicConfigKey = ['config'] as const;

/**
 * SEARCH_PAGE_VARIANT from GET /api/config: undefined while it loads, `grid`
 * when the server cannot say (an old server, a network hiccup): the grid
 * needs nothing the server might lack.
 */
export function useSearchPageVariant(): SearchPageVariant | undefined {
  const { data, isError } = useQuery({
    queryKey: publicConfigKey,
    // Settings change only with a server restart.
    staleTime: Infinity,
    retry: 1,
    queryFn: async ({ signal }) =>
      parseAnswer(listingsResponseSchemas(), publicApi.get<unknown>('/api/config', signal), (s, answer) => s.publicConfigSchema.parse(answer)),
  });
  if (isError) return 'grid';
  return data?.searchPageVariant;
}
