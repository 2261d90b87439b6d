import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@harbor/contracts';
import { api, responseSchemas } from '../../../shared/api-client/index.ts';
import { useSessionStatus } from '../../auth/use-session-status.ts';
import { runCurrentUserLoaders } from '../current-user-loaders.ts';

export const currentUserKey = ['users', 'me'] as const;

/** GET /api/users/me, only while signed in; each load kicks off the registered follow-up loads. */
export function useCurrentUser() {
  const status = useSessionStatus();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: currentUserKey,
    enabled: status === 'authenticated',
    queryFn: async ({ signal }): Promise<CurrentUser> => {
      const answer = await api.get<unknown>('/api/users/me', signal);
      const { currentUserSchema } = await responseSchemas();
      const user = currentUserSchema.parse(answer);
      void runCurrentUserLoaders(user, { queryClient });
      return user;
    },
  });
}
