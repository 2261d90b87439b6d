import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PortCall, PortCallsResponse } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { PortCallsPage } from './port-calls-page.tsx';

const ship = {
  imo: null, mmsi: 230000001, name: 'BALTIC STAR 1', callSign: null, flag: 'FI', owner: null, manager: null,
  capacityDwt: null, capacityGt: null, capacityNt: null, length: 140, width: null, draught: null,
  draughtMin: null, draughtMax: null, buildYear: null, classSociety: null, shipType: 70,
  speed: 0, course: null, navigationStatus: 5, voyage: 'FIVSS', harborEta: null,
};

function call(id: string, simulated: boolean, group: PortCall['group']): PortCall {
  return {
    id, pcId: null, portCode: 'FIVSS', prevPort: null, nextPort: null, shipFlag: 'FI', mmsi: 230000001, imo: null,
    shipName: 'BALTIC STAR 1', ata: '2026-11-25T10:00:00.000Z', atd: null, eta: null, etd: null, etaPrediction: null,
    source: 'AIS', sources: ['AIS'], status: 'on-going', group, timestamps: [], services: [], planState: 'none',
    updatedAt: '2026-11-25T10:00:00.000Z', simulated, ship: { ...ship, name: `SHIP ${id}` },
  };
}

function serve(answer: PortCallsResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/auth/harbor/token')) return jsonResponse(200, { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 900 });
      if (url.startsWith('/portcalls?portCode=FIVSS')) return jsonResponse(200, answer);
      return jsonResponse(404, { apiErrors: [{ code: 'not-found', status: 404, meta: {} }] });
    }),
  );
}

async function renderPage(language: 'en' | 'fi') {
  await session.init();
  const router = createMemoryRouter([{ path: '/portcalls', element: <PortCallsPage /> }], { initialEntries: ['/portcalls?port=FIVSS'] });
  renderWithProviders(<RouterProvider router={router} />, { language });
}

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

describe('port calls of simulated traffic', () => {
  it.each([
    ['en', 'Simulated', /No live AIS feed/],
    ['fi', 'Simuloitu', /Ei reaaliaikaista AIS-syötettä/],
  ] as const)('shows a banner and a chip on every simulated row (%s)', async (language, chip, banner) => {
    serve({ portCode: 'FIVSS', timestamp: Date.now(), simulated: true, portCalls: [call('a', true, 'at-berth'), call('b', true, 'arriving')] });
    await renderPage(language);
    expect((await screen.findByTestId('simulated-banner', {}, { timeout: 15_000 })).textContent).toMatch(banner);
    const chips = await screen.findAllByTestId('simulated-chip');
    expect(chips).toHaveLength(2);
    for (const c of chips) expect(c.textContent).toBe(chip);
    const row = screen.getByText('SHIP a').closest('tr')!;
    expect(within(row).getByTestId('simulated-chip')).toBeTruthy();
  }, 30_000);

  it('shows neither for real calls', async () => {
    serve({ portCode: 'FIVSS', timestamp: Date.now(), simulated: false, portCalls: [call('r', false, 'at-berth')] });
    await renderPage('en');
    await screen.findByText('SHIP r', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('simulated-banner')).toBeNull();
    expect(screen.queryByTestId('simulated-chip')).toBeNull();
  }, 30_000);
});
