import { api } from '../../shared/api-client/index.ts';
import { registerCurrentUserLoader } from '../users/current-user-loaders.ts';

/** The signed-in user's payout account status (the status box's type), or null without an account. */
export const payoutStatusKey = ['payments', 'payout-status'] as const;

/**
 * Seller spec section 4: the connected payment account is loaded with the
 * current user. Read from the raw answer (one field), so the shell does not
 * load the payments schemas; the payout page fetches and checks the whole account.
 */
export function registerPayoutAccountLoader(): () => void {
  return registerCurrentUserLoader({
    name: 'payout-account',
    load: async (_user, { queryClient }) => {
      const answer = await api.get<{ data?: { status?: { type?: unknown } } | null }>('/api/payment-accounts/payout-account');
      const type = answer.data?.status?.type;
      const status = typeof type === 'string' ? type : null;
      queryClient.setQueryData(payoutStatusKey, status);
      return status;
    },
  });
}
