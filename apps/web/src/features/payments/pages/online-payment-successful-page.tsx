import { PaymentResult } from '../components/payment-result.tsx';

/** /online-payment-successful: where the hosted payment page returns after a payment. */
export function OnlinePaymentSuccessfulPage() {
  return <PaymentResult variant="successful" />;
}
