import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@harbor/contracts';

/**
 * Follow-up loads that run each time the current user loads (tracking.md
 * section 4, seller section 4). The spec names four, owned by modules that do
 * not exist yet, so none is registered here; each module registers its own
 * from its feature index when it lands:
 * - listings: whether the user has own listings (first own listing not draft);
 * - transactions: sales notifications (last transitions, page 1, 100 per page);
 * - transactions: whether the user has orders, only when `!user.emailVerified`;
 * - payments: the organization's connected payment account.
 */
export interface CurrentUserLoader {
  name: string;
  /** Skip the loader for this user (e.g. the orders check only for unverified e-mails). */
  when?: (user: CurrentUser) => boolean;
  load: (user: CurrentUser, context: { queryClient: QueryClient }) => Promise<unknown>;
}

const loaders = new Map<string, CurrentUserLoader>();

/** Registers a loader (replacing one of the same name, so hot reload does not double it); returns an unregister function. */
export function registerCurrentUserLoader(loader: CurrentUserLoader): () => void {
  loaders.set(loader.name, loader);
  return () => {
    if (loaders.get(loader.name) === loader) loaders.delete(loader.name);
  };
}

/** Runs the applicable loaders side by side. A failing loader is logged and never breaks the current user. */
export async function runCurrentUserLoaders(
  user: CurrentUser,
  context: { queryClient: QueryClient },
): Promise<{ name: string; ok: boolean }[]> {
  const applicable = [...loaders.values()].filter((l) => l.when?.(user) ?? true);
  const results = await Promise.allSettled(applicable.map((l) => l.load(user, context)));
  return results.map((result, i) => {
    const name = applicable[i]?.name ?? '?';
    if (result.status === 'rejected') console.error(`current-user follow-up "${name}" failed`, result.reason);
    return { name, ok: result.status === 'fulfilled' };
  });
}
