// Every module's tables, collected for Drizzle and drizzle-kit.
export * from '../modules/users/users.schema.ts';
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/notifications/notifications.schema.ts';
export * from '../modules/vessels/vessels.schema.ts';
export * from '../modules/organizations/organizations.schema.ts';
export * from '../modules/images/images.schema.ts';
export * from '../modules/listings/listings.schema.ts';
export * from '../modules/zones/zones.schema.ts';
export * from '../modules/port-calls/port-calls.schema.ts';
export * from '../modules/timers/timers.schema.ts';
export * from '../modules/carts/carts.schema.ts';
export * from '../modules/transactions/transactions.schema.ts';
export * from '../modules/audit/audit.schema.ts';
export * from '../modules/messages/messages.schema.ts';
export * from '../modules/attachments/attachments.schema.ts';
export * from '../modules/reviews/reviews.schema.ts';
export * from '../modules/payments/payments.schema.ts';
