import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Listing } from '@harbor/contracts';
import type { ListingMarker } from './map-markers.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { SearchPage } from '../pages/search-page.tsx';

const listing = (id: string, title: string, geolocation: Listing['geolocation']) =>
  ({ id, title, description: `${title} in Vuosaari`, state: 'published', geolocation, price: null, publicData: {}, images: [] }) as unknown as Listing;

const PAGE = {
  data: [
    listing('8f8e1c52-4a8e-4d55-9a53-1c0f0e6f0001', 'Mooring and unmooring', { lat: 60.2076, lng: 25.1947 }),
    listing('8f8e1c52-4a8e-4d55-9a53-1c0f0e6f0002', 'Vessel ETA API', null),
  ],
  meta: { page: 1, perPage: 24, totalItems: 2, totalPages: 1 },
};

// The search answer and the map are stand-ins: this test is about the variant switch and the wiring.
vi.mock('../api/listings-api.ts', () => ({ useListingSearch: () => ({ data: PAGE, isPending: false, error: null, isFetching: false }) }));
vi.mock('./lazy-listings-map.tsx', () => ({
  LazyListingsMap: ({ markers, onSelect, label }: { markers: ListingMarker[]; onSelect(id: string): void; label: string }) => (
    <div role="region" aria-label={label}>
      {markers.map((m) => (
        <button key={m.id} type="button" onClick={() => onSelect(m.id)}>{`marker ${m.index}`}</button>
      ))}
    </div>
  ),
}));

function serveConfig(answer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/config' ? answer.clone() : jsonResponse(404, { apiErrors: [{ code: 'not-found', status: 404 }] }))),
  );
}

function renderSearch(language: 'en' | 'fi' = 'en') {
  const router = createMemoryRouter([{ path: '/s', element: <SearchPage /> }], { initialEntries: ['/s'] });
  return renderWithProviders(<RouterProvider router={router} />, { language });
}

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('search page variant', () => {
  it('shows the grid without a map by default', async () => {
    serveConfig(jsonResponse(200, { searchPageVariant: 'grid' }));
    renderSearch();
    // The file's first render: it waits longer, as on a busy machine it includes compiling what the page loads.
    await screen.findByText('Mooring and unmooring', {}, { timeout: 5000 });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/config', expect.anything()));
    expect(screen.queryByRole('region', { name: 'Map of the search results' })).toBeNull();
  });

  it('shows the list beside a map; a marker click highlights its card', async () => {
    serveConfig(jsonResponse(200, { searchPageVariant: 'map' }));
    renderSearch();
    await screen.findByRole('region', { name: 'Map of the search results' });
    // One marker: the second listing has no location, and the page says so.
    expect(screen.getAllByRole('button', { name: /^marker / }).map((b) => b.textContent)).toEqual(['marker 1']);
    screen.getByText('1 service on this page has no location and is not shown on the map.');
    fireEvent.click(screen.getByRole('button', { name: 'marker 1' }));
    const cards = screen.getAllByTestId('search-result');
    expect(cards.map((c) => c.getAttribute('aria-current'))).toEqual(['true', null]);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it('speaks Finnish in the map variant', async () => {
    serveConfig(jsonResponse(200, { searchPageVariant: 'map' }));
    renderSearch('fi');
    await screen.findByRole('region', { name: 'Hakutulosten kartta' });
    screen.getByText('Yhdellä tämän sivun palvelulla ei ole sijaintia, eikä sitä näytetä kartalla.');
  });

  it('falls back to the grid when the server cannot tell', async () => {
    serveConfig(jsonResponse(500, { apiErrors: [{ code: 'internal-error', status: 500 }] }));
    renderSearch();
    // One retry (a second apart) before giving up on the setting.
    await screen.findByText('Mooring and unmooring', undefined, { timeout: 4000 });
    expect(screen.queryByRole('region', { name: 'Map of the search results' })).toBeNull();
  });
});
