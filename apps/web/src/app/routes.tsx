import { lazy, type ComponentType, type ReactElement } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/index.ts';
// Registers the listings module's current-user follow-up (has own listings).
import '../features/listings/index.ts';
import { ComingSoonPage } from './coming-soon-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { PageOutlet, RouteErrorBoundary } from './route-error-boundary.tsx';

/**
 * Each built page is its own chunk, loaded when its route is first rendered;
 * PageOutlet's Suspense shows the loading state meanwhile.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ReactElement {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return <Page />;
}

const pages = {
  landing: lazyPage(() => import('../features/site/pages/landing-page.tsx'), 'LandingPage'),
  about: lazyPage(() => import('../features/site/pages/about-page.tsx'), 'AboutPage'),
  terms: lazyPage(() => import('../features/site/pages/terms-page.tsx'), 'TermsPage'),
  privacy: lazyPage(() => import('../features/site/pages/privacy-page.tsx'), 'PrivacyPage'),
  notFound: lazyPage(() => import('../features/site/pages/not-found-page.tsx'), 'NotFoundPage'),
  login: lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage'),
  signup: lazyPage(() => import('../features/auth/pages/signup-page.tsx'), 'SignupPage'),
  recoverPassword: lazyPage(() => import('../features/users/pages/recover-password-page.tsx'), 'RecoverPasswordPage'),
  resetPassword: lazyPage(() => import('../features/users/pages/reset-password-page.tsx'), 'ResetPasswordPage'),
  verifyEmail: lazyPage(() => import('../features/users/pages/verify-email-page.tsx'), 'VerifyEmailPage'),
  accountLayout: lazyPage(() => import('../features/users/pages/account-layout.tsx'), 'AccountLayout'),
  contactDetails: lazyPage(() => import('../features/users/pages/contact-details-page.tsx'), 'ContactDetailsPage'),
  changePassword: lazyPage(() => import('../features/users/pages/change-password-page.tsx'), 'ChangePasswordPage'),
  profileSettings: lazyPage(() => import('../features/users/pages/profile-settings-page.tsx'), 'ProfileSettingsPage'),
  operator: lazyPage(() => import('../features/operator/pages/operator-page.tsx'), 'OperatorPage'),
  // One element per page, shared by the routes that show it, so moving between them keeps its state.
  listing: lazyPage(() => import('../features/listings/pages/listing-page.tsx'), 'ListingPage'),
  editListing: lazyPage(() => import('../features/listings/pages/edit-listing-page.tsx'), 'EditListingPage'),
};

/** A spec route that a later issue builds; `page` names its title in common:pages. */
const soon = (path: string, page: string, bare = false): RouteObject => ({
  path,
  element: <ComingSoonPage page={page} bare={bare} />,
});

/**
 * The route table of all three specs (tracking, buyer, seller) plus the
 * operator console. Public routes first, then the sign-in-required ones under
 * RequireAuth. Specific paths beat parameters (`/l/new` before `/l/:id`), as
 * React Router ranks them.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // A failing page (e.g. its chunk did not load) renders inside the layout, top bar intact.
        element: <PageOutlet />,
        children: [
          { index: true, element: pages.landing },
          { path: 'about', element: pages.about },
          { path: 'terms-of-service', element: pages.terms },
          { path: 'privacy-policy', element: pages.privacy },
          { path: 'login', element: pages.login },
          { path: 'signup', element: pages.signup },
          { path: 'confirm', element: pages.signup },
          { path: 'recover-password', element: pages.recoverPassword },
          { path: 'reset-password', element: pages.resetPassword },
          { path: 'account', element: <Navigate to="/account/contact-details" replace /> },
          { path: 'l', element: <Navigate to="/" replace /> },
          { path: 's', element: lazyPage(() => import('../features/listings/pages/search-page.tsx'), 'SearchPage') },
          { path: 'l/:slug/:id', element: pages.listing },
          { path: 'l/:id', element: pages.listing },
          { path: 'u/:id', element: lazyPage(() => import('../features/organizations/pages/profile-page.tsx'), 'ProfilePage') },
          soon('placed-order', 'placedOrder'),
          soon('weather', 'weather'),
          { path: 'port-services', element: lazyPage(() => import('../features/organizations/pages/port-services-page.tsx'), 'PortServicesPage') },
          { path: 'organization/:id', element: lazyPage(() => import('../features/organizations/pages/organization-page.tsx'), 'OrganizationPage') },
          {
            element: <RequireAuth />,
            children: [
              { path: 'verify-email', element: pages.verifyEmail },
              { path: 'profile-settings', element: pages.profileSettings },
              { path: 'operator', element: pages.operator },
              {
                // Pathless, so the public /account redirect above stays the only match for /account.
                element: pages.accountLayout,
                children: [
                  { path: 'account/contact-details', element: pages.contactDetails },
                  { path: 'account/change-password', element: pages.changePassword },
                  soon('account/payments', 'payments', true),
                  soon('account/payments/:returnURLType', 'payments', true),
                  soon('account/payment-methods', 'paymentMethods', true),
                ],
              },
              { path: 'map', element: lazyPage(() => import('../features/vessels/pages/map-page.tsx'), 'MapPage') },
              { path: 'portcalls', element: lazyPage(() => import('../features/port-calls/pages/port-calls-page.tsx'), 'PortCallsPage') },
              { path: 'l/new', element: pages.editListing },
              { path: 'l/:slug/:id/:variant', element: lazyPage(() => import('../features/listings/pages/listing-page.tsx'), 'ListingVariantRedirect') },
              { path: 'l/:slug/:id/:type/:tab', element: pages.editListing },
              { path: 'l/:slug/:id/:type/:tab/:returnURLType', element: pages.editListing },
              { path: 'listings', element: lazyPage(() => import('../features/listings/pages/manage-listings-page.tsx'), 'ManageListingsPage') },
              { path: 'organization/:id/settings/:tab', element: lazyPage(() => import('../features/organizations/pages/organization-settings-page.tsx'), 'OrganizationSettingsPage') },
              soon('carts', 'carts'),
              soon('single-cart/:id', 'cart'),
              soon('create-new-cart', 'newCart'),
              soon('orders', 'orders'),
              soon('orders/:id', 'order'),
              soon('inbox', 'inbox'),
              soon('sale/:id', 'sale'),
              soon('subscriptions', 'subscriptions'),
              soon('reporting', 'reporting'),
              { path: 'port-companies', element: lazyPage(() => import('../features/organizations/pages/port-companies-page.tsx'), 'PortCompaniesPage') },
              soon('online-payment-successful', 'paymentSuccessful'),
              soon('online-payment-cancel', 'paymentCancelled'),
            ],
          },
          { path: 'notfound', element: pages.notFound },
          { path: '*', element: pages.notFound },
        ],
      },
    ],
  },
];
