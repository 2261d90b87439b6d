import { pageMeta, type ReviewPage, type ReviewsQuery, type ReviewType } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { abbreviatedName, displayName } from '../users/index.ts';
import * as repo from './reviews.repository.ts';

export interface RecordedReview {
  transactionId: string;
  type: ReviewType;
  rating: number;
  content: string;
  authorId: string;
  subjectId: string;
  listingId: string;
  createdAt: Date;
}

/** The engine's record-review effect: written in the transition's database transaction, so a review exists exactly when its transition does. */
export async function recordReview(tx: Tx, review: RecordedReview) {
  await repo.insertReview(tx, review);
}

type Names = Parameters<typeof displayName>[0] & { id: string };
const person = (u: Names) => ({ id: u.id, displayName: displayName(u), abbreviatedName: abbreviatedName(u) });

/** GET /api/reviews: public reviews of a listing, a user or an organization's users, newest first. */
export async function listReviews(ctx: AppContext, q: ReviewsQuery): Promise<ReviewPage> {
  const { rows, total, average } = await repo.pageOfReviews(ctx.db, q);
  return {
    data: rows.map(({ r, author, subject, listingTitle }) => ({
      id: r.id,
      type: r.type,
      state: 'public',
      rating: r.rating,
      content: r.content,
      createdAt: r.createdAt.toISOString(),
      author: person(author),
      subject: person(subject),
      listing: { id: r.listingId, title: listingTitle },
    })),
    meta: pageMeta(q.page, q.per_page, total),
    // Unrounded: rounding here (say to 4.30 from 4.296) could move the first fraction digit the half-star rule reads.
    summary: { count: total, averageRating: average },
  };
}
