import { describe, expect, it } from 'vitest';
import { canonicalizeListingPath, editListingPath, isPayoutReturnType, listingPath, NEW_LISTING_ID, payoutReturnPath, slugify } from './paths.ts';

describe('slugify', () => {
  it('lowercases, folds accents, joins words with dashes and drops the rest', () => {
    expect(slugify('Jätehuolto & Öljy – Kotka')).toBe('jatehuolto-oljy-kotka');
    expect(slugify('  Pilot  service (24/7)!  ')).toBe('pilot-service-24-7');
    expect(slugify('a__b...c')).toBe('a-b-c');
  });
  it('gives no-slug for an empty result', () => {
    expect(slugify('')).toBe('no-slug');
    expect(slugify('!!!')).toBe('no-slug');
  });
});

describe('listing paths', () => {
  const id = '6f1c2d3e-1111-4222-8333-944455556666';
  it('builds the public and editor paths', () => {
    expect(listingPath({ id, title: 'Waste oil pickup' })).toBe(`/l/waste-oil-pickup/${id}`);
    expect(editListingPath(null)).toBe(`/l/draft/${NEW_LISTING_ID}/new/details`);
    expect(editListingPath({ id, title: 'Tug', state: 'draft' }, 'pricing')).toBe(`/l/tug/${id}/draft/pricing`);
    expect(editListingPath({ id, title: 'Tug', state: 'published' }, 'images')).toBe(`/l/tug/${id}/edit/images`);
  });
  it('builds the payout return path and knows its return types', () => {
    expect(payoutReturnPath({ id, title: 'Tug', state: 'published' }, 'pricing', 'success')).toBe(`/l/tug/${id}/edit/pricing/success`);
    expect(isPayoutReturnType('failure')).toBe(true);
    expect(isPayoutReturnType('refresh')).toBe(false);
    expect(isPayoutReturnType(undefined)).toBe(false);
    expect(canonicalizeListingPath(`/l/tug/${id}/edit/pricing/success`)).toBeNull();
  });
  it('canonicalises a four-part listing path to /l/{id} and /l to the landing page', () => {
    expect(canonicalizeListingPath(`/l/tug/${id}/pending`)).toBe(`/l/${id}`);
    expect(canonicalizeListingPath('/l')).toBe('/');
    expect(canonicalizeListingPath(`/l/tug/${id}`)).toBeNull();
    expect(canonicalizeListingPath(`/l/${id}`)).toBeNull();
    expect(canonicalizeListingPath('/s')).toBeNull();
  });
});
