import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccountState, UserStatus } from '@harbor/contracts';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { operatorResponseSchemas } from './lazy-schemas.ts';

export interface OperatorUsersParams {
  status?: UserStatus;
  account?: AccountState;
  q?: string;
  page?: number;
}

export const operatorUsersKey = (params: OperatorUsersParams) => ['operator', 'users', params] as const;

/** The query string of GET /api/operator/users; empty filters are left out. */
export function operatorUsersQuery(params: OperatorUsersParams): string {
  const search = new URLSearchParams();
  if (params.status) search.set('status', params.status);
  if (params.account) search.set('account', params.account);
  if (params.q?.trim()) search.set('q', params.q.trim());
  search.set('page', String(params.page ?? 1));
  return search.toString();
}

/** GET /api/operator/users: registrations by review state, or the user search (name, e-mail, organization), a page at a time. */
export function useOperatorUsers(params: OperatorUsersParams) {
  return useQuery({
    queryKey: operatorUsersKey(params),
    queryFn: async ({ signal }) =>
      parseAnswer(operatorResponseSchemas(), api.get<unknown>(`/api/operator/users?${operatorUsersQuery(params)}`, signal), (s, answer) =>
        s.operatorUserPageSchema.parse(answer),
      ),
    // Typing in the search keeps the last rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
