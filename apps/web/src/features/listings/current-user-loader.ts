import { listingPageSchema } from '@harbor/contracts';
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
      const page = listingPageSchema.parse(await api.get<unknown>('/api/own-listings?page=1&perPage=1'));
      const first = page.data[0];
      const has = Boolean(first && first.state !== 'draft');
      queryClient.setQueryData(hasOwnListingsKey, has);
      return has;
    },
  });
}
