import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@harbor/contracts';
import { publicApi } from '../../../shared/api-client/index.ts';

/** POST /api/users/password-reset; 400 invalid-token when the link is broken or expired. */
export function usePasswordReset() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => publicApi.post<{ ok: true }>('/api/users/password-reset', body),
  });
}
