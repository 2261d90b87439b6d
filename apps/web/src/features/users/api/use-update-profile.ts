import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody } from '@harbor/contracts';
import { api, parseAnswer, responseSchemas } from '../../../shared/api-client/index.ts';
import { currentUserKey } from './use-current-user.ts';

/** PATCH /api/users/me: answers the updated current user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateProfileBody) =>
      parseAnswer(responseSchemas(), api.patch<unknown>('/api/users/me', body), (s, answer) => s.currentUserSchema.parse(answer)),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
