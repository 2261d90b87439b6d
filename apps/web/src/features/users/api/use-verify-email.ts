import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserSchema } from '@harbor/contracts';
import type { VerifyEmailBody } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';
import { currentUserKey } from './use-current-user.ts';

/** POST /api/users/verify-email with the token from the e-mail link; 400 invalid-token. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: VerifyEmailBody) => currentUserSchema.parse(await api.post<unknown>('/api/users/verify-email', body)),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
