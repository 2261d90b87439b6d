import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorUserRowSchema } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';

/** POST /api/operator/users/{id}/approve; `limited` grants only the limited-user scope. */
export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, limited }: { id: string; limited: boolean }) =>
      operatorUserRowSchema.parse(await api.post<unknown>(`/api/operator/users/${encodeURIComponent(id)}/approve`, { limited })),
    // Lists of every status and the outbox (the approval e-mail) change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator'] }),
  });
}
