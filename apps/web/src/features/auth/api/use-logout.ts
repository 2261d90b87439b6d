import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { session } from '../../../shared/api-client/index.ts';

/**
 * POST /api/auth/harbor/logout. The app leaves the page first: a guarded page
 * still on screen when the session ends would bounce to /login and remember
 * itself as the return target. flushSync commits the navigation (the landing
 * page, or its loading state) before the session ends.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      flushSync(() => void navigate('/', { replace: true }));
      await session.logout();
    },
    onSettled: () => queryClient.clear(),
  });
}
