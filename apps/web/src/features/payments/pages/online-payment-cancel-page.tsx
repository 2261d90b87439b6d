import { PaymentResult } from '../components/payment-result.tsx';

/** /online-payment-cancel: where the hosted payment page returns after a refused card or a cancel. */
export function OnlinePaymentCancelPage() {
  return <PaymentResult variant="cancel" />;
}
