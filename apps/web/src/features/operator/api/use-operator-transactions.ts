import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TransactionState } from '@harbor/contracts/processes';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { operatorResponseSchemas } from './lazy-schemas.ts';

/** GET /api/operator/transactions?state&page: every transaction in a state (all states when absent), newest first. */
export function useOperatorTransactions(state: TransactionState | undefined, page: number) {
  return useQuery({
    queryKey: ['operator', 'transactions', state ?? 'all', page],
    queryFn: async ({ signal }) => {
      const search = new URLSearchParams({ page: String(page) });
      if (state) search.set('state', state);
      return parseAnswer(operatorResponseSchemas(), api.get<unknown>(`/api/operator/transactions?${search}`, signal), (s, answer) =>
        s.transactionPageSchema.parse(answer),
      );
    },
    placeholderData: keepPreviousData,
  });
}
