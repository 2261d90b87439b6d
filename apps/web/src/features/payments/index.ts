/**
 * The payments feature: the payout and payment-method account pages and the
 * payment result pages (lazy routes), and for other features the start of an
 * online payment. Kept light: the transactions feature's placing panel imports it.
 */
export { payOnline, createCheckoutSession } from './api/checkout.ts';
export { externalNavigation } from './api/external-navigation.ts';
export { OrderPaymentNote } from './components/order-payment-note.tsx';
export { usePayoutAccount, createAccountLink } from './api/payout-api.ts';
