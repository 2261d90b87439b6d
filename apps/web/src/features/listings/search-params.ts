import type { ListingSort, ServiceCategory } from '@harbor/contracts';
import { LISTING_SORTS, PRICE_FILTER, SEARCH_PER_PAGE, SERVICE_CATEGORIES } from '@harbor/contracts/listing-constants';

/** The search page's filters as read from the URL (invalid values are dropped, never fatal). */
export interface SearchFilters {
  keywords: string;
  port: string;
  categories: ServiceCategory[];
  price: [number, number] | null;
  dates: [string, string] | null;
  sort: ListingSort;
  page: number;
  /** From the not-found page's location search: shown, not used for filtering (the map variant frames `bounds`). */
  address: string | null;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function readFilters(params: URLSearchParams): SearchFilters {
  const categories = (params.get('pub_categories') ?? '')
    .split(',')
    .filter((c): c is ServiceCategory => (SERVICE_CATEGORIES as readonly string[]).includes(c));
  const priceParts = (params.get('price') ?? '').split(',').map(Number);
  const price =
    priceParts.length === 2 && priceParts.every(Number.isFinite) && priceParts[0]! >= PRICE_FILTER.min && priceParts[1]! <= PRICE_FILTER.max && priceParts[0]! <= priceParts[1]!
      ? (priceParts as [number, number])
      : null;
  const dateParts = (params.get('dates') ?? '').split(',');
  const dates = dateParts.length === 2 && dateParts.every((d) => DATE_RE.test(d)) && dateParts[0]! <= dateParts[1]! ? (dateParts as [string, string]) : null;
  const sortParam = params.get('sort');
  const sort = (LISTING_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as ListingSort) : 'relevance';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const port = params.get('pub_port') ?? '';
  return {
    keywords: params.get('keywords') ?? '',
    port: /^[A-Z]{5}$/.test(port) ? port : '',
    categories,
    price,
    dates,
    sort,
    page,
    address: params.get('address'),
  };
}

/** The API query for GET /api/listings. */
export function apiQuery(f: SearchFilters): string {
  const q = new URLSearchParams();
  if (f.keywords.trim()) q.set('keywords', f.keywords.trim());
  if (f.port) q.set('pub_port', f.port);
  if (f.categories.length) q.set('pub_categories', f.categories.join(','));
  if (f.price) q.set('price', f.price.join(','));
  if (f.dates) q.set('dates', f.dates.join(','));
  if (f.sort !== 'relevance') q.set('sort', f.sort);
  q.set('page', String(f.page));
  q.set('perPage', String(SEARCH_PER_PAGE));
  return q.toString();
}

/** New URL params for changed filters: other params (address, origin, bounds) are kept, page resets. */
export function withFilters(current: URLSearchParams, f: Omit<SearchFilters, 'page' | 'address'>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set('keywords', f.keywords.trim() || null);
  set('pub_port', f.port || null);
  set('pub_categories', f.categories.length ? f.categories.join(',') : null);
  set('price', f.price && (f.price[0] > PRICE_FILTER.min || f.price[1] < PRICE_FILTER.max) ? f.price.join(',') : null);
  set('dates', f.dates ? f.dates.join(',') : null);
  set('sort', f.sort === 'relevance' ? null : f.sort);
  next.delete('page');
  return next;
}

/**
 * `bounds=south,west,north,east` from the not-found page's location search, as
 * MapLibre's [west, south, east, north]; null when absent or not a valid box.
 */
export function readBounds(params: URLSearchParams): [number, number, number, number] | null {
  const parts = (params.get('bounds') ?? '').split(',').map((v) => (v.trim() === '' ? NaN : Number(v)));
  if (parts.length !== 4 || !parts.every(Number.isFinite)) return null;
  const [south, west, north, east] = parts as [number, number, number, number];
  const valid = south >= -90 && north <= 90 && south < north && west >= -180 && east <= 180 && west < east;
  return valid ? [west, south, east, north] : null;
}
