import { z } from 'zod';
import { paginationMetaSchema } from './listings.ts';

/**
 * Reviews (marketplace-buyer.md sections 3, 7 and 9): written by the review
 * transitions of the order process (reviewRating 1-5, reviewContent), public
 * once the order is reviewed by both sides or the review period has lapsed.
 * `GET /api/reviews?listing_id|subject_id|organization_id&state=public`.
 */
export * from './review-rating.ts';

export const REVIEW_TYPES = ['ofProvider', 'ofCustomer'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];
export const REVIEWS_PER_PAGE = 100;

/** At least one of listing_id, subject_id or organization_id (the subject's organization); only public reviews are ever listed. */
export const reviewsQuerySchema = z
  .object({
    listing_id: z.uuid('validation.invalid').optional(),
    subject_id: z.uuid('validation.invalid').optional(),
    organization_id: z.uuid('validation.invalid').optional().describe('reviews whose subject belongs to this organization'),
    type: z.enum(REVIEW_TYPES).optional(),
    state: z.enum(['public']).default('public'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per_page: z.coerce.number().int().min(1).max(REVIEWS_PER_PAGE).default(REVIEWS_PER_PAGE),
  })
  .refine((q) => q.listing_id || q.subject_id || q.organization_id, { path: ['listing_id'], message: 'validation.required' });
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;
export type ReviewsQueryInput = z.input<typeof reviewsQuerySchema>;

const personSchema = z.object({
  id: z.uuid(),
  /** "Banned user" or "Deleted user" for such accounts. */
  displayName: z.string(),
  abbreviatedName: z.string(),
});

export const reviewSchema = z.object({
  id: z.uuid(),
  type: z.enum(REVIEW_TYPES),
  state: z.enum(['public']),
  rating: z.number().int().min(1).max(5),
  content: z.string(),
  createdAt: z.string(),
  author: personSchema,
  subject: personSchema,
  listing: z.object({ id: z.uuid(), title: z.string() }),
});
export type Review = z.infer<typeof reviewSchema>;

/** The whole set's count and mean rating (not just the page's), for the stars beside a listing or profile; averageRating null without reviews. */
export const reviewSummarySchema = z.object({ count: z.number().int(), averageRating: z.number().nullable() });
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewPageSchema = z.object({ data: z.array(reviewSchema), meta: paginationMetaSchema, summary: reviewSummarySchema });
export type ReviewPage = z.infer<typeof reviewPageSchema>;
