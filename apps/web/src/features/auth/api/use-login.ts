import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';

/** POST /api/auth/harbor/login, then the token exchange; rejects with auth-in-progress while another auth action runs. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => session.login(body),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
