import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review, ReviewPage } from '@harbor/contracts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { stubServer } from '../../transactions/test-fixtures.ts';
import { ReviewSummary } from './review-summary.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LISTING = '00000000-0000-4000-8000-0000000000a1';
const person = (id: string, displayName: string) => ({ id, displayName, abbreviatedName: '' });
const review = (rating: number, content: string): Review => ({
  id: crypto.randomUUID(),
  type: 'ofProvider',
  state: 'public',
  rating,
  content,
  createdAt: '2026-05-04T08:00:00.000Z',
  author: person('00000000-0000-4000-8000-0000000000b1', 'Bruno Buyer'),
  subject: person('00000000-0000-4000-8000-0000000000c1', 'Sara Seller'),
  listing: { id: LISTING, title: 'Harbour tug assistance' },
});

function serve(reviews: Review[], averageRating: number | null) {
  const answer = (): ReviewPage => ({
    data: reviews,
    meta: { page: 1, perPage: 20, totalItems: reviews.length, totalPages: 1 },
    summary: { count: reviews.length, averageRating },
  });
  const fetch = stubServer({ 'GET /api/reviews': () => jsonResponse(200, answer()) });
  const queries = () => fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/reviews?')).map((u) => Object.fromEntries(new URLSearchParams(u.split('?')[1])));
  return queries;
}

/** The filled share of the five stars: 90% is four and a half. */
const starsOf = (el: HTMLElement) => [el.getAttribute('data-stars'), within(el).getByTestId('stars-filled').style.width];

describe('review summary and dialog', { timeout: 20_000 }, () => {
  it('shows the average snapped to half stars and the count; the dialog lists the reviews', async () => {
    // 4.33 -> first fraction digit 3 -> 4.5 stars.
    const queries = serve([review(4, 'Quick and careful'), review(4, 'Fine'), review(5, 'Great crew')], 4.33);
    renderWithProviders(<ReviewSummary scope={{ listing_id: LISTING, type: 'ofProvider' }} />);
    const stars = await screen.findByRole('img', { name: '4.5 out of 5 stars, 3 reviews' }, { timeout: 10_000 });
    expect(starsOf(stars)).toEqual(['4.5', '90%']);
    expect(screen.getByTestId('review-summary').textContent).toContain('3 reviews');
    expect(queries()[0]).toEqual({ listing_id: LISTING, type: 'ofProvider', state: 'public', page: '1', per_page: '1' });

    fireEvent.click(screen.getByTestId('review-summary'));
    const dialog = await screen.findByRole('dialog', { name: 'Reviews' }, { timeout: 10_000 });
    expect((await within(dialog).findAllByTestId('review')).map((r) => r.querySelectorAll('p')[1]?.textContent)).toEqual(['Quick and careful', 'Fine', 'Great crew']);
    expect(within(dialog).getAllByText('Bruno Buyer · 04.05.2026')).toHaveLength(3);
    expect(within(dialog).getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy(); // each review's own rating
    expect(within(dialog).getByRole('img', { name: '4.5 out of 5 stars, 3 reviews' })).toBeTruthy();
  });

  it('rounds below 3 and above 7 to whole stars', async () => {
    serve([review(5, 'a'), review(5, 'b')], 4.8);
    renderWithProviders(<ReviewSummary scope={{ subject_id: LISTING }} />);
    expect(starsOf(await screen.findByRole('img', { name: '5 out of 5 stars, 2 reviews' }, { timeout: 10_000 }))).toEqual(['5', '100%']);
    cleanup();
    serve([review(4, 'a')], 4.29);
    renderWithProviders(<ReviewSummary scope={{ subject_id: LISTING }} />);
    expect(starsOf(await screen.findByRole('img', { name: '4 out of 5 stars, 1 review' }, { timeout: 10_000 }))).toEqual(['4', '80%']);
  });

  it('says there are none yet, in Finnish too', async () => {
    serve([], null);
    renderWithProviders(<ReviewSummary scope={{ organization_id: LISTING }} />, { language: 'fi' });
    fireEvent.click(await screen.findByRole('button', { name: 'Arviot' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Arviot' }, { timeout: 10_000 });
    expect(await within(dialog).findByText('Ei vielä arvioita.')).toBeTruthy();
  });
});
