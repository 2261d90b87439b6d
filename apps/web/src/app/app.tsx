import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
// The DOM RouterProvider: it can flushSync a navigation (logout relies on it).
import { RouterProvider } from 'react-router/dom';
import { currentUserKey } from '../features/users/index.ts';
import { session } from '../shared/api-client/index.ts';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

/**
 * Wires the session to the app: an auth error (no tokens, refresh refused)
 * drops the cached user and logs out, so the guards send the user to /login
 * remembering where they were.
 */
export function connectSession(queryClient: QueryClient): void {
  session.setAuthErrorHandler(() => {
    queryClient.removeQueries({ queryKey: currentUserKey });
    session.logout().catch((error: unknown) => console.warn('logout after auth error failed', error));
  });
  void session.init();
}

export function App({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
