import type { Language } from '@harbor/contracts';
import { translate } from '@harbor/i18n';

export type MailTemplate =
  | 'verifyEmail'
  | 'resetPassword'
  | 'accountLocked'
  | 'approved'
  | 'rejected'
  | 'newRegistration'
  | 'serviceRequest';

/** Builds a mail from the notifications locale so e-mails are translated like the UI. */
export function composeMail(to: string, template: MailTemplate, vars: Record<string, string>, lang: Language = 'en') {
  return {
    to,
    subject: translate(lang, 'notifications', `${template}.subject`, vars),
    text: translate(lang, 'notifications', `${template}.body`, vars),
  };
}
