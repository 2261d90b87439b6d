import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';

/** POST /api/users/me/password; 403 password-incorrect when the current password is wrong. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<{ ok: true }>('/api/users/me/password', body),
  });
}
