import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-utils.tsx';
import { ALL_SHIPS } from '../filters/map-filter.ts';
import { MapControls } from './map-controls.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noop = () => {};
const render = (language: 'en' | 'fi', config = { seachartTilesUrl: null, streetStyleUrl: null, satelliteTilesUrl: null }) => {
  // The server-basemap probe: no PMTiles basemap on this server.
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 404 })));
  return renderWithProviders(
    <MapControls config={config} styleId="sea" theme="light" onStyle={noop} onTheme={noop} onZoomIn={noop} onZoomOut={noop} onLocate={noop} filter={ALL_SHIPS} onFilter={noop} />,
    { language },
  );
};

describe('map style switcher', { timeout: 20_000 }, () => {
  it('says why a style without a source cannot be used (en)', () => {
    render('en');
    fireEvent.click(screen.getByRole('button', { name: 'Map style' }));
    const satellite = screen.getByTestId('style-satellite-unavailable');
    expect(within(satellite).getByRole('menuitem').getAttribute('aria-disabled')).toBe('true');
    expect(satellite.textContent).toContain('VITE_SATELLITE_TILES_URL');
    expect(screen.getByTestId('style-street-unavailable').textContent).toContain('BASEMAP_PMTILES');
    // Seachart works offline from our own layers: usable, no reason.
    expect(screen.queryByTestId('style-seachart-unavailable')).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Seachart' }).getAttribute('aria-disabled')).not.toBe('true');
  });

  it('in Finnish', () => {
    render('fi');
    fireEvent.click(screen.getByRole('button', { name: 'Karttatyyli' }));
    expect(screen.getByTestId('style-satellite-unavailable').textContent).toContain('satelliittikuvapalvelun');
  });
});
