import type { Language, SubscriptionSchedule } from '@harbor/contracts';
import { translate } from '@harbor/i18n';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { mailPeople, type MailPerson } from '../notifications/index.ts';

type Vars = Record<string, string>;
type Template = 'created' | 'statusChanged' | 'cycleFailed';

const t = (lang: Language, key: string, vars: Vars = {}) => translate(lang, 'subscriptions', key, vars);

/** The schedule in words, in the recipient's language. */
export function scheduleText(lang: Language, s: SubscriptionSchedule): string {
  if (s.type === 'weekly') {
    const days = (s.weekdays ?? []).map((d) => t(lang, `weekdays.${d}`)).join(', ');
    return t(lang, 'scheduleWeekly', { count: String(s.interval), days, time: s.startTime });
  }
  return t(lang, 'scheduleMonthly', { count: String(s.interval), day: t(lang, `monthDays.${s.monthDay ?? 'first'}`), time: s.startTime });
}

const reachable = (p: MailPerson | undefined): p is MailPerson => !!p && !p.banned && !p.deleted && !!p.email;

/**
 * Queues one subscription mail per recipient, in their language, inside the
 * caller's database transaction: it commits with the change or not at all.
 * `vars` may depend on the language (a status name, a failure reason).
 */
export async function queueSubscriptionMail(
  ctx: AppContext,
  tx: Tx,
  input: { template: Template; to: string[]; actorId?: string | null; listing: string; vars: (lang: Language) => Vars },
): Promise<number> {
  const people = await mailPeople(tx, [...new Set([...input.to, ...(input.actorId ? [input.actorId] : [])])]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const actor = input.actorId ? byId.get(input.actorId) : undefined;
  let queued = 0;
  for (const id of input.to) {
    const p = byId.get(id);
    if (!reachable(p)) continue;
    const lang = p.language;
    const vars: Vars = {
      name: p.firstName,
      listing: input.listing,
      link: `${ctx.config.PUBLIC_URL}/subscriptions`,
      actor: actor ? `${actor.firstName} ${actor.lastName} (${actor.organization})` : 'Harbor',
      ...input.vars(lang),
    };
    await ctx.mailer.queue(tx, { to: p.email, subject: t(lang, `mail.${input.template}.subject`, vars), text: t(lang, `mail.${input.template}.body`, vars) });
    queued++;
  }
  return queued;
}

export const statusText = (lang: Language, status: string) => t(lang, `statuses.${status}`);
export const failureText = (lang: Language, failure: string) => t(lang, `failures.${failure}`);
