import type { TransitionName } from './processes.ts';

/**
 * The e-mails of a transaction, as data: which transition mails whom, with
 * which template (the `notifications` locale's `transaction.<template>`).
 * A transition that does not need the other party's attention (the system
 * closing a review period, say) is simply absent.
 */
export const TRANSACTION_MAIL_TEMPLATES = [
  'newOrder',
  'newEnquiry',
  'quoteRequested',
  'accepted',
  'declined',
  'quoteMade',
  'quoteAccepted',
  'quoteDeclined',
  'quoteExpired',
  'deliveryStarted',
  'deliveryFinished',
  'received',
  'cancelled',
  'paymentExpired',
  'disputed',
  'disputeResolved',
  'reviewReceived',
  'newMessage',
] as const;
export type TransactionMailTemplate = (typeof TRANSACTION_MAIL_TEMPLATES)[number];

export type MailParty = 'customer' | 'provider';

export interface TransitionNotification {
  template: TransactionMailTemplate;
  /**
   * The parties it may go to. The side that took the transition is always
   * left out (nobody is told what they just did), so a cancellation listed
   * for both reaches the other party, or both when the operator or the
   * system cancelled.
   */
  to: readonly MailParty[];
  /** The operator (OPERATOR_EMAIL) is told too: disputes wait for them. */
  operator?: boolean;
}

const both = ['customer', 'provider'] as const;

export const TRANSITION_NOTIFICATIONS: Partial<Record<TransitionName, TransitionNotification>> = {
  order: { template: 'newOrder', to: ['provider'] },
  'order-after-enquiry': { template: 'newOrder', to: ['provider'] },
  // A card order reaches the seller once paid: before that it may still lapse.
  'confirm-payment': { template: 'newOrder', to: ['provider'] },
  enquire: { template: 'newEnquiry', to: ['provider'] },
  'request-for-quote': { template: 'quoteRequested', to: ['provider'] },
  accept: { template: 'accepted', to: ['customer'] },
  decline: { template: 'declined', to: ['customer'] },
  'provider-decline': { template: 'declined', to: ['customer'] },
  'provider-quote': { template: 'quoteMade', to: ['customer'] },
  'customer-accept': { template: 'quoteAccepted', to: ['provider'] },
  'customer-decline': { template: 'quoteDeclined', to: ['provider'] },
  'provider-quote-expired': { template: 'quoteExpired', to: both },
  'customer-quote-request-expired': { template: 'quoteExpired', to: both },
  'start-delivery': { template: 'deliveryStarted', to: ['customer'] },
  'finish-delivery': { template: 'deliveryFinished', to: ['customer'] },
  'mark-received': { template: 'received', to: ['provider'] },
  'cancel-ordered': { template: 'cancelled', to: both },
  'cancel-accepted': { template: 'cancelled', to: both },
  'cancel-delivering': { template: 'cancelled', to: both },
  'cancel-request-for-quote': { template: 'cancelled', to: both },
  // The seller never saw an unpaid card order; the buyer hears when its payment window closed.
  'cancel-payment': { template: 'paymentExpired', to: ['customer'] },
  dispute: { template: 'disputed', to: ['provider'], operator: true },
  'resolve-dispute-complete': { template: 'disputeResolved', to: both },
  'resolve-dispute-cancel': { template: 'disputeResolved', to: both },
  'review-1-by-customer': { template: 'reviewReceived', to: ['provider'] },
  'review-2-by-customer': { template: 'reviewReceived', to: ['provider'] },
  'review-1-by-provider': { template: 'reviewReceived', to: ['customer'] },
  'review-2-by-provider': { template: 'reviewReceived', to: ['customer'] },
};

/** The one kind of mail a user can turn off (contact-details page); order mails always go. */
export const OPTIONAL_MAIL_TEMPLATES: readonly TransactionMailTemplate[] = ['newMessage'];
