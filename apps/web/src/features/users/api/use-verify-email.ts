import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailBody } from '@harbor/contracts';
import { api, parseAnswer, responseSchemas } from '../../../shared/api-client/index.ts';
import { currentUserKey } from './use-current-user.ts';

/** POST /api/users/verify-email with the token from the e-mail link; 400 invalid-token. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: VerifyEmailBody) =>
      parseAnswer(responseSchemas(), api.post<unknown>('/api/users/verify-email', body), (s, answer) => s.currentUserSchema.parse(answer)),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
