import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { catchExternalNavigation } from '../test-fixtures.ts';
import { makeTransaction, stubServer } from '../../transactions/test-fixtures.ts';
import { OrderPaymentNote } from './order-payment-note.tsx';

function tx(state: Transaction['state'], paymentStatus: Transaction['protectedData']['paymentStatus'], metadata: Record<string, unknown> = {}, role: Transaction['role'] = 'customer'): Transaction {
  const base = makeTransaction();
  return { ...base, state, role, metadata, protectedData: { ...base.protectedData, paymentStatus } };
}

const assign = catchExternalNavigation();
beforeEach(() => window.sessionStorage.clear());
afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

describe('order payment note', { timeout: 20_000 }, () => {
  it('lets the buyer of a pending online order open the payment page', async () => {
    const pending = tx('pending-payment', 'ONLINE_PENDING');
    const sessions: unknown[] = [];
    stubServer({
      'POST /api/payment-accounts/create-checkout-session': (body) => {
        sessions.push(body);
        return jsonResponse(200, { sessionUrl: 'http://localhost/payments/local/checkout/cs_2' });
      },
    });
    await session.init();
    renderWithProviders(<OrderPaymentNote transaction={pending} />);
    screen.getByText('Pay within 15 minutes of placing the order, or the order is cancelled.');
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/payments/local/checkout/cs_2'));
    expect(sessions).toEqual([{ transactionId: pending.id }]);
  });

  it('offers nothing to the seller, nor for an offline order', async () => {
    renderWithProviders(
      <>
        <OrderPaymentNote transaction={tx('pending-payment', 'ONLINE_PENDING', {}, 'provider')} />
        <OrderPaymentNote transaction={tx('ordered', 'OFFLINE')} />
      </>,
    );
    expect(screen.queryByTestId('order-payment-note')).toBeNull();
  });

  it('says a late payment was not confirmed, and the card error that ended a payment, in Finnish', async () => {
    renderWithProviders(
      <>
        <OrderPaymentNote transaction={tx('cancelled', 'ONLINE_CANCEL', { payment: { issue: 'paid-after-expiry' } })} />
        <OrderPaymentNote transaction={tx('cancelled', 'ONLINE_CANCEL', { paymentFailureCode: 'expired_card' })} />
      </>,
      { language: 'fi' },
    );
    screen.getByText('Maksu on suoritettu, mutta emme pystyneet vahvistamaan varausta');
    screen.getByText('Korttisi on vanhentunut.');
  });
});
