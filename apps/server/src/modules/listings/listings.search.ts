import { and, arrayOverlaps, asc, count, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { ALTERNATIVE_LISTINGS_MAX, currencyDivisor, pageMeta, type Currency, type ListingPage, type ListingSearchQuery } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { pageTotal, preparedQuery, type Tx } from '../../db/index.ts';
import { pageJsonText } from '../../lib/json-text.ts';
import { hydrate } from './listings.mapper.ts';
import { listingCardJson } from './listings.page.ts';
import { searchable, selectJoined, selectPageJson, type ListingRow } from './listings.repository.ts';
import { listings } from './listings.schema.ts';

/** The values a search filters and sorts by; the ones it does not use are left out. */
interface SearchValues {
  port?: string;
  categories?: string[];
  priceMin?: number;
  priceMax?: number;
  from?: string;
  to?: string;
  author?: string;
  org?: string;
  keywords?: string;
}

function searchValues(q: ListingSearchQuery, currency: Currency): SearchValues {
  const divisor = currencyDivisor(currency);
  const v: SearchValues = {};
  if (q.pub_port) v.port = q.pub_port;
  if (q.pub_categories?.length) v.categories = q.pub_categories;
  if (q.price) [v.priceMin, v.priceMax] = [q.price[0] * divisor, q.price[1] * divisor];
  if (q.dates) [v.from, v.to] = q.dates;
  if (q.author_id) v.author = q.author_id;
  if (q.organization_id) v.org = q.organization_id;
  if (q.keywords) v.keywords = q.keywords;
  return v;
}

const p = (name: keyof SearchValues) => sql.placeholder(name);

/**
 * Keywords in English or Finnish: the column holds both languages' stems, so
 * the query is the OR of both parses (websearch syntax: quotes, -, or). A scalar
 * subquery, so that PostgreSQL parses it once per execution (an InitPlan): the
 * prepared statements run on generic plans, where a bare function of a parameter is
 * evaluated again for every row scanned (2 ms instead of 0.14 ms on the demo's 62 listings).
 */
const keywordQuery = sql`(select websearch_to_tsquery('english'::regconfig, ${p('keywords')}) || websearch_to_tsquery('finnish'::regconfig, ${p('keywords')}))`;

/** The WHERE of a search of this shape, a placeholder for each value. */
function filters(v: SearchValues): SQL | undefined {
  return and(
    searchable,
    v.port !== undefined ? eq(listings.port, p('port')) : undefined,
    v.categories !== undefined ? arrayOverlaps(listings.categories, p('categories')) : undefined,
    v.priceMin !== undefined ? gte(listings.priceAmount, p('priceMin')) : undefined,
    v.priceMax !== undefined ? lte(listings.priceAmount, p('priceMax')) : undefined,
    // "availability full": the listing's availability window covers the whole range.
    v.from !== undefined ? lte(listings.availableFrom, p('from')) : undefined,
    v.to !== undefined ? gte(listings.availableTo, p('to')) : undefined,
    v.author !== undefined ? eq(listings.authorId, p('author')) : undefined,
    v.org !== undefined ? eq(listings.organizationId, p('org')) : undefined,
    v.keywords !== undefined ? sql`${listings.search} @@ ${keywordQuery}` : undefined,
  );
}

function ordering(sort: ListingSearchQuery['sort'], keywords: boolean): SQL[] {
  const newest = [desc(listings.createdAt), desc(listings.id)];
  switch (sort) {
    case 'oldest':
      return [asc(listings.createdAt), asc(listings.id)];
    case 'price-asc':
      return [sql`${listings.priceAmount} asc nulls last`, ...newest];
    case 'price-desc':
      return [sql`${listings.priceAmount} desc nulls last`, ...newest];
    case 'relevance':
      // ts_rank rather than ts_rank_cd: title (A) over description (B) is what matters here, at half the cost.
      return keywords ? [sql`ts_rank(${listings.search}, ${keywordQuery}) desc`, ...newest] : newest;
    default:
      return newest;
  }
}

type Statement<Row> = (db: Tx, values: Record<string, unknown>) => Promise<Row[]>;
interface SearchStatements {
  page: Statement<{ json: string; total: number }>;
  count: Statement<{ n: number }>;
}

/**
 * The page and the count, prepared once per shape of search (which filters, which order):
 * at most a few hundred shapes, a handful in use; the values change per request.
 *
 * The page is `selectPage`: one statement, the ids and the total as a subquery; the count
 * runs only for a page past the end.
 */
const shapes = new Map<string, SearchStatements>();

function statementsFor(v: SearchValues, sort: ListingSearchQuery['sort']) {
  const key = `${Object.keys(v).join(',')}|${sort}`;
  let s = shapes.get(key);
  if (!s) {
    const n = shapes.size;
    s = {
      page: preparedQuery(`listings_search_page_${n}`, (db) =>
        selectPageJson(db, listingCardJson, filters(v), ordering(sort, v.keywords !== undefined), sql.placeholder('limit'), sql.placeholder('offset')),
      ),
      count: preparedQuery(`listings_search_count_${n}`, (db) => db.select({ n: count() }).from(listings).where(filters(v))),
    };
    shapes.set(key, s);
  }
  return s;
}

/**
 * GET /api/listings: published, visible, not deleted; one card image each. The JSON text of a
 * ListingPage: the database writes each card (listings.page.ts).
 */
export async function searchListingsJson(ctx: AppContext, q: ListingSearchQuery): Promise<string> {
  const currency = ctx.config.MARKETPLACE_CURRENCY as Currency;
  const values = searchValues(q, currency);
  const s = statementsFor(values, q.sort);
  const offset = (q.page - 1) * q.perPage;
  const rows = await s.page(ctx.db, { ...values, limit: q.perPage, offset });
  const totalItems = await pageTotal(rows, offset, () => s.count(ctx.db, { ...values }));
  return pageJsonText(rows, pageMeta(q.page, q.perPage, totalItems));
}

/** The search's page as values, for an answer that holds it (an organization's page). */
export async function searchListings(ctx: AppContext, q: ListingSearchQuery): Promise<ListingPage> {
  return JSON.parse(await searchListingsJson(ctx, q)) as ListingPage;
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
