import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PortCall } from '@harbor/contracts';
import { renderWithProviders } from '../../../test-utils.tsx';
import { ShipCard, type ShipCardProps } from './ship-card.tsx';

afterEach(cleanup);

const MMSI = 230999000;

/** A single-window call: the registry and the AIS feed know nothing of the ship. */
const call = {
  id: 'pc-1', pcId: '1234', portCode: 'FIVSS', prevPort: 'SESTO', nextPort: null, shipFlag: 'FI', mmsi: MMSI, imo: 9876543,
  shipName: 'NORDIC STAR', ata: '2026-11-25T08:00:00.000Z', atd: null, eta: '2026-11-25T07:30:00.000Z', etd: null, etaPrediction: null,
  source: 'PORTNET', sources: ['PORTNET'], status: 'at-berth', group: 'at-berth', timestamps: [], services: [], planState: 'none', simulated: false,
  updatedAt: '2026-11-25T08:00:00.000Z',
  ship: {
    imo: 9876543, mmsi: MMSI, name: 'NORDIC STAR', callSign: 'OJAB', flag: 'FI', owner: null, manager: null, capacityDwt: null, capacityGt: 12000,
    capacityNt: null, length: 150, width: 24, draught: null, draughtMin: null, draughtMax: null, buildYear: null, classSociety: null, shipType: 70,
    speed: null, course: null, navigationStatus: 5, voyage: 'VUOSAARI', harborEta: null,
  },
} as unknown as PortCall;

const props = (over: Partial<ShipCardProps> = {}): ShipCardProps => ({
  mmsi: MMSI, position: null, lastSeen: null, details: undefined, detailsLoading: false, detailsError: new Error('404'),
  portCall: call, portCallLoading: false, noPosition: true, onClose: () => {}, ...over,
});

describe('ship card for a ship known only from a port call', { timeout: 20_000 }, () => {
  it('shows its name, category and port-call details, and says no position was received (en)', () => {
    renderWithProviders(<ShipCard {...props()} />);
    expect(screen.getByRole('heading', { name: 'NORDIC STAR' })).toBeTruthy();
    expect(screen.getByText('MMSI 230999000 · FI')).toBeTruthy();
    expect(screen.getByText('Other cargo')).toBeTruthy();
    expect(screen.getByTestId('ship-no-position').textContent).toBe('No position received from this ship yet.');
    fireEvent.click(screen.getByRole('tab', { name: 'Ship info' }));
    expect(screen.queryByText(/not found/i)).toBeNull();
    expect(screen.getByTestId('ship-info-from-port-call')).toBeTruthy();
    expect(screen.getByText('9876543')).toBeTruthy();
    expect(screen.getByText('OJAB')).toBeTruthy();
  });

  it('in Finnish', () => {
    renderWithProviders(<ShipCard {...props()} />, { language: 'fi' });
    expect(screen.getByTestId('ship-no-position').textContent).toBe('Aluksesta ei ole vielä saatu sijaintia.');
  });

  it('hangs the 100 % ATA label from the right edge on one line (it used to wrap over the ATA row)', () => {
    renderWithProviders(<ShipCard {...props()} />);
    const label = screen.getByTestId('voyage-timeline-label');
    expect(screen.getByTestId('voyage-timeline').dataset.percent).toBe('100');
    const style = getComputedStyle(label);
    expect(style.whiteSpace).toBe('nowrap');
    expect(style.right).toBe('0px');
    expect(['', 'auto']).toContain(style.left);
  });
});
