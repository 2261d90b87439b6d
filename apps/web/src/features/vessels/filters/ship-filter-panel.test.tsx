import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { HARBOR_SHIP_TYPES } from '@harbor/contracts/vessel-constants';
import { renderWithProviders } from '../../../test-utils.tsx';
import { ALL_SHIPS, FILTER_NAVIGATION_STATUSES, feedFilterOf, readStoredFilter, storeFilter, toggled, type MapFilterChoice } from './map-filter.ts';
import ShipFilterPanel from './ship-filter-panel.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Harness({ onChange }: { onChange(c: MapFilterChoice): void }) {
  const [value, setValue] = useState(ALL_SHIPS);
  return (
    <ShipFilterPanel
      value={value}
      onChange={(c) => {
        setValue(c);
        onChange(c);
      }}
    />
  );
}

describe('map ship filter', { timeout: 30_000 }, () => {
  it('sends nothing while everything is shown, and only the lists that leave something out', () => {
    expect(feedFilterOf(ALL_SHIPS)).toEqual({});
    expect(feedFilterOf({ ...ALL_SHIPS, harborShipTypes: ['TANKER'] })).toEqual({ harborShipTypes: ['TANKER'] });
    expect(feedFilterOf({ ...ALL_SHIPS, navigationStatuses: [1, 5] })).toEqual({ navigationStatuses: [1, 5] });
    expect(FILTER_NAVIGATION_STATUSES).not.toContain(9);
    expect(FILTER_NAVIGATION_STATUSES).toHaveLength(13);
  });

  it('keeps the list order and never empties a list', () => {
    expect(toggled(['TANKER'], 'FISHING', HARBOR_SHIP_TYPES)).toEqual(['FISHING', 'TANKER']);
    expect(toggled(['TANKER'], 'TANKER', HARBOR_SHIP_TYPES)).toEqual(['TANKER']);
    expect(toggled([0, 5], 5, FILTER_NAVIGATION_STATUSES)).toEqual([0]);
  });

  it('remembers the choice per user id, and reads junk as every ship', () => {
    storeFilter('user-a', { ...ALL_SHIPS, harborShipTypes: ['CONTAINER', 'BULKER'] });
    expect(readStoredFilter('user-a').harborShipTypes).toEqual(['BULKER', 'CONTAINER']);
    expect(readStoredFilter('user-b')).toEqual(ALL_SHIPS);
    expect(readStoredFilter(null)).toEqual(ALL_SHIPS);
    localStorage.setItem('harbor.map.filter.user-c', '{not json');
    expect(readStoredFilter('user-c')).toEqual(ALL_SHIPS);
    localStorage.setItem('harbor.map.filter.user-d', JSON.stringify({ harborShipTypes: ['NOPE'], navigationStatuses: [5, 99] }));
    expect(readStoredFilter('user-d')).toEqual({ harborShipTypes: ALL_SHIPS.harborShipTypes, navigationStatuses: [5] });
    storeFilter('user-a', ALL_SHIPS);
    expect(localStorage.getItem('harbor.map.filter.user-a')).toBeNull();
  });

  it('lists the 12 categories and the statuses, and toggles them (en)', () => {
    const changes: MapFilterChoice[] = [];
    renderWithProviders(<Harness onChange={(c) => changes.push(c)} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(12 + 13);
    expect(screen.getByRole('region', { name: 'Show ships' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Tanker'));
    expect(changes.at(-1)!.harborShipTypes).not.toContain('TANKER');
    fireEvent.click(screen.getByLabelText('Moored'));
    expect(changes.at(-1)!.navigationStatuses).not.toContain(5);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(changes.at(-1)).toEqual(ALL_SHIPS);
  });

  it('is in Finnish', () => {
    renderWithProviders(<Harness onChange={() => {}} />, { language: 'fi' });
    expect(screen.getByRole('region', { name: 'Näytä alukset' })).toBeTruthy();
    expect(screen.getByText('Navigointitila')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Näytä kaikki' })).toBeTruthy();
  });
});
