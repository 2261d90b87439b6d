import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CARD_ERROR_CODES, type Transaction } from '@harbor/contracts';
import { resources } from '@harbor/i18n';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { makeTransaction, stubServer } from '../../transactions/test-fixtures.ts';
import { OnlinePaymentCancelPage } from '../pages/online-payment-cancel-page.tsx';
import { OnlinePaymentSuccessfulPage } from '../pages/online-payment-successful-page.tsx';

function withPayment(status: Transaction['protectedData']['paymentStatus'], metadata: Record<string, unknown> = {}): Transaction {
  const base = makeTransaction();
  return { ...base, state: status === 'ONLINE_CONFIRM' ? 'ordered' : 'cancelled', metadata, protectedData: { ...base.protectedData, paymentStatus: status } };
}

function renderAt(url: string, language: 'en' | 'fi' = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/online-payment-successful', element: <OnlinePaymentSuccessfulPage /> },
      { path: '/online-payment-cancel', element: <OnlinePaymentCancelPage /> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />, { language });
}

beforeEach(() => window.sessionStorage.clear());
afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

describe('payment result pages', { timeout: 30_000 }, () => {
  it('confirms a paid order once the server has it, with the payment status', async () => {
    const tx = withPayment('ONLINE_CONFIRM');
    stubServer({ [`GET /api/transactions/${tx.id}`]: () => jsonResponse(200, { data: tx }) });
    await session.init();
    renderAt(`/online-payment-successful?transactionId=${tx.id}`);
    await screen.findByText('Thank you! Your card payment was received and the order was sent to the seller.');
    screen.getByRole('heading', { name: 'Payment successful' });
    expect(screen.getByTestId('payment-status').textContent).toBe('Payment: Online, paid');
    expect(screen.getByRole('link', { name: 'View the order' }).getAttribute('href')).toBe(`/orders/${tx.id}`);
  });

  it('waits for the webhook while the payment is still pending', async () => {
    const pending = withPayment('ONLINE_PENDING');
    let answers = 0;
    stubServer({
      [`GET /api/transactions/${pending.id}`]: () => {
        answers += 1;
        return jsonResponse(200, { data: answers < 2 ? pending : { ...pending, protectedData: { ...pending.protectedData, paymentStatus: 'ONLINE_CONFIRM' } } });
      },
    });
    await session.init();
    renderAt(`/online-payment-successful?transactionId=${pending.id}`);
    await screen.findByText('Thank you! We are confirming your payment; the order updates in a moment.');
    await screen.findByText('Thank you! Your card payment was received and the order was sent to the seller.', {}, { timeout: 6000 });
  });

  it('says a late payment was taken but the booking not confirmed', async () => {
    const tx = withPayment('ONLINE_CANCEL', { payment: { issue: 'paid-after-expiry' } });
    stubServer({ [`GET /api/transactions/${tx.id}`]: () => jsonResponse(200, { data: tx }) });
    await session.init();
    renderAt(`/online-payment-successful?transactionId=${tx.id}`);
    await screen.findByText('Payment has been made but we were unable to confirm the booking');
    screen.getByText('The payment came after the 15-minute window, so it is refunded to your card.');
  });

  it.each([
    ['card_declined', 'en', 'Your card was declined.'],
    ['expired_card', 'en', 'Your card has expired.'],
    ['incorrect_cvc', 'en', "Your card's security code is incorrect."],
    ['processing_error', 'en', 'An error occurred while processing your card. Please try again.'],
    ['card_declined', 'fi', 'Korttisi hylättiin.'],
    ['expired_card', 'fi', 'Korttisi on vanhentunut.'],
    ['no_such_code', 'en', 'The card payment failed.'],
  ] as const)('the cancel page shows %s in %s', async (code, language, text) => {
    const tx = withPayment('ONLINE_CANCEL');
    stubServer({ [`GET /api/transactions/${tx.id}`]: () => jsonResponse(200, { data: tx }) });
    await session.init();
    renderAt(`/online-payment-cancel?transactionId=${tx.id}&error=${code}`, language);
    expect((await screen.findByTestId('card-error')).textContent).toBe(text);
    await screen.findByTestId('payment-status');
  });

  it('has a text for every card error code the server can send, in both languages', () => {
    for (const lang of ['en', 'fi'] as const) {
      const texts = resources[lang].payments.cardErrors as Record<string, string>;
      expect(CARD_ERROR_CODES.filter((code) => !texts[code]), lang).toEqual([]);
    }
  });
});
