import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserSchema } from '@harbor/contracts';
import type { UpdateProfileBody } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';
import { currentUserKey } from './use-current-user.ts';

/** PATCH /api/users/me: answers the updated current user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateProfileBody) => currentUserSchema.parse(await api.patch<unknown>('/api/users/me', body)),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
