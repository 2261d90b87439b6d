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

export const en = {
  common: enCommon,
  errors: enErrors,
  validation: enValidation,
  auth: enAuth,
  users: enUsers,
  operator: enOperator,
  notifications: enNotifications,
};

export const fi: typeof en = {
  common: fiCommon,
  errors: fiErrors,
  validation: fiValidation,
  auth: fiAuth,
  users: fiUsers,
  operator: fiOperator,
  notifications: fiNotifications,
};
