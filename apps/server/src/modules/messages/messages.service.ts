import { messageContentSchema, pageMeta, type Message, type MessagePage, type MessagesQuery, type SendMessageBody, type UnreadMessagesResponse } from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { AppError, invalidParams } from '../../plugins/errors.ts';
import type { AccessToken } from '../auth/index.ts';
import { notifyNewMessage } from '../notifications/index.ts';
import { transactionPartiesForUser } from '../transactions/index.ts';
import { abbreviatedName, displayName } from '../users/index.ts';
import * as repo from './messages.repository.ts';
import type { MessageRow } from './messages.schema.ts';

type Auth = Pick<AccessToken, 'sub' | 'scopes'>;
type Parties = { customerId: string; providerId: string };
type Sender = Awaited<ReturnType<typeof repo.userNameFields>>[number];

function toMessage(m: MessageRow, sender: Sender, parties: Parties): Message {
  return {
    id: m.id,
    transactionId: m.transactionId,
    content: m.content,
    createdAt: m.createdAt.toISOString(),
    sender: {
      id: sender.id,
      displayName: displayName(sender),
      abbreviatedName: abbreviatedName(sender),
      role: sender.id === parties.customerId ? 'customer' : sender.id === parties.providerId ? 'provider' : 'operator',
    },
  };
}

/**
 * GET /api/transactions/{id}/messages: page 1 is the newest `perPage`
 * messages, every page ordered oldest to newest. A party who reads page 1
 * has seen the thread: their marker moves to its newest message. The
 * operator reads without a marker (they are no party and count nothing unread).
 */
export async function listMessages(ctx: AppContext, auth: Auth, id: string, q: MessagesQuery): Promise<MessagePage> {
  const parties = await transactionPartiesForUser(ctx.db, auth, id);
  const { rows, total } = await repo.pageOfThread(ctx.db, id, q.page, q.perPage);
  rows.reverse();
  const newest = rows.at(-1);
  if (q.page === 1 && newest && parties.role !== 'operator') await repo.markRead(ctx.db, id, auth.sub, newest.m.seq);
  return {
    data: rows.map((r) => toMessage(r.m, r.sender, parties)),
    meta: pageMeta(q.page, q.perPage, total),
  };
}

/**
 * Banned and deleted users cannot receive messages (section 6). A party
 * writes to the other party; the operator writes to both and is refused only
 * when neither can receive.
 */
async function assertSomeoneReceives(db: Tx, parties: Parties, senderId: string) {
  const recipientIds = [parties.customerId, parties.providerId].filter((p) => p !== senderId);
  const recipients = await repo.userNameFields(db, recipientIds);
  if (!recipients.some((u) => !u.banned && !u.deleted))
    throw new AppError('message-recipient-unavailable', 409, {
      reason: recipients.some((u) => u.deleted) ? 'deleted' : 'banned',
    });
}

/** POST /api/transactions/{id}/messages: the message, and the sender's own marker past it. */
export async function sendMessage(ctx: AppContext, auth: Auth, id: string, body: SendMessageBody): Promise<Message> {
  const parties = await transactionPartiesForUser(ctx.db, auth, id);
  await assertSomeoneReceives(ctx.db, parties, auth.sub);
  const row = await ctx.db.transaction(async (tx) => {
    const m = await repo.insertMessage(tx, { transactionId: id, senderId: auth.sub, content: body.content });
    if (parties.role !== 'operator') await repo.markRead(tx, id, auth.sub, m.seq);
    // The other party's e-mail (unless they turned message e-mails off) commits with the message.
    await notifyNewMessage(ctx, tx, { transactionId: id, senderId: auth.sub, senderIsOperator: parties.role === 'operator', content: m.content });
    return m;
  });
  const [sender] = await repo.userNameFields(ctx.db, [auth.sub]);
  return toMessage(row, sender!, parties);
}

/** POST /api/transactions/{id}/messages/read: the caller has seen the whole thread. */
export async function markThreadRead(ctx: AppContext, auth: Auth, id: string): Promise<void> {
  const parties = await transactionPartiesForUser(ctx.db, auth, id);
  if (parties.role === 'operator') return;
  const seq = await repo.newestSeq(ctx.db, id);
  if (seq) await repo.markRead(ctx.db, id, auth.sub, seq);
}

/** GET /api/transactions/unread-messages: the orders list's unread counts, per transaction of the caller. */
export async function unreadMessages(ctx: AppContext, auth: Auth): Promise<UnreadMessagesResponse> {
  const rows = await repo.unreadCounts(ctx.db, auth.sub);
  const data: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    data[r.transactionId] = r.n;
    total += r.n;
  }
  return { data, total };
}

/**
 * The enquiry's text becomes the thread's first message, inside the
 * database transaction that opens the enquiry (both or neither). The text
 * follows the message rules (1 to 5000 characters after trimming, no
 * control characters but line breaks and tabs).
 */
export async function recordEnquiryMessage(tx: Tx, input: { transactionId: string; senderId: string; content: string | null | undefined; createdAt: Date }) {
  const parsed = messageContentSchema.safeParse(input.content ?? '');
  if (!parsed.success) throw invalidParams(parsed.error.issues.map((i) => ({ path: 'body.params.protectedData.comment', message: i.message })));
  await repo.insertMessage(tx, { transactionId: input.transactionId, senderId: input.senderId, content: parsed.data, createdAt: input.createdAt });
}
