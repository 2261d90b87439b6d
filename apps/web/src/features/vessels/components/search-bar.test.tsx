import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { stubServer } from '../../transactions/test-fixtures.ts';
import { nextSearchOffset } from '../api/use-ship-search-pages.ts';
import { SearchBar } from './search-bar.tsx';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

const SHIPS = Array.from({ length: 45 }, (_, i) => ({ name: `NORD ${String(i).padStart(2, '0')}`, mmsi: 230000000 + i, shipType: 70, length: 100, width: 20, flag: 'FI' }));

async function serve() {
  const fetch = stubServer({
    'GET /v1/ships/info/search': () => {
      const params = new URLSearchParams(String(fetch.mock.calls.at(-1)![0]).split('?')[1]);
      const offset = Number(params.get('offset') ?? 0);
      const limit = Number(params.get('limit') ?? 20);
      return jsonResponse(200, { simulated: false, total: SHIPS.length, results: SHIPS.slice(offset, offset + limit) });
    },
    'GET /v1/zones/search': () => jsonResponse(200, { type: 'FeatureCollection', features: [] }),
  });
  await session.init();
  return fetch;
}

describe('map search paging', { timeout: 30_000 }, () => {
  it('shows the first 20 of 45 ships, then the rest page by page', async () => {
    const fetch = await serve();
    const onSelectShip = vi.fn();
    renderWithProviders(<SearchBar onSelectShip={onSelectShip} onSelectPort={() => {}} onReset={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: /search/i }), { target: { value: 'nord' } });
    const results = await screen.findByTestId('search-results', {}, { timeout: 10_000 });
    await within(results).findByText('NORD 19', {}, { timeout: 10_000 });
    expect(within(results).getByText('Ships (45)')).toBeTruthy();
    expect(within(results).queryByText('NORD 20')).toBeNull();
    fireEvent.click(within(results).getByText('Show more (20 of 45 shown)'));
    await within(results).findByText('NORD 39');
    fireEvent.click(within(results).getByText('Show more (40 of 45 shown)'));
    await within(results).findByText('NORD 44');
    expect(within(results).queryByTestId('search-more')).toBeNull();
    const offsets = fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/v1/ships/info/search')).map((u) => new URLSearchParams(u.split('?')[1]).get('offset'));
    expect(offsets).toEqual(['0', '20', '40']);
    fireEvent.click(within(results).getByText('NORD 42'));
    await waitFor(() => expect(onSelectShip).toHaveBeenCalledWith(230000042));
  });

  it('has the show-more text in Finnish', async () => {
    await serve();
    renderWithProviders(<SearchBar onSelectShip={() => {}} onSelectPort={() => {}} onReset={() => {}} />, { language: 'fi' });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'nord' } });
    expect(await screen.findByText('Näytä lisää (20/45 näytetty)', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('stops at a short page or the total', () => {
    expect(nextSearchOffset({ results: new Array(20), total: 45 }, 1)).toBe(20);
    expect(nextSearchOffset({ results: new Array(20), total: 40 }, 2)).toBeUndefined();
    expect(nextSearchOffset({ results: new Array(5) }, 3)).toBeUndefined();
    expect(nextSearchOffset({ results: new Array(20) }, 1)).toBe(20);
  });
});
