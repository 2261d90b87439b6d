import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { operatorResponseSchemas } from './lazy-schemas.ts';

/** POST /api/operator/users/{id}/reject with an optional reason that goes into the e-mail. */
export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason?: string }) =>
      parseAnswer(
        operatorResponseSchemas(),
        api.post<unknown>(`/api/operator/users/${encodeURIComponent(id)}/reject`, reason ? { reason } : {}),
        (s, answer) => s.operatorUserRowSchema.parse(answer),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator'] }),
  });
}
