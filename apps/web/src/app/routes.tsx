import { lazy, type ComponentType, type ReactElement } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/index.ts';
// Registers the listings module's current-user follow-up (has own listings).
import '../features/listings/index.ts';
// Registers the payments module's current-user follow-up (the payout account).
import '../features/payments/shell.ts';
import { loadNamespaces } from '../shared/i18n/i18n.ts';
import { InboxRedirect, SaleRedirect } from '../features/transactions/pages/redirects.tsx';
import { PAGE_NAMESPACES, type PageName } from './page-namespaces.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { PageOutlet, RouteErrorBoundary } from './route-error-boundary.tsx';

/**
 * Each built page is its own chunk, loaded with its texts (PAGE_NAMESPACES)
 * when its route is first rendered; PageOutlet's Suspense shows the loading
 * state meanwhile.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, file: PageName): ReactElement {
  const Page = lazy<ComponentType>(async () => {
    const [module] = await Promise.all([load(), loadNamespaces(PAGE_NAMESPACES[file])]);
    return { default: module[name] };
  });
  return <Page />;
}

const pages = {
  landing: lazyPage(() => import('../features/site/pages/landing-page.tsx'), 'LandingPage', 'landing-page'),
  about: lazyPage(() => import('../features/site/pages/about-page.tsx'), 'AboutPage', 'about-page'),
  terms: lazyPage(() => import('../features/site/pages/terms-page.tsx'), 'TermsPage', 'terms-page'),
  privacy: lazyPage(() => import('../features/site/pages/privacy-page.tsx'), 'PrivacyPage', 'privacy-page'),
  notFound: lazyPage(() => import('../features/site/pages/not-found-page.tsx'), 'NotFoundPage', 'not-found-page'),
  login: lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage', 'login-page'),
  signup: lazyPage(() => import('../features/auth/pages/signup-page.tsx'), 'SignupPage', 'signup-page'),
  recoverPassword: lazyPage(() => import('../features/users/pages/recover-password-page.tsx'), 'RecoverPasswordPage', 'recover-password-page'),
  resetPassword: lazyPage(() => import('../features/users/pages/reset-password-page.tsx'), 'ResetPasswordPage', 'reset-password-page'),
  verifyEmail: lazyPage(() => import('../features/users/pages/verify-email-page.tsx'), 'VerifyEmailPage', 'verify-email-page'),
  accountLayout: lazyPage(() => import('../features/users/pages/account-layout.tsx'), 'AccountLayout', 'account-layout'),
  contactDetails: lazyPage(() => import('../features/users/pages/contact-details-page.tsx'), 'ContactDetailsPage', 'contact-details-page'),
  changePassword: lazyPage(() => import('../features/users/pages/change-password-page.tsx'), 'ChangePasswordPage', 'change-password-page'),
  profileSettings: lazyPage(() => import('../features/users/pages/profile-settings-page.tsx'), 'ProfileSettingsPage', 'profile-settings-page'),
  operator: lazyPage(() => import('../features/operator/pages/operator-page.tsx'), 'OperatorPage', 'operator-page'),
  // One element per page, shared by the routes that show it, so moving between them keeps its state.
  listing: lazyPage(() => import('../features/listings/pages/listing-page.tsx'), 'ListingPage', 'listing-page'),
  editListing: lazyPage(() => import('../features/listings/pages/edit-listing-page.tsx'), 'EditListingPage', 'edit-listing-page'),
  payout: lazyPage(() => import('../features/payments/pages/payout-page.tsx'), 'PayoutPage', 'payout-page'),
};

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
          { path: 's', element: lazyPage(() => import('../features/listings/pages/search-page.tsx'), 'SearchPage', 'search-page') },
          { path: 'l/:slug/:id', element: pages.listing },
          { path: 'l/:id', element: pages.listing },
          { path: 'u/:id', element: lazyPage(() => import('../features/organizations/pages/profile-page.tsx'), 'ProfilePage', 'profile-page') },
          { path: 'placed-order', element: lazyPage(() => import('../features/transactions/pages/placed-order-page.tsx'), 'PlacedOrderPage', 'placed-order-page') },
          { path: 'weather', element: lazyPage(() => import('../features/weather/pages/weather-page.tsx'), 'WeatherPage', 'weather-page') },
          { path: 'port-services', element: lazyPage(() => import('../features/organizations/pages/port-services-page.tsx'), 'PortServicesPage', 'port-services-page') },
          { path: 'organization/:id', element: lazyPage(() => import('../features/organizations/pages/organization-page.tsx'), 'OrganizationPage', 'organization-page') },
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
                  { path: 'account/payments', element: pages.payout },
                  { path: 'account/payments/:returnURLType', element: pages.payout },
                  {
                    path: 'account/payment-methods',
                    element: lazyPage(() => import('../features/payments/pages/payment-methods-page.tsx'), 'PaymentMethodsPage', 'payment-methods-page'),
                  },
                ],
              },
              { path: 'map', element: lazyPage(() => import('../features/vessels/pages/map-page.tsx'), 'MapPage', 'map-page') },
              { path: 'portcalls', element: lazyPage(() => import('../features/port-calls/pages/port-calls-page.tsx'), 'PortCallsPage', 'port-calls-page') },
              { path: 'l/new', element: pages.editListing },
              { path: 'l/:slug/:id/:variant', element: lazyPage(() => import('../features/listings/pages/listing-page.tsx'), 'ListingVariantRedirect', 'listing-page') },
              { path: 'l/:slug/:id/:type/:tab', element: pages.editListing },
              { path: 'l/:slug/:id/:type/:tab/:returnURLType', element: pages.editListing },
              { path: 'listings', element: lazyPage(() => import('../features/listings/pages/manage-listings-page.tsx'), 'ManageListingsPage', 'manage-listings-page') },
              { path: 'organization/:id/settings/:tab', element: lazyPage(() => import('../features/organizations/pages/organization-settings-page.tsx'), 'OrganizationSettingsPage', 'organization-settings-page') },
              { path: 'carts', element: lazyPage(() => import('../features/carts/pages/carts-page.tsx'), 'CartsPage', 'carts-page') },
              { path: 'single-cart/:id', element: lazyPage(() => import('../features/carts/pages/single-cart-page.tsx'), 'SingleCartPage', 'single-cart-page') },
              { path: 'create-new-cart', element: lazyPage(() => import('../features/carts/pages/create-new-cart-page.tsx'), 'CreateNewCartPage', 'create-new-cart-page') },
              { path: 'orders', element: lazyPage(() => import('../features/transactions/pages/orders-page.tsx'), 'OrdersPage', 'orders-page') },
              { path: 'orders/:id', element: lazyPage(() => import('../features/transactions/pages/order-page.tsx'), 'OrderPage', 'order-page') },
              { path: 'inbox', element: <InboxRedirect /> },
              { path: 'sale/:id', element: <SaleRedirect /> },
              { path: 'subscriptions', element: lazyPage(() => import('../features/subscriptions/pages/subscriptions-page.tsx'), 'SubscriptionsPage', 'subscriptions-page') },
              { path: 'reporting', element: lazyPage(() => import('../features/reports/pages/reporting-page.tsx'), 'ReportingPage', 'reporting-page') },
              { path: 'port-companies', element: lazyPage(() => import('../features/organizations/pages/port-companies-page.tsx'), 'PortCompaniesPage', 'port-companies-page') },
              {
                path: 'online-payment-successful',
                element: lazyPage(() => import('../features/payments/pages/online-payment-successful-page.tsx'), 'OnlinePaymentSuccessfulPage', 'online-payment-successful-page'),
              },
              {
                path: 'online-payment-cancel',
                element: lazyPage(() => import('../features/payments/pages/online-payment-cancel-page.tsx'), 'OnlinePaymentCancelPage', 'online-payment-cancel-page'),
              },
            ],
          },
          { path: 'notfound', element: pages.notFound },
          { path: '*', element: pages.notFound },
        ],
      },
    ],
  },
];
