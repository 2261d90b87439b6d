import { useQuery } from '@tanstack/react-query';
import { publicApi, responseSchemas } from '../../../shared/api-client/index.ts';

/** GET /api/users/{id}: the public profile (the /u/:id page and user cards build on it). */
export function usePublicUser(id: string | undefined) {
  return useQuery({
    queryKey: ['users', id],
    enabled: Boolean(id),
    queryFn: async ({ signal }) => {
      const answer = await publicApi.get<unknown>(`/api/users/${encodeURIComponent(id ?? '')}`, signal);
      const { userSchema } = await responseSchemas();
      return userSchema.parse(answer);
    },
  });
}
