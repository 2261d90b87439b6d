import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReviewType } from '@harbor/contracts';
import { parseAnswer, publicApi } from '../../../shared/api-client/index.ts';
import { reviewsResponseSchemas } from './lazy-schemas.ts';

/** Whose reviews: a listing's, a user's or an organization's users' (only public ones are ever answered). */
export type ReviewsFilter = { listing_id: string } | { subject_id: string } | { organization_id: string };
export type ReviewsScope = ReviewsFilter & { type?: ReviewType };

/** The filter as the query string GET /api/reviews takes. */
export function reviewsSearch(scope: ReviewsScope, page: number, perPage: number): string {
  const search = new URLSearchParams({ ...(scope as Record<string, string>), state: 'public', page: String(page), per_page: String(perPage) });
  return search.toString();
}

export const reviewKeys = {
  all: ['reviews'] as const,
  page: (search: string) => ['reviews', search] as const,
};

/** GET /api/reviews: one page, newest first, with the whole set's count and average. */
export function useReviews(scope: ReviewsScope, page = 1, perPage = 100, enabled = true) {
  const search = reviewsSearch(scope, page, perPage);
  return useQuery({
    queryKey: reviewKeys.page(search),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      parseAnswer(reviewsResponseSchemas(), publicApi.get<unknown>(`/api/reviews?${search}`, signal), (s, answer) => s.reviewPageSchema.parse(answer)),
  });
}

/** The stars beside a listing or a profile: one review is enough to get the set's count and average. */
export const useReviewSummary = (scope: ReviewsScope) => useReviews(scope, 1, 1);
