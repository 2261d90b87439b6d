import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { session } from '../../../shared/api-client/index.ts';

/**
 * POST /api/auth/harbor/logout. The app leaves the page first: a guarded page
 * still on screen when the session ends would bounce to /login and remember
 * itself as the return target. flushSync commits the landing page before the
 * session ends (React Router otherwise renders navigations in a transition).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await navigate('/', { replace: true, flushSync: true });
      await session.logout();
    },
    onSettled: () => queryClient.clear(),
  });
}
