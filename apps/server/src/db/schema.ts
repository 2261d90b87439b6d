// Every module's tables, collected for Drizzle and drizzle-kit.
export * from '../modules/users/users.schema.ts';
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/notifications/notifications.schema.ts';
