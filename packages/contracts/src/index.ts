import './zod-messages.ts';
export * from './errors.ts';
export * from './roles.ts';
export * from './constants.ts';
export * from './validation.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './operator.ts';
