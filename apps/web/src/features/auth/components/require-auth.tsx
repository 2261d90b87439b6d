import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../../../shared/ui/loading.tsx';
import { returnStateFor } from '../return-path.ts';
import { useSessionStatus } from '../use-session-status.ts';

/**
 * Layout route for every sign-in-required page. An anonymous visitor goes to
 * /login (which links to sign-up) with path, search and hash remembered in the
 * location state; the login page sends them back there.
 */
export function RequireAuth() {
  const status = useSessionStatus();
  const location = useLocation();
  if (status === 'unknown') return <Loading minHeight="50vh" />;
  if (status === 'anonymous') return <Navigate to="/login" replace state={returnStateFor(location)} />;
  return <Outlet />;
}
