import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { operatorResponseSchemas } from './lazy-schemas.ts';

export type DisputeOutcome = 'complete' | 'cancel';

/**
 * The operator closes a dispute through the order graph's own transition
 * (resolve-dispute-complete or resolve-dispute-cancel) with a comment: both
 * parties read it in the order's history, and the server writes the audit row.
 */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, outcome, comment }: { id: string; outcome: DisputeOutcome; comment: string }) =>
      parseAnswer(
        operatorResponseSchemas(),
        api.post<unknown>(`/api/transactions/${encodeURIComponent(id)}/transition`, { transition: `resolve-dispute-${outcome}`, params: { protectedData: { comment } } }),
        (s, answer) => s.transactionResponseSchema.parse(answer).data,
      ),
    // The disputes list, the transactions by state and the audit list change; so does the order itself.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['operator'] }), queryClient.invalidateQueries({ queryKey: ['transactions'] })]),
  });
}
