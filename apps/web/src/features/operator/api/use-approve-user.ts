import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { operatorResponseSchemas } from './lazy-schemas.ts';

/** POST /api/operator/users/{id}/approve; `limited` grants only the limited-user scope. */
export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, limited }: { id: string; limited: boolean }) =>
      parseAnswer(operatorResponseSchemas(), api.post<unknown>(`/api/operator/users/${encodeURIComponent(id)}/approve`, { limited }), (s, answer) =>
        s.operatorUserRowSchema.parse(answer),
      ),
    // Lists of every status and the outbox (the approval e-mail) change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator'] }),
  });
}
