import { useQuery } from '@tanstack/react-query';
import { userSchema } from '@harbor/contracts';
import { publicApi } from '../../../shared/api-client/index.ts';

/** GET /api/users/{id}: the public profile (the /u/:id page and user cards build on it). */
export function usePublicUser(id: string | undefined) {
  return useQuery({
    queryKey: ['users', id],
    enabled: Boolean(id),
    queryFn: async ({ signal }) => userSchema.parse(await publicApi.get<unknown>(`/api/users/${encodeURIComponent(id ?? '')}`, signal)),
  });
}
