import { describe, expect, it } from 'vitest';
import { ORDER_PROCESS, RFQ_PROCESS, TRANSACTION_STATES, TRANSITION_NAMES } from '@harbor/contracts/processes';
import { resources } from '@harbor/i18n';
import { CHIP_COLORS, parseFilter, parseTab, passesFilter, stateInfo, statesOfTab } from './process-model.ts';
import { graphOf } from './process-model.ts';

const { en, fi } = resources;
const lookup = (texts: unknown, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts);

describe('states and chips from the graph', () => {
  it('maps the spec chip styles: initiate info, progress success, reject error', () => {
    expect(CHIP_COLORS).toEqual({ initiate: 'info', progress: 'success', reject: 'error' });
    expect(CHIP_COLORS[stateInfo('harbor-order-simple', 'ordered').chip]).toBe('info');
    expect(CHIP_COLORS[stateInfo('harbor-order-simple', 'accepted').chip]).toBe('success');
    expect(CHIP_COLORS[stateInfo('harbor-order-simple', 'declined').chip]).toBe('error');
    expect(CHIP_COLORS[stateInfo('harbor-rfq-simple', 'provider-made-quote').chip]).toBe('info');
  });

  it('labels a state per process: accepted after a quote reads as RFQ accepted', () => {
    expect(stateInfo('harbor-order-simple', 'accepted').label).toBe('states.accepted');
    expect(stateInfo('harbor-rfq-simple', 'accepted').label).toBe('states.quoteAccepted');
  });

  it('has an en and fi label for every state of both graphs, and the fallback', () => {
    const labels = [ORDER_PROCESS, RFQ_PROCESS].flatMap((g) => Object.values(g.states).map((s) => s!.label));
    labels.push(stateInfo('harbor-order-simple', 'initial').label);
    for (const label of labels) {
      expect(lookup(en.transactions, label), label).toEqual(expect.any(String));
      expect(lookup(fi.transactions, label), label).toEqual(expect.any(String));
    }
  });

  it('has en and fi texts for every transition: a history entry for each, an action for each offered on the page', () => {
    for (const name of TRANSITION_NAMES) {
      expect(lookup(en.transactions, `history.${name}`), name).toEqual(expect.any(String));
      expect(lookup(fi.transactions, `history.${name}`), name).toEqual(expect.any(String));
    }
    for (const t of [...ORDER_PROCESS.transitions, ...RFQ_PROCESS.transitions].filter((t) => t.workflow)) {
      expect((en.transactions.actions as Record<string, string>)[t.name], t.name).toEqual(expect.any(String));
      expect((fi.transactions.actions as Record<string, string>)[t.name], t.name).toEqual(expect.any(String));
    }
  });
});

describe('tabs and table filters', () => {
  it('lists the spec tabs in order and reads unknown tabs as all', () => {
    expect(['all', 'open-acceptance', 'open-delivery', 'cancelled', 'completed', 'reviewing'].map(parseTab)).toEqual([
      'all',
      'open-acceptance',
      'open-delivery',
      'cancelled',
      'completed',
      'reviewing',
    ]);
    expect(parseTab('bogus')).toBe('all');
    expect(parseTab(null)).toBe('all');
  });

  it('puts each state under the tab its graph names', () => {
    const names = (tab: Parameters<typeof statesOfTab>[0]) => statesOfTab(tab).map((s) => `${s.alias}:${s.state}`);
    expect(names('open-acceptance')).toEqual(
      expect.arrayContaining(['harbor-order-simple:ordered', 'harbor-order-simple:pending-payment', 'harbor-rfq-simple:quote-requested', 'harbor-rfq-simple:provider-made-quote']),
    );
    expect(names('cancelled')).toEqual(
      expect.arrayContaining(['harbor-order-simple:declined', 'harbor-order-simple:cancelled', 'harbor-rfq-simple:declined', 'harbor-rfq-simple:cancelled']),
    );
    // Delivered waits for the buyer in the order process but is final (completed) in the RFQ process.
    expect(names('open-delivery')).toContain('harbor-order-simple:delivered');
    expect(names('completed')).toContain('harbor-rfq-simple:delivered');
    expect(names('reviewing')).toContain('harbor-order-simple:completed');
  });

  it('filters rows by the graph: denied and cancelled together', () => {
    expect(parseFilter('denied-cancelled')).toBe('denied-cancelled');
    expect(parseFilter('nope')).toBe('all');
    expect(passesFilter('denied-cancelled', 'harbor-order-simple', 'declined')).toBe(true);
    expect(passesFilter('denied-cancelled', 'harbor-rfq-simple', 'cancelled')).toBe(true);
    expect(passesFilter('denied-cancelled', 'harbor-order-simple', 'accepted')).toBe(false);
    expect(passesFilter('completed', 'harbor-rfq-simple', 'delivered')).toBe(true);
    expect(passesFilter('completed', 'harbor-order-simple', 'delivered')).toBe(false);
    for (const state of TRANSACTION_STATES) expect(passesFilter('all', 'harbor-order-simple', state)).toBe(true);
    expect(graphOf('harbor-rfq-simple')).toBe(RFQ_PROCESS);
  });
});
