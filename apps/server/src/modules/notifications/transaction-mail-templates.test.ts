import { LANGUAGES, PROCESSES, TRANSACTION_MAIL_TEMPLATES, TRANSITION_NOTIFICATIONS } from '@harbor/contracts';
import { resources } from '@harbor/i18n';
import { describe, expect, it } from 'vitest';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('notifications: the transaction mail table and its texts', () => {
  it('has a subject and a body for every template in both languages, with the same placeholders and the order link', () => {
    for (const template of TRANSACTION_MAIL_TEMPLATES) {
      const en = resources.en.notifications.transaction[template];
      for (const lang of LANGUAGES) {
        const texts = resources[lang].notifications.transaction[template];
        expect(texts.subject, `${lang} ${template}`).toBeTruthy();
        expect(placeholders(texts.subject), `${lang} ${template} subject`).toEqual(placeholders(en.subject));
        expect(placeholders(texts.body), `${lang} ${template} body`).toEqual(placeholders(en.body));
        expect(texts.body, `${lang} ${template}`).toContain('{{link}}');
      }
    }
  });

  it('names only transitions of the process graphs, each mailing at least one party or the operator', () => {
    const names = new Set(Object.values(PROCESSES).flatMap((g) => g.transitions.map((x) => x.name)));
    for (const [name, rule] of Object.entries(TRANSITION_NOTIFICATIONS)) {
      expect(names.has(name as never), name).toBe(true);
      expect(rule.to.length + (rule.operator ? 1 : 0), name).toBeGreaterThan(0);
    }
  });

  it('tells the other party of every step a party takes that changes their order, except reviews closing by time', () => {
    // The steps the issue names: new order, accepted, declined, quote made, delivery started and finished, cancelled, disputed, review received, payment expired.
    for (const name of ['order', 'accept', 'decline', 'provider-quote', 'start-delivery', 'finish-delivery', 'cancel-accepted', 'dispute', 'review-1-by-customer', 'cancel-payment'] as const)
      expect(TRANSITION_NOTIFICATIONS[name], name).toBeDefined();
    expect(TRANSITION_NOTIFICATIONS['expire-review-period']).toBeUndefined();
  });
});
