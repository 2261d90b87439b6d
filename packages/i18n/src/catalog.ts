import enCommon from '../locales/en/common.json' with { type: 'json' };
import fiCommon from '../locales/fi/common.json' with { type: 'json' };
import enErrors from '../locales/en/errors.json' with { type: 'json' };
import fiErrors from '../locales/fi/errors.json' with { type: 'json' };
import enValidation from '../locales/en/validation.json' with { type: 'json' };
import fiValidation from '../locales/fi/validation.json' with { type: 'json' };
import enAuth from '../locales/en/auth.json' with { type: 'json' };
import fiAuth from '../locales/fi/auth.json' with { type: 'json' };
import enUsers from '../locales/en/users.json' with { type: 'json' };
import fiUsers from '../locales/fi/users.json' with { type: 'json' };
import enOperator from '../locales/en/operator.json' with { type: 'json' };
import fiOperator from '../locales/fi/operator.json' with { type: 'json' };
import enNotifications from '../locales/en/notifications.json' with { type: 'json' };
import fiNotifications from '../locales/fi/notifications.json' with { type: 'json' };
import enSite from '../locales/en/site.json' with { type: 'json' };
import fiSite from '../locales/fi/site.json' with { type: 'json' };
import enOrganizations from '../locales/en/organizations.json' with { type: 'json' };
import fiOrganizations from '../locales/fi/organizations.json' with { type: 'json' };
import enListings from '../locales/en/listings.json' with { type: 'json' };
import fiListings from '../locales/fi/listings.json' with { type: 'json' };
import enImages from '../locales/en/images.json' with { type: 'json' };
import fiImages from '../locales/fi/images.json' with { type: 'json' };
import enVessels from '../locales/en/vessels.json' with { type: 'json' };
import fiVessels from '../locales/fi/vessels.json' with { type: 'json' };
import enAis from '../locales/en/ais.json' with { type: 'json' };
import fiAis from '../locales/fi/ais.json' with { type: 'json' };

import enMap from '../locales/en/map.json' with { type: 'json' };
import fiMap from '../locales/fi/map.json' with { type: 'json' };
import enZones from '../locales/en/zones.json' with { type: 'json' };
import fiZones from '../locales/fi/zones.json' with { type: 'json' };
import enPortCalls from '../locales/en/port-calls.json' with { type: 'json' };
import fiPortCalls from '../locales/fi/port-calls.json' with { type: 'json' };
export const en = {
  map: enMap,
  zones: enZones,
  'port-calls': enPortCalls,
  vessels: enVessels,
  ais: enAis,
  organizations: enOrganizations,
  listings: enListings,
  images: enImages,
  common: enCommon,
  errors: enErrors,
  validation: enValidation,
  auth: enAuth,
  users: enUsers,
  operator: enOperator,
  notifications: enNotifications,
  site: enSite,
};

export const fi: typeof en = {
  map: fiMap,
  zones: fiZones,
  'port-calls': fiPortCalls,
  vessels: fiVessels,
  ais: fiAis,
  organizations: fiOrganizations,
  listings: fiListings,
  images: fiImages,
  common: fiCommon,
  errors: fiErrors,
  validation: fiValidation,
  auth: fiAuth,
  users: fiUsers,
  operator: fiOperator,
  notifications: fiNotifications,
  site: fiSite,
};
