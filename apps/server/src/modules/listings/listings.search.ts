import { and, arrayOverlaps, asc, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { ALTERNATIVE_LISTINGS_MAX, currencyDivisor, type Currency, type ListingSearchQuery } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { hydrate } from './listings.mapper.ts';
import { pageJoined, searchable, selectJoined, type ListingRow } from './listings.repository.ts';
import { listings } from './listings.schema.ts';

/**
 * Keywords in English or Finnish: the column holds both languages' stems, so
 * the query is the OR of both parses (websearch syntax: quotes, -, or).
 */
function keywordQuery(keywords: string): SQL {
  return sql`(websearch_to_tsquery('english'::regconfig, ${keywords}) || websearch_to_tsquery('finnish'::regconfig, ${keywords}))`;
}

function filters(q: ListingSearchQuery, currency: Currency): SQL | undefined {
  const divisor = currencyDivisor(currency);
  return and(
    searchable,
    q.pub_port ? eq(listings.port, q.pub_port) : undefined,
    q.pub_categories?.length ? arrayOverlaps(listings.categories, q.pub_categories) : undefined,
    q.price ? gte(listings.priceAmount, q.price[0] * divisor) : undefined,
    q.price ? lte(listings.priceAmount, q.price[1] * divisor) : undefined,
    // "availability full": the listing's availability window covers the whole range.
    q.dates ? lte(listings.availableFrom, q.dates[0]) : undefined,
    q.dates ? gte(listings.availableTo, q.dates[1]) : undefined,
    q.author_id ? eq(listings.authorId, q.author_id) : undefined,
    q.organization_id ? eq(listings.organizationId, q.organization_id) : undefined,
    q.keywords ? sql`${listings.search} @@ ${keywordQuery(q.keywords)}` : undefined,
  );
}

function ordering(q: ListingSearchQuery): SQL[] {
  const newest = [desc(listings.createdAt), desc(listings.id)];
  switch (q.sort) {
    case 'oldest':
      return [asc(listings.createdAt), asc(listings.id)];
    case 'price-asc':
      return [sql`${listings.priceAmount} asc nulls last`, ...newest];
    case 'price-desc':
      return [sql`${listings.priceAmount} desc nulls last`, ...newest];
    case 'relevance':
      // ts_rank rather than ts_rank_cd: title (A) over description (B) is what matters here, at half the cost.
      return q.keywords ? [sql`ts_rank(${listings.search}, ${keywordQuery(q.keywords)}) desc`, ...newest] : newest;
    default:
      return newest;
  }
}

/** GET /api/listings: published, visible, not deleted; one card image each. */
export async function searchListings(ctx: AppContext, q: ListingSearchQuery) {
  const currency = ctx.config.MARKETPLACE_CURRENCY as Currency;
  const { rows, totalItems } = await pageJoined(ctx.db, filters(q, currency), ordering(q), q.page, q.perPage);
  return {
    data: await hydrate(ctx.db, rows, { firstImageOnly: true }),
    meta: { page: q.page, perPage: q.perPage, totalItems, totalPages: Math.ceil(totalItems / q.perPage) },
  };
}

/** At most 6 others in the same port sharing a category, newest first. */
export async function alternativesOf(db: Tx, row: ListingRow) {
  if (!row.port) return [];
  const rows = await selectJoined(db)
    .where(
      and(
        searchable,
        ne(listings.id, row.id),
        eq(listings.port, row.port),
        row.categories.length ? arrayOverlaps(listings.categories, row.categories) : undefined,
      ),
    )
    .orderBy(desc(listings.createdAt))
    .limit(ALTERNATIVE_LISTINGS_MAX);
  return hydrate(db, rows, { firstImageOnly: true });
}
