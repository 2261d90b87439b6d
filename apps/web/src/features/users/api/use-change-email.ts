import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserSchema } from '@harbor/contracts';
import type { ChangeEmailBody } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';
import { currentUserKey } from './use-current-user.ts';

/** POST /api/users/me/email: the address changes, becomes unverified and a verification e-mail goes out. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangeEmailBody) => currentUserSchema.parse(await api.post<unknown>('/api/users/me/email', body)),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
