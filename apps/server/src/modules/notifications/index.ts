export { createMailer, withMail, type Mail, type Mailer } from './mailer.ts';
export { listOutbox } from './notifications.repository.ts';
export { outbox } from './notifications.schema.ts';
export { composeMail } from './templates.ts';
