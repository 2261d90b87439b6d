import { describe, expect, it } from 'vitest';
import { apiQuery, readBounds, readFilters, withFilters } from './search-params.ts';

describe('search params', () => {
  it('reads valid filters and drops invalid ones', () => {
    const f = readFilters(new URLSearchParams('keywords=oil&pub_port=FIKTK&pub_categories=waste,bogus&price=5,500&dates=2026-12-01,2026-11-01&sort=zzz&page=-3'));
    expect(f).toMatchObject({ keywords: 'oil', port: 'FIKTK', categories: ['waste'], price: [5, 500], dates: null, sort: 'relevance', page: 1 });
  });
  it('keeps the not-found page params (address, origin, bounds) and resets the page', () => {
    const current = new URLSearchParams('address=Turku%2C+Finland&origin=60.45,22.26&bounds=1,2,3,4&page=3');
    const next = withFilters(current, { keywords: 'tug', port: '', categories: [], price: [0, 10000], dates: null, sort: 'price-asc' });
    expect(next.get('address')).toBe('Turku, Finland');
    expect(next.get('bounds')).toBe('1,2,3,4');
    expect(next.get('page')).toBeNull();
    expect(next.get('price')).toBeNull();
    expect(next.get('sort')).toBe('price-asc');
    expect(readFilters(next).address).toBe('Turku, Finland');
  });
  it('builds the API query with 24 per page', () => {
    const q = new URLSearchParams(apiQuery(readFilters(new URLSearchParams('pub_categories=waste,crew&page=2'))));
    expect(q.get('pub_categories')).toBe('waste,crew');
    expect(q.get('perPage')).toBe('24');
    expect(q.get('page')).toBe('2');
  });
  it('reads the location bounds for the map variant as west, south, east, north', () => {
    expect(readBounds(new URLSearchParams('bounds=60.3,21.9,60.6,22.6'))).toEqual([21.9, 60.3, 22.6, 60.6]);
    for (const bad of ['', 'bounds=1,2,3', 'bounds=60.6,21.9,60.3,22.6', 'bounds=a,b,c,d', 'bounds=-100,0,0,1', 'bounds=,21.9,60.6,22.6'])
      expect(readBounds(new URLSearchParams(bad)), bad).toBeNull();
  });
});
