/** Reviews: the stars with their count, opening the dialog of public reviews (listing, profile and organization pages). */
export { ReviewSummary } from './components/review-summary.tsx';
export type { ReviewsScope } from './api/reviews-api.ts';
