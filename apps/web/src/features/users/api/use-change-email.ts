import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailBody } from '@harbor/contracts';
import { api, parseAnswer, responseSchemas } from '../../../shared/api-client/index.ts';
import { currentUserKey } from './use-current-user.ts';

/** POST /api/users/me/email: the address changes, becomes unverified and a verification e-mail goes out. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangeEmailBody) =>
      parseAnswer(responseSchemas(), api.post<unknown>('/api/users/me/email', body), (s, answer) => s.currentUserSchema.parse(answer)),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
