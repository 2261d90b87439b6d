import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { BrowserRouter, useRoutes } from 'react-router';
import { currentUserKey } from '../features/users/index.ts';
import { session } from '../shared/api-client/index.ts';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

/**
 * Wires the session to the app: an auth error (no tokens, refresh refused)
 * drops the cached user and logs out, so the guards send the user to /login
 * remembering where they were; a switch to another account reloads every query.
 */
export function connectSession(queryClient: QueryClient): void {
  session.setAuthErrorHandler(() => {
    queryClient.removeQueries({ queryKey: currentUserKey });
    session.logout().catch((error: unknown) => console.warn('logout after auth error failed', error));
  });
  // Signed in as someone else without a logout (hosted page, another tab): nothing of the previous account may show.
  session.onAccountChange(() => void queryClient.resetQueries());
  void session.init();
}

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The declarative router: route elements with lazy pages under Suspense
 * (routes.tsx). It keeps React Router's data-router code (loaders, actions,
 * fetchers: about 16 KB gzip) out of every page. Navigations render without a
 * transition, so a navigation commits at once (logout relies on it) and a
 * page still loading shows PageOutlet's loading state.
 */
export function App({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  return (
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
