import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Forex } from '@harbor/contracts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { DISPLAY_CURRENCY_STORAGE_KEY, readDisplayCurrency, setDisplayCurrency } from '../display-currency.ts';
import { AltAmount } from './alt-amount.tsx';
import CurrencyMenu from './currency-menu.tsx';

const SEK: Forex = { from: 'EUR', to: 'SEK', multiplier: 10.365, date: '2022-08-08', source: 'snapshot', fetchedAt: null, offline: true };

function serveForex(answer: (to: string) => Response) {
  const fetch = vi.fn(async (url: string) => answer(new URL(url, 'http://x').searchParams.get('to') ?? ''));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  cleanup();
  setDisplayCurrency(null);
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const ui = (
  <>
    <CurrencyMenu />
    <p data-testid="price">
      1234.50 EUR
      <AltAmount money={{ amount: 123_450, currency: 'EUR' }} />
    </p>
    <p data-testid="yen">
      <AltAmount money={{ amount: 1000, currency: 'JPY' }} />
    </p>
  </>
);

describe('alternative display currency', () => {
  it('shows nothing and asks nothing until a currency is chosen; then the converted amount with the ECB date, stored for the session', { timeout: 30_000 }, async () => {
    const fetch = serveForex(() => jsonResponse(200, { data: SEK }));
    renderWithProviders(ui);
    expect(screen.queryByTestId('alt-amount')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Alternative currency' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'SEK' }));

    // 1234.50 EUR × 10.365 = 12795.59 SEK (12795.5925 rounded).
    await waitFor(() => expect(within(screen.getByTestId('price')).getByTestId('alt-amount').textContent).toBe('≈ 12795.59 SEK'), { timeout: 5000 });
    expect(screen.getByTestId('price').querySelector('[title]')!.getAttribute('title')).toBe('Converted at the last known European Central Bank reference rate, of 08.08.2022');
    expect(screen.getByTestId('currency-rate').textContent).toContain('1.00 EUR = 10.37 SEK');
    expect(screen.getByTestId('currency-rate').textContent).toContain('last known');
    expect(window.sessionStorage.getItem(DISPLAY_CURRENCY_STORAGE_KEY)).toBe('SEK');
    expect(fetch).toHaveBeenCalledWith('/api/forex?from=EUR&to=SEK', expect.anything());
    // JPY is converted through its own pair.
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/forex?from=JPY&to=SEK', expect.anything()), { timeout: 5000 });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Alternative currency' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'None (EUR only)' }));
    await waitFor(() => expect(screen.queryByTestId('alt-amount')).toBeNull(), { timeout: 5000 });
    expect(readDisplayCurrency()).toBeNull();
  });

  it('without any rate says so and keeps EUR only (Finnish)', { timeout: 30_000 }, async () => {
    const fetch = serveForex(() => jsonResponse(503, { apiErrors: [{ code: 'internal', status: 503 }] }));
    setDisplayCurrency('SEK');
    renderWithProviders(ui, { language: 'fi' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('currency-rate').textContent).toBe('Valuuttakurssia ei ole nyt saatavilla: hinnat näytetään vain euroina.'), { timeout: 5000 });
    expect(screen.queryByTestId('alt-amount')).toBeNull();
    expect(screen.getByTestId('price').textContent).toBe('1234.50 EUR');
  });

  it('ignores a stored value that is not a supported currency', () => {
    window.sessionStorage.setItem(DISPLAY_CURRENCY_STORAGE_KEY, 'BTC');
    expect(readDisplayCurrency()).toBeNull();
  });
});
