import type { Namespace } from '@harbor/i18n/namespaces';

/**
 * The text namespaces each lazily loaded page needs beyond the shell's
 * (coreNamespaces): the route table loads them beside the page's code, so its
 * first render has its texts. page-namespaces.test.ts checks the list against
 * what the page's code uses; bench and build read it to count initial JS.
 */
export const PAGE_NAMESPACES = {
  'about-page': [],
  'account-layout': ['users'],
  'carts-page': ['carts', 'port-calls'],
  'change-password-page': ['users', 'auth'],
  'contact-details-page': ['users', 'auth'],
  'create-new-cart-page': ['carts', 'port-calls'],
  'edit-listing-page': ['listings', 'images'],
  'landing-page': [],
  'listing-page': ['listings', 'map', 'carts', 'port-calls', 'reviews'],
  'login-page': ['auth'],
  'manage-listings-page': ['listings'],
  'map-page': ['map', 'vessels', 'zones'],
  'not-found-page': [],
  'online-payment-cancel-page': ['payments', 'transactions'],
  'online-payment-successful-page': ['payments', 'transactions'],
  'order-page': ['transactions', 'messages', 'payments'],
  'orders-page': ['transactions', 'messages'],
  'placed-order-page': ['transactions'],
  'operator-page': ['operator', 'listings', 'users', 'transactions', 'payments'],
  'organization-page': ['organizations', 'listings', 'reviews'],
  'payment-methods-page': ['payments'],
  'payout-page': ['payments'],
  'organization-settings-page': ['organizations', 'images', 'listings', 'map'],
  'port-calls-page': ['port-calls', 'vessels'],
  'port-companies-page': ['organizations', 'listings'],
  'port-services-page': ['organizations', 'listings'],
  'privacy-page': [],
  'profile-page': ['organizations', 'reviews'],
  'profile-settings-page': ['users', 'auth'],
  'recover-password-page': ['users', 'auth'],
  'reporting-page': ['reports'],
  'reset-password-page': ['users', 'auth'],
  'search-page': ['listings', 'map'],
  'signup-page': ['auth', 'users'],
  'subscriptions-page': ['subscriptions'],
  'single-cart-page': ['carts', 'port-calls', 'transactions', 'payments', 'subscriptions'],
  'terms-page': [],
  'verify-email-page': ['users'],
  'weather-page': ['weather'],
} as const satisfies Record<string, readonly Namespace[]>;

export type PageName = keyof typeof PAGE_NAMESPACES;
