import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorUserRowSchema } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';

/** POST /api/operator/users/{id}/reject with an optional reason that goes into the e-mail. */
export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason?: string }) =>
      operatorUserRowSchema.parse(
        await api.post<unknown>(`/api/operator/users/${encodeURIComponent(id)}/reject`, reason ? { reason } : {}),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator'] }),
  });
}
