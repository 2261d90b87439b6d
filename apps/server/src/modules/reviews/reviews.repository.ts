import { and, avg, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReviewsQuery } from '@harbor/contracts';
import type { Tx } from '../../db/index.ts';
import { listings } from '../listings/listings.schema.ts';
import { transactions } from '../transactions/transactions.schema.ts';
import { users } from '../users/users.schema.ts';
import { reviews } from './reviews.schema.ts';

export async function insertReview(tx: Tx, values: typeof reviews.$inferInsert) {
  await tx.insert(reviews).values(values);
}

const author = alias(users, 'review_author');
const subject = alias(users, 'review_subject');
const nameFields = (u: typeof author | typeof subject) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, banned: u.banned, deleted: u.deleted });

/** Only public reviews: their transaction is reviewed (both sides wrote theirs, or the review period lapsed). */
function whereOf(q: ReviewsQuery): SQL {
  const conds: SQL[] = [eq(transactions.state, 'reviewed')];
  if (q.listing_id) conds.push(eq(reviews.listingId, q.listing_id));
  if (q.subject_id) conds.push(eq(reviews.subjectId, q.subject_id));
  if (q.organization_id) conds.push(eq(subject.organizationId, q.organization_id));
  if (q.type) conds.push(eq(reviews.type, q.type));
  return and(...conds)!;
}

/** One page, newest first, with the whole set's count and mean rating. */
export async function pageOfReviews(db: Tx, q: ReviewsQuery) {
  const where = whereOf(q);
  const [rows, [summary]] = await Promise.all([
    db
      .select({ r: reviews, author: nameFields(author), subject: nameFields(subject), listingTitle: listings.title })
      .from(reviews)
      .innerJoin(transactions, eq(transactions.id, reviews.transactionId))
      .innerJoin(author, eq(author.id, reviews.authorId))
      .innerJoin(subject, eq(subject.id, reviews.subjectId))
      .innerJoin(listings, eq(listings.id, reviews.listingId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db
      .select({ n: count(), average: avg(reviews.rating) })
      .from(reviews)
      .innerJoin(transactions, eq(transactions.id, reviews.transactionId))
      .innerJoin(subject, eq(subject.id, reviews.subjectId))
      .where(where),
  ]);
  return { rows, total: summary?.n ?? 0, average: summary?.average == null ? null : Number(summary.average) };
}
