import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankAccountInput, CreatePayoutAccountBodyInput, PayoutAccount, UpdatePayoutAccountBody } from '@harbor/contracts';
import { api, parseAnswer, session } from '../../../shared/api-client/index.ts';
import { paymentsResponseSchemas } from './lazy-schemas.ts';

const PAYOUT_PATH = '/api/payment-accounts/payout-account';
export const payoutAccountKey = ['payments', 'payout-account'] as const;

/** GET the seller's payout account: null until the first-time form has been saved. */
export function usePayoutAccount() {
  return useQuery({
    queryKey: payoutAccountKey,
    queryFn: ({ signal }): Promise<PayoutAccount | null> =>
      parseAnswer(paymentsResponseSchemas(), api.get<unknown>(PAYOUT_PATH, signal), (s, a) => s.payoutAccountResponseSchema.parse(a).data),
  });
}

export interface BankAccountTokenAnswer {
  id: string;
  bankAccount: { last4: string; country: string; currency: string; bankName: string | null };
}

/** POST /api/payment-accounts/bank-account-token: the country's inputs become a token (the spec's createBankAccountToken). */
export function createBankAccountToken(body: BankAccountInput): Promise<BankAccountTokenAnswer> {
  return parseAnswer(paymentsResponseSchemas(), api.post<unknown>('/api/payment-accounts/bank-account-token', body), (s, a) =>
    s.bankAccountTokenResponseSchema.parse(a).data,
  );
}

function useSavePayoutAccount<B>(send: (body: B) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B): Promise<PayoutAccount | null> => {
      const schemas = paymentsResponseSchemas();
      return parseAnswer(schemas, send(body), (s, a) => s.payoutAccountResponseSchema.parse(a).data);
    },
    onSuccess: (account) => queryClient.setQueryData(payoutAccountKey, account),
  });
}

/** POST: the first-time form (account type, country, bank account token, business profile). */
export const useCreatePayoutAccount = () => useSavePayoutAccount((body: CreatePayoutAccountBodyInput) => api.post<unknown>(PAYOUT_PATH, body));
/** PUT: a new bank account (or business profile) for the saved account. */
export const useUpdatePayoutAccount = () =>
  useSavePayoutAccount((body: UpdatePayoutAccountBody) => session.request<unknown>(PAYOUT_PATH, { method: 'PUT', body }));

/** POST …/account-link: the provider's onboarding page, returning to `${returnPath}/success` or `/failure`. */
export function createAccountLink(returnPath: string): Promise<string> {
  return parseAnswer(paymentsResponseSchemas(), api.post<unknown>(`${PAYOUT_PATH}/account-link`, { returnPath }), (s, a) => s.accountLinkResponseSchema.parse(a).data.url);
}
