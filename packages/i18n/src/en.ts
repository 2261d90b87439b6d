import enCommon from '../locales/en/common.json' with { type: 'json' };
import enErrors from '../locales/en/errors.json' with { type: 'json' };
import enValidation from '../locales/en/validation.json' with { type: 'json' };
import enAuth from '../locales/en/auth.json' with { type: 'json' };
import enUsers from '../locales/en/users.json' with { type: 'json' };
import enOperator from '../locales/en/operator.json' with { type: 'json' };
import enNotifications from '../locales/en/notifications.json' with { type: 'json' };
import enSite from '../locales/en/site.json' with { type: 'json' };
import enOrganizations from '../locales/en/organizations.json' with { type: 'json' };
import enListings from '../locales/en/listings.json' with { type: 'json' };
import enCarts from '../locales/en/carts.json' with { type: 'json' };
import enTransactions from '../locales/en/transactions.json' with { type: 'json' };
import enMessages from '../locales/en/messages.json' with { type: 'json' };
import enReviews from '../locales/en/reviews.json' with { type: 'json' };
import enImages from '../locales/en/images.json' with { type: 'json' };
import enVessels from '../locales/en/vessels.json' with { type: 'json' };
import enAis from '../locales/en/ais.json' with { type: 'json' };
import enMap from '../locales/en/map.json' with { type: 'json' };
import enZones from '../locales/en/zones.json' with { type: 'json' };
import enPortCalls from '../locales/en/port-calls.json' with { type: 'json' };
import enPayments from '../locales/en/payments.json' with { type: 'json' };
import enReports from '../locales/en/reports.json' with { type: 'json' };
import enWeather from '../locales/en/weather.json' with { type: 'json' };
import enSubscriptions from '../locales/en/subscriptions.json' with { type: 'json' };
import type { Namespace } from './namespaces.ts';

/** English texts, every namespace; a chunk of its own in the web app, loaded when English is chosen. */
export const en = {
  map: enMap,
  zones: enZones,
  'port-calls': enPortCalls,
  vessels: enVessels,
  ais: enAis,
  organizations: enOrganizations,
  listings: enListings,
  carts: enCarts,
  transactions: enTransactions,
  messages: enMessages,
  reviews: enReviews,
  images: enImages,
  common: enCommon,
  errors: enErrors,
  validation: enValidation,
  auth: enAuth,
  users: enUsers,
  operator: enOperator,
  notifications: enNotifications,
  site: enSite,
  payments: enPayments,
  reports: enReports,
  weather: enWeather,
  subscriptions: enSubscriptions,
} satisfies Record<Namespace, unknown>;
