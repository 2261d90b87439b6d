import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { operatorResponseSchemas } from './lazy-schemas.ts';

export type ModerationAction = 'ban' | 'unban' | 'delete';

/** POST /api/operator/users/{id}/ban|unban|delete; ban and delete need a reason (it goes into the audit list). */
export function useModerateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, reason }: { id: string; action: ModerationAction; reason?: string }) =>
      parseAnswer(
        operatorResponseSchemas(),
        api.post<unknown>(`/api/operator/users/${encodeURIComponent(id)}/${action}`, reason ? { reason } : {}),
        (s, answer) => s.operatorUserRowSchema.parse(answer),
      ),
    // The user lists and the audit list change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator'] }),
  });
}
