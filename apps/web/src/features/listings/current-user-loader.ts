import { api } from '../../shared/api-client/index.ts';
import { registerCurrentUserLoader } from '../users/current-user-loaders.ts';

export const hasOwnListingsKey = ['listings', 'has-own'] as const;

/**
 * Seller spec section 3: a listing counts as existing for a user when the
 * first own listing is not in draft. Loaded after each current-user load.
 */
export function registerOwnListingsLoader(): () => void {
  return registerCurrentUserLoader({
    name: 'has-own-listings',
    load: async (_user, { queryClient }) => {
      // Runs on every page load for a signed-in user, so it reads only the one
      // field it needs instead of pulling the listing schemas into the main chunk.
      const page = await api.get<{ data?: { state?: unknown }[] }>('/api/own-listings?page=1&perPage=1');
      const state = page.data?.[0]?.state;
      const has = typeof state === 'string' && state !== 'draft';
      queryClient.setQueryData(hasOwnListingsKey, has);
      return has;
    },
  });
}
