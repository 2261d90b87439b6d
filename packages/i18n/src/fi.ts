import fiCommon from '../locales/fi/common.json' with { type: 'json' };
import fiErrors from '../locales/fi/errors.json' with { type: 'json' };
import fiValidation from '../locales/fi/validation.json' with { type: 'json' };
import fiAuth from '../locales/fi/auth.json' with { type: 'json' };
import fiUsers from '../locales/fi/users.json' with { type: 'json' };
import fiOperator from '../locales/fi/operator.json' with { type: 'json' };
import fiNotifications from '../locales/fi/notifications.json' with { type: 'json' };
import fiSite from '../locales/fi/site.json' with { type: 'json' };
import fiOrganizations from '../locales/fi/organizations.json' with { type: 'json' };
import fiListings from '../locales/fi/listings.json' with { type: 'json' };
import fiCarts from '../locales/fi/carts.json' with { type: 'json' };
import fiTransactions from '../locales/fi/transactions.json' with { type: 'json' };
import fiMessages from '../locales/fi/messages.json' with { type: 'json' };
import fiReviews from '../locales/fi/reviews.json' with { type: 'json' };
import fiImages from '../locales/fi/images.json' with { type: 'json' };
import fiVessels from '../locales/fi/vessels.json' with { type: 'json' };
import fiAis from '../locales/fi/ais.json' with { type: 'json' };
import fiMap from '../locales/fi/map.json' with { type: 'json' };
import fiZones from '../locales/fi/zones.json' with { type: 'json' };
import fiPortCalls from '../locales/fi/port-calls.json' with { type: 'json' };
import fiPayments from '../locales/fi/payments.json' with { type: 'json' };
import fiReports from '../locales/fi/reports.json' with { type: 'json' };
import fiWeather from '../locales/fi/weather.json' with { type: 'json' };
import fiSubscriptions from '../locales/fi/subscriptions.json' with { type: 'json' };
import type { LanguageResources } from './namespaces.ts';

/** Finnish texts, every namespace; a chunk of its own in the web app, loaded when Finnish is chosen. */
export const fi: LanguageResources = {
  map: fiMap,
  zones: fiZones,
  'port-calls': fiPortCalls,
  vessels: fiVessels,
  ais: fiAis,
  organizations: fiOrganizations,
  listings: fiListings,
  carts: fiCarts,
  transactions: fiTransactions,
  messages: fiMessages,
  reviews: fiReviews,
  images: fiImages,
  common: fiCommon,
  errors: fiErrors,
  validation: fiValidation,
  auth: fiAuth,
  users: fiUsers,
  operator: fiOperator,
  notifications: fiNotifications,
  site: fiSite,
  payments: fiPayments,
  reports: fiReports,
  weather: fiWeather,
  subscriptions: fiSubscriptions,
};
