import { useQuery } from '@tanstack/react-query';
import type { UserStatus } from '@harbor/contracts';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { operatorResponseSchemas } from './lazy-schemas.ts';

export const operatorUsersKey = (status: UserStatus) => ['operator', 'users', status] as const;

/** GET /api/operator/users?status=...: registrations in one review state. */
export function useOperatorUsers(status: UserStatus) {
  return useQuery({
    queryKey: operatorUsersKey(status),
    queryFn: async ({ signal }) => {
      return parseAnswer(operatorResponseSchemas(), api.get<{ data: unknown[] }>(`/api/operator/users?status=${status}`, signal), (s, answer) =>
        answer.data.map((row) => s.operatorUserRowSchema.parse(row)),
      );
    },
  });
}
