import { useQuery } from '@tanstack/react-query';
import { operatorUserRowSchema } from '@harbor/contracts';
import type { UserStatus } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';

export const operatorUsersKey = (status: UserStatus) => ['operator', 'users', status] as const;

/** GET /api/operator/users?status=...: registrations in one review state. */
export function useOperatorUsers(status: UserStatus) {
  return useQuery({
    queryKey: operatorUsersKey(status),
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ data: unknown[] }>(`/api/operator/users?status=${status}`, signal);
      return answer.data.map((row) => operatorUserRowSchema.parse(row));
    },
  });
}
