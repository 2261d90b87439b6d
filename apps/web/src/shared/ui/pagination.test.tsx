import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../test-utils.tsx';
import { Pagination } from './pagination.tsx';
import { pageHref, pageSlots } from './pagination-model.ts';

describe('pageSlots', () => {
  it('shows first, last, current and neighbours with gaps', () => {
    expect(pageSlots(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
  });
  it('needs no gap near the ends', () => {
    expect(pageSlots(1, 5)).toEqual([1, 2, 'gap', 5]);
    expect(pageSlots(5, 5)).toEqual([1, 'gap', 4, 5]);
    expect(pageSlots(2, 3)).toEqual([1, 2, 3]);
  });
  it('shows a single skipped page instead of an ellipsis', () => {
    expect(pageSlots(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('handles one page, none, and out-of-range current pages', () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(1, 0)).toEqual([]);
    expect(pageSlots(99, 3)).toEqual([1, 2, 3]);
  });
});

describe('pageHref', () => {
  it('keeps the search params and sets page', () => {
    expect(pageHref('/s', '?keywords=oil&page=2&pub_port=FIKTK', 3)).toBe('/s?keywords=oil&page=3&pub_port=FIKTK');
    expect(pageHref('/listings', '', 1)).toBe('/listings?page=1');
  });
});

describe('<Pagination>', () => {
  afterEach(cleanup);
  const renderAt = (url: string, page: number, totalPages: number) => {
    const router = createMemoryRouter([{ path: '*', element: <Pagination page={page} totalPages={totalPages} /> }], { initialEntries: [url] });
    renderWithProviders(<RouterProvider router={router} />);
  };

  it('disables previous on the first page and links the others with the kept params', () => {
    renderAt('/s?keywords=oil', 1, 8);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/s?keywords=oil&page=2');
    expect(screen.getByRole('link', { name: 'Page 8' }).getAttribute('href')).toBe('/s?keywords=oil&page=8');
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByTestId('pagination-gap')).toHaveLength(1);
  });

  it('disables next on the last page', () => {
    renderAt('/listings?page=8', 8, 8);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/listings?page=7');
  });

  it('renders nothing for a single page', () => {
    renderAt('/s', 1, 1);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
