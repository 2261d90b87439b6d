import { describe, expect, it } from 'vitest';
import type { ProcessActor, TransactionState } from '@harbor/contracts/processes';
import { workflowItems, type WorkflowItem, type WorkflowTransaction } from './workflow-items.ts';

const tx = (over: Partial<WorkflowTransaction>): WorkflowTransaction => ({
  processAlias: 'harbor-order-simple',
  state: 'ordered',
  role: 'customer',
  protectedData: { comment: null, reason: null, validUntil: null },
  transitions: [{ by: 'customer', transition: 'order' }],
  ...over,
});

/** Items as short strings: kind:transition for buttons, the kind otherwise. */
const shape = (items: WorkflowItem[]) =>
  items.map((i) => ('transition' in i ? `${i.kind}:${i.transition}${i.disabledReason ? '!' : ''}` : i.kind === 'waiting' ? `waiting:${i.actor}` : i.kind));

const at = (state: TransactionState, role: ProcessActor, processAlias: WorkflowTransaction['processAlias'] = 'harbor-order-simple') =>
  shape(workflowItems(tx({ state, role, processAlias })));

describe('workflow items from the order graph', () => {
  it('offers the seller accept, a gap, then decline (a dialog) on a new order', () => {
    expect(at('ordered', 'provider')).toEqual(['transition-button:accept', 'gap', 'dialog-button:decline']);
  });

  it('offers the buyer only a cancel with comment on a new order', () => {
    const items = workflowItems(tx({ state: 'ordered', role: 'customer' }));
    expect(shape(items)).toEqual(['dialog-button:cancel-ordered']);
    expect(items[0]).toMatchObject({ fields: [{ param: 'comment', required: true }], tone: 'danger' });
  });

  it('walks the delivery steps: start and finish for the seller, mark received or dispute for the buyer', () => {
    expect(at('accepted', 'provider')).toEqual(['transition-button:start-delivery', 'gap', 'dialog-button:cancel-accepted']);
    expect(at('delivering', 'provider')).toEqual(['transition-button:finish-delivery', 'gap', 'dialog-button:cancel-delivering']);
    expect(at('delivering', 'customer')).toEqual(['waiting:provider']);
    expect(at('delivered', 'customer')).toEqual(['transition-button:mark-received', 'gap', 'custom-dialog-button:dispute']);
    expect(at('delivered', 'provider')).toEqual(['waiting:customer']);
  });

  it('offers nothing in final states', () => {
    for (const role of ['customer', 'provider'] as const) {
      expect(at('declined', role)).toEqual([]);
      expect(at('cancelled', role)).toEqual([]);
      expect(at('reviewed', role)).toEqual([]);
    }
  });
});

describe('workflow items from the RFQ graph', () => {
  it('lets the seller quote (custom dialog with price, validity, delivery charge, comment) or decline', () => {
    const items = workflowItems(tx({ processAlias: 'harbor-rfq-simple', state: 'quote-requested', role: 'provider' }));
    expect(shape(items)).toEqual(['custom-dialog-button:provider-quote', 'gap', 'dialog-button:provider-decline']);
    expect(items[0]).toMatchObject({
      fields: [
        { param: 'negotiatedTotal', required: true },
        { param: 'validUntil', required: true },
        { param: 'negotiatedDeliveryCharge', required: false },
        { param: 'comment', required: false },
      ],
    });
  });

  it('lets the buyer cancel the request, then accept or decline the quote', () => {
    expect(at('quote-requested', 'customer', 'harbor-rfq-simple')).toEqual(['dialog-button:cancel-request-for-quote']);
    expect(at('provider-made-quote', 'customer', 'harbor-rfq-simple')).toEqual([
      'custom-dialog-button:customer-accept',
      'gap',
      'dialog-button:customer-decline',
    ]);
    expect(at('provider-made-quote', 'provider', 'harbor-rfq-simple')).toEqual(['waiting:customer']);
  });

  it('disables accepting a quote past its validity, but still lets the buyer decline', () => {
    const items = workflowItems(
      tx({ processAlias: 'harbor-rfq-simple', state: 'provider-made-quote', protectedData: { comment: null, reason: null, validUntil: '2026-01-01T00:00:00Z' } }),
      new Date('2026-01-02T00:00:00Z'),
    );
    expect(shape(items)).toEqual(['custom-dialog-button:customer-accept!', 'gap', 'dialog-button:customer-decline']);
    const fresh = workflowItems(
      tx({ processAlias: 'harbor-rfq-simple', state: 'provider-made-quote', protectedData: { comment: null, reason: null, validUntil: '2026-01-03T00:00:00Z' } }),
      new Date('2026-01-02T00:00:00Z'),
    );
    expect(shape(fresh)[0]).toBe('custom-dialog-button:customer-accept');
  });

  it('ends at delivered: nothing left to do for either side', () => {
    expect(at('delivered', 'customer', 'harbor-rfq-simple')).toEqual([]);
    expect(at('delivered', 'provider', 'harbor-rfq-simple')).toEqual([]);
  });
});

describe('comments', () => {
  it('attributes the comment to the side whose transition took it', () => {
    const items = workflowItems(
      tx({
        state: 'declined',
        role: 'customer',
        protectedData: { comment: 'Fully booked that day', reason: null, validUntil: null },
        transitions: [
          { by: 'customer', transition: 'order' },
          { by: 'provider', transition: 'decline' },
        ],
      }),
    );
    expect(items).toEqual([{ kind: 'comment', param: 'comment', actor: 'provider', text: 'Fully booked that day' }]);
  });
});
