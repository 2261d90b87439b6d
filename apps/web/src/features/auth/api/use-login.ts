import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';

/**
 * POST /api/auth/harbor/login, then the token exchange; rejects with
 * auth-in-progress while another auth action runs. Everything loaded before
 * (as nobody, or as another account) is dropped and loads again, the current
 * user first among it.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => session.login(body),
    onSuccess: () => queryClient.resetQueries(),
  });
}
