import {
  formatMoney,
  OPTIONAL_MAIL_TEMPLATES,
  TRANSITION_NOTIFICATIONS,
  type Currency,
  type Language,
  type ProcessActor,
  type TransactionMailTemplate,
  type MailParty,
  type TransitionName,
} from '@harbor/contracts';
import { translate } from '@harbor/i18n';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import type { Mail } from './mailer.ts';
import { listingTitle, mailPeople, mailTransaction, type MailPerson } from './notifications.repository.ts';

/** The parts of a transaction its e-mails speak of. */
export interface MailTransaction {
  id: string;
  customerId: string;
  providerId: string;
  listingId: string;
  shipName?: string | null;
}

export interface TransitionMailInput {
  transaction: MailTransaction;
  transition: TransitionName;
  actor: ProcessActor;
  actorId: string | null;
  /** The transition's comment or reason, quoted in the mail. */
  comment?: string | null;
  reviewRating?: number;
  /** The quote's total (what the buyer pays), for the quote mail. */
  total?: { amount: number; currency: string };
}

type Vars = Record<string, string>;

/** Who did it, as the recipient reads it: a person with their organization, or the operator, or Harbor itself. */
function actorName(lang: Language, actor: ProcessActor, person: MailPerson | undefined): string {
  if (actor === 'operator') return translate(lang, 'notifications', 'transactionParts.operator');
  if (actor === 'system' || !person) return translate(lang, 'notifications', 'transactionParts.system');
  return `${person.firstName} ${person.lastName} (${person.organization})`.trim();
}

function compose(ctx: AppContext, to: string, lang: Language, template: TransactionMailTemplate, vars: Vars): Mail {
  const part = (key: string, v: Vars) => translate(lang, 'notifications', `transactionParts.${key}`, v);
  const all: Vars = {
    ...vars,
    ship: vars.ship ? part('ship', { ship: vars.ship }) : '',
    note: vars.comment ? part('note', { comment: vars.comment }) : '',
    settingsLink: `${ctx.config.PUBLIC_URL}/account/contact-details`,
  };
  return {
    to,
    subject: translate(lang, 'notifications', `transaction.${template}.subject`, all),
    text: translate(lang, 'notifications', `transaction.${template}.body`, all),
  };
}

/** A recipient who can get mail at all: banned and deleted users get none (their address may be gone or unwanted). */
const reachable = (p: MailPerson | undefined): p is MailPerson => !!p && !p.banned && !p.deleted && !!p.email;

/**
 * Queues the mails of one template to some users of a transaction, inside the
 * caller's database transaction: they commit with the change or not at all,
 * and the relay sends them after the commit.
 */
async function queueTransactionMails(
  ctx: AppContext,
  tx: Tx,
  t: MailTransaction,
  template: TransactionMailTemplate,
  recipientIds: string[],
  actor: ProcessActor,
  actorId: string | null,
  vars: Vars,
  operator = false,
): Promise<number> {
  if (!recipientIds.length && !operator) return 0;
  const people = await mailPeople(tx, [...new Set([...recipientIds, ...(actorId ? [actorId] : [])])]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const listing = await listingTitle(tx, t.listingId);
  const base: Vars = { listing, link: `${ctx.config.PUBLIC_URL}/orders/${t.id}`, ship: t.shipName ?? '', ...vars };
  let queued = 0;
  for (const id of recipientIds) {
    const p = byId.get(id);
    if (!reachable(p)) continue;
    if (OPTIONAL_MAIL_TEMPLATES.includes(template) && !p.messageEmails) continue;
    const lang = p.language;
    await ctx.mailer.queue(tx, compose(ctx, p.email, lang, template, { ...base, name: p.firstName, actor: actorName(lang, actor, byId.get(actorId ?? '')) }));
    queued++;
  }
  if (operator && ctx.config.OPERATOR_EMAIL) {
    const lang = 'en';
    await ctx.mailer.queue(tx, compose(ctx, ctx.config.OPERATOR_EMAIL, lang, template, { ...base, name: 'operator', actor: actorName(lang, actor, byId.get(actorId ?? '')) }));
    queued++;
  }
  return queued;
}

/**
 * The mails of one transition, as the contracts' table says: to the parties
 * it lists except the one who took it. Call inside the transition's database
 * transaction. Returns how many mails were queued.
 */
export async function notifyTransition(ctx: AppContext, tx: Tx, input: TransitionMailInput): Promise<number> {
  const rule = TRANSITION_NOTIFICATIONS[input.transition];
  if (!rule) return 0;
  const t = input.transaction;
  const partyId = (p: MailParty) => (p === 'customer' ? t.customerId : t.providerId);
  const recipients = rule.to.filter((p) => p !== input.actor).map(partyId);
  const vars: Vars = {
    comment: input.comment ?? '',
    rating: input.reviewRating !== undefined ? String(input.reviewRating) : '',
    total: input.total ? formatMoney({ amount: input.total.amount, currency: input.total.currency as Currency }) : '',
  };
  return queueTransactionMails(ctx, tx, t, rule.template, recipients, input.actor, input.actorId, vars, rule.operator);
}

/**
 * A new message on a transaction's thread: mailed to the other party (both,
 * when the operator wrote) unless they turned message e-mails off. Call inside
 * the database transaction that stores the message.
 */
export async function notifyNewMessage(
  ctx: AppContext,
  tx: Tx,
  input: { transactionId: string; senderId: string; senderIsOperator?: boolean; content: string },
): Promise<number> {
  const t = await mailTransaction(tx, input.transactionId);
  if (!t) return 0;
  const recipients = [t.customerId, t.providerId].filter((id) => id !== input.senderId);
  const actor: ProcessActor = input.senderIsOperator ? 'operator' : input.senderId === t.customerId ? 'customer' : 'provider';
  return queueTransactionMails(ctx, tx, t, 'newMessage', recipients, actor, input.senderId, { content: input.content });
}
