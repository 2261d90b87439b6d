export { createMailer, withMail, MAIL_MAX_ATTEMPTS, mailRetryDelayMs, type Mail, type Mailer } from './mailer.ts';
export { listOutbox } from './notifications.repository.ts';
/** For modules with mails of their own (subscriptions): the recipients' addresses, names and languages. */
export { mailPeople, type MailPerson } from './notifications.repository.ts';
export { outbox } from './notifications.schema.ts';
export { composeMail } from './templates.ts';
/** Order e-mails: the transactions engine and the messages module call these inside their database transactions. */
export { notifyTransition, notifyNewMessage, type MailTransaction, type TransitionMailInput } from './transaction-mail.ts';
