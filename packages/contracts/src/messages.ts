import { z } from 'zod';
import { TEXTAREA_MAX } from './constants.ts';
import { paginationMetaSchema } from './listings.ts';
import { TRANSACTION_ROLES } from './transaction-constants.ts';
import { requiredMultilineText } from './validation.ts';

/**
 * Messages of a transaction (marketplace-buyer.md sections 3 and 7: messages
 * query with page and per_page 100, send with content). Only the two parties
 * and the operator read or write a thread; a banned or deleted party shows as
 * "Banned user" / "Deleted user" and cannot receive messages.
 */

export const MESSAGES_PER_PAGE = 100;
/** Text areas are capped at 5000 characters (section 5). */
export const MESSAGE_MAX = TEXTAREA_MAX;
/**
 * How often the order page asks for new messages while it is open: the app's
 * WebSocket carries only ships, so the thread polls page 1 instead.
 */
export const MESSAGES_POLL_MS = 10_000;

/** 1 to 5000 characters after trimming; no NUL or control character except line breaks and tabs. */
export const messageContentSchema = requiredMultilineText(MESSAGE_MAX);

/** POST /api/transactions/{id}/messages. */
export const sendMessageBodySchema = z.object({ content: messageContentSchema });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** GET /api/transactions/{id}/messages: page 1 holds the newest messages; each page is ordered oldest to newest (newest last). */
export const messagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(MESSAGES_PER_PAGE).default(MESSAGES_PER_PAGE),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messageSenderSchema = z.object({
  id: z.uuid(),
  /** "Banned user" or "Deleted user" for such accounts. */
  displayName: z.string(),
  abbreviatedName: z.string(),
  /** The sender's side in this transaction. */
  role: z.enum(TRANSACTION_ROLES),
});
export type MessageSender = z.infer<typeof messageSenderSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  transactionId: z.uuid(),
  content: z.string(),
  createdAt: z.string(),
  sender: messageSenderSchema,
});
export type Message = z.infer<typeof messageSchema>;

export const messagePageSchema = z.object({ data: z.array(messageSchema), meta: paginationMetaSchema });
export type MessagePage = z.infer<typeof messagePageSchema>;
export const messageResponseSchema = z.object({ data: messageSchema });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** GET /api/transactions/unread-messages: unread messages per transaction of the caller (only those with any). */
export const unreadMessagesResponseSchema = z.object({
  data: z.record(z.uuid(), z.number().int().min(1)),
  /** The sum over all the caller's transactions. */
  total: z.number().int().min(0),
});
export type UnreadMessagesResponse = z.infer<typeof unreadMessagesResponseSchema>;
