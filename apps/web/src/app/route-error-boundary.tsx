import LinearProgress from '@mui/material/LinearProgress';
import { Component, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '../shared/ui/loading.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next page) clears a shown error. */
  resetKey?: string;
}

/** Catches a render error or a page chunk that failed to load, and shows RouteErrorPage instead. */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false, error: null });
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** While a page's chunk loads: a progress bar along the top and a spinner where the page goes. */
function PageLoading() {
  const { t } = useTranslation();
  return (
    <>
      <LinearProgress aria-label={t('common:loading')} sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }} />
      <Loading minHeight="60vh" />
    </>
  );
}

/**
 * Where pages render inside the layout: a failing page (e.g. its chunk did
 * not load) shows the error page with the top bar intact, and the next
 * navigation clears it.
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
