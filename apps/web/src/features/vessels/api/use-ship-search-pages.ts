import { useInfiniteQuery } from '@tanstack/react-query';
import { SHIP_SEARCH_MAX_RESULTS } from '@harbor/contracts/vessel-constants';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { vesselsResponseSchemas } from './lazy-schemas.ts';

// Apart from use-ship-queries.ts: the cart's ship picker shares that file and needs no infinite query code.

/** GET /v1/ships/info/search?q&offset&limit, page by page ("show more" asks for the next): the map's search. */
export function useShipSearchPages(q: string) {
  return useInfiniteQuery({
    queryKey: ['ships', 'search-pages', q],
    enabled: q !== '',
    initialPageParam: 0,
    queryFn: async ({ signal, pageParam }) =>
      parseAnswer(
        vesselsResponseSchemas(),
        api.get<unknown>(`/v1/ships/info/search?q=${encodeURIComponent(q)}&offset=${pageParam}&limit=${SHIP_SEARCH_MAX_RESULTS}`, signal),
        (s, answer) => s.shipSearchResponseSchema.parse(answer),
      ),
    getNextPageParam: (last, pages) => nextSearchOffset(last, pages.length),
    staleTime: 30_000,
  });
}

/** Offset of the next page, or undefined when the last page was the end (a short page, or the total reached). */
export function nextSearchOffset(last: { results: unknown[]; total?: number }, pagesLoaded: number): number | undefined {
  const next = pagesLoaded * SHIP_SEARCH_MAX_RESULTS;
  if (last.results.length < SHIP_SEARCH_MAX_RESULTS) return undefined;
  return last.total === undefined || next < last.total ? next : undefined;
}
