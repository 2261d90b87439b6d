import { z } from 'zod';
import { USER_STATUSES } from './users.ts';
import { multilineText } from './validation.ts';

export const operatorUserRowSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  businessId: z.string(),
  webAddress: z.string().nullable(),
  phone: z.string().nullable(),
  defaultPort: z.string(),
  roles: z.number().int(),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
});
export type OperatorUserRow = z.infer<typeof operatorUserRowSchema>;

export const operatorUsersQuerySchema = z.object({
  status: z.enum(USER_STATUSES).optional(),
});

export const outboxMailSchema = z.object({
  id: z.string().uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const rejectBodySchema = z.object({ reason: multilineText(2000).optional() });
