import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Report } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { apiError, stubServer } from '../../transactions/test-fixtures.ts';
import { reportCsv } from '../csv.ts';
import { ReportingPage } from './reporting-page.tsx';

afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

const report: Report = {
  start: '2025-01-01',
  end: '2025-03-31',
  grouping: 'month',
  role: 'purchases',
  currency: 'EUR',
  rows: [
    { groupTitle: '2025-01', groupStart: '2025-01-01', quantity: 2, quantityCumulative: 2, amount: 12_345, amountCumulative: 12_345 },
    { groupTitle: '2025-02', groupStart: '2025-02-01', quantity: 0, quantityCumulative: 2, amount: 0, amountCumulative: 12_345 },
    { groupTitle: '2025-03', groupStart: '2025-03-01', quantity: 1, quantityCumulative: 3, amount: 100_000, amountCumulative: 112_345 },
  ],
  rates: [{ currency: 'SEK', rate: 11.4985, date: '2025-01-02' }],
};

async function renderPage(language: 'en' | 'fi' = 'en') {
  await session.init();
  const router = createMemoryRouter([{ path: '/reporting', element: <ReportingPage /> }], { initialEntries: ['/reporting'] });
  renderWithProviders(<RouterProvider router={router} />, { language });
}

const type = (label: string, text: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value: text } });

describe('reporting page', { timeout: 30_000 }, () => {
  it('asks the report of the form, shows its rows and downloads them as CSV', async () => {
    const fetch = stubServer({ 'GET /api/reports': () => jsonResponse(200, { data: report }) });
    await renderPage();
    type('Start date', '01.01.2025');
    type('End date', '31.03.2025');
    fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));
    const table = await screen.findByRole('table', { name: 'Reporting' }, { timeout: 10_000 });
    const url = fetch.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/reports?'))!;
    expect(Object.fromEntries(new URLSearchParams(url.split('?')[1]))).toEqual({ start: '2025-01-01', end: '2025-03-31', grouping: 'month', role: 'purchases' });
    const rows = within(table).getAllByTestId('report-row').map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['2025-01', '2', '2', '123.45', '123.45'],
      ['2025-02', '0', '2', '0.00', '123.45'],
      ['2025-03', '1', '3', '1000.00', '1123.45'],
    ]);
    expect(screen.getByText(/1 EUR = 11.4985 SEK \(02.01.2025\)/)).toBeTruthy();
    expect(screen.getByTestId('report-chart')).toBeTruthy();

    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(Object.create(URL), { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(await created[0]!.text()).toBe(
      'Period,Orders,"Orders, cumulative",Amount (EUR),"Amount, cumulative (EUR)"\n2025-01,2,2,123.45,123.45\n2025-02,0,2,0.00,123.45\n2025-03,1,3,1000.00,1123.45\n',
    );
  });

  it('validates end not before start without asking the server, in Finnish', async () => {
    const fetch = stubServer({ 'GET /api/reports': () => jsonResponse(200, { data: report }) });
    await renderPage('fi');
    type('Alkupäivä', '01.03.2025');
    type('Loppupäivä', '01.02.2025');
    fireEvent.click(screen.getByRole('button', { name: 'Luo raportti' }));
    expect(await screen.findByText('Loppupäivä ei voi olla ennen alkupäivää.')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).startsWith('/api/reports'))).toBe(false);
  });

  it('says report generation failed on an error and that a period is empty', async () => {
    let fail = true;
    stubServer({
      'GET /api/reports': () =>
        fail ? apiError(500, 'report-generation-failed') : jsonResponse(200, { data: { ...report, rows: report.rows.map((r) => ({ ...r, quantity: 0, quantityCumulative: 0, amount: 0, amountCumulative: 0 })), rates: [] } }),
    });
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));
    expect(await screen.findByText('Report generation failed.', {}, { timeout: 10_000 })).toBeTruthy();
    fail = false;
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Grouping' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Week' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));
    await waitFor(() => expect(screen.getByText('No orders in this period.')).toBeTruthy(), { timeout: 10_000 });
  });

  it('writes the CSV of the rows with quoted headers', () => {
    expect(reportCsv(report, ['a', 'b', 'c', 'd', 'e']).split('\n')[3]).toBe('2025-03,1,3,1000.00,1123.45');
  });
});
