import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../shared/api-client/index.ts';
import { jsonResponse, renderWithProviders } from '../../../test-utils.tsx';
import { stubServer } from '../../transactions/test-fixtures.ts';
import { BankAccountFields } from './bank-account-fields.tsx';

interface TokenCall {
  body: { country: string; fields: Record<string, string> };
  at: number;
}

function tokenServer(answer: () => Response = () => jsonResponse(200, { data: { id: 'btok_1', bankAccount: { last4: '0785', country: 'FI', currency: 'EUR', bankName: null } } })) {
  const calls: TokenCall[] = [];
  stubServer({
    'POST /api/payment-accounts/bank-account-token': (body) => {
      calls.push({ body: body as TokenCall['body'], at: Date.now() });
      return answer();
    },
  });
  return calls;
}

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label, { exact: false });
  fireEvent.change(input, { target: { value } });
  return input;
};

beforeEach(() => window.sessionStorage.clear());
afterEach(async () => {
  cleanup();
  await session.logout().catch(() => {});
  vi.unstubAllGlobals();
});

describe('bank account inputs', { timeout: 20_000 }, () => {
  it('asks for a token only when every input is valid and has been still for 1000 ms, with the latest inputs only', async () => {
    const calls = tokenServer();
    await session.init();
    const onToken = vi.fn();
    renderWithProviders(<BankAccountFields country="FI" onToken={onToken} />);

    // Wrong check digits: an error once the field is touched, and no request however long one waits.
    fireEvent.blur(type('IBAN', 'FI22 1234 5600 0007 85'));
    screen.getByText('This IBAN is not valid: check the digits.');
    await new Promise((r) => setTimeout(r, 1300));
    expect(calls).toHaveLength(0);

    // A valid IBAN, then another one 300 ms later: one request, for the second, 1000 ms after it was typed.
    type('IBAN', 'DE89 3704 0044 0532 0130 00');
    await new Promise((r) => setTimeout(r, 300));
    const lastChange = Date.now();
    type('IBAN', 'fi21 1234 5600 0007 85');
    expect(screen.queryByText('This IBAN is not valid: check the digits.')).toBeNull();
    await screen.findByText('Bank account checked: •••• 0785', {}, { timeout: 5000 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ country: 'FI', fields: { iban: 'FI2112345600000785' } });
    expect(calls[0]!.at - lastChange).toBeGreaterThanOrEqual(990);
    expect(onToken).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'btok_1' }));

    // Editing again withdraws the token until the new inputs are checked.
    type('IBAN', 'FI21 1234 5600 0007 8');
    expect(onToken).toHaveBeenLastCalledWith(null);
  });

  it('shows the country inputs (US: routing with its checksum, account) and requires each', async () => {
    const calls = tokenServer();
    await session.init();
    renderWithProviders(<BankAccountFields country="US" onToken={() => {}} />);
    screen.getByLabelText('Routing number', { exact: false });
    fireEvent.blur(type('Routing number', '110000001'));
    screen.getByText('This routing number is not valid: check the digits.');
    fireEvent.blur(screen.getByLabelText('Account number', { exact: false }));
    screen.getByText('This field is required.');
    type('Routing number', '110000000');
    type('Account number', '0001 2345 6789');
    await waitFor(() => expect(calls).toHaveLength(1), { timeout: 5000 });
    expect(calls[0]!.body).toEqual({ country: 'US', fields: { routingNumber: '110000000', accountNumber: '000123456789' } });
  });

  it('says an unsupported country is not supported, in Finnish too', async () => {
    tokenServer();
    await session.init();
    renderWithProviders(<BankAccountFields country="BR" onToken={() => {}} />, { language: 'fi' });
    screen.getByText('Maksuja tämän maan pankkitilille ei tueta.');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows the provider message beside the fields when the token is refused', async () => {
    tokenServer(() => jsonResponse(400, { apiErrors: [{ code: 'validation-invalid-value', status: 400, meta: { stripeMessage: 'The bank account is closed.' } }] }));
    await session.init();
    renderWithProviders(<BankAccountFields country="MX" onToken={() => {}} />);
    type('CLABE', '032180000118359719');
    await screen.findByText('The bank account could not be checked: The bank account is closed.', {}, { timeout: 5000 });
  });

  it('marks the field the server refused', async () => {
    tokenServer(() => jsonResponse(400, { apiErrors: [{ code: 'validation-invalid-params', status: 400, meta: { invalidParams: [{ path: 'fields.accountNumber', message: 'payments:bank.errors.digits' }] } }] }));
    await session.init();
    renderWithProviders(<BankAccountFields country="NZ" onToken={() => {}} />);
    type('Account number', '11-0000-0000000-010');
    await screen.findByText('Use digits only, the right number of them.', {}, { timeout: 5000 });
  });
});
