import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Transaction } from '@harbor/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api-client/index.ts';
import { payOnline } from '../api/checkout.ts';
import { paymentFailureCodeOf, paymentIssueOf } from '../api/payment-issue.ts';

/**
 * The online payment on the order page: the buyer of an order still waiting
 * for its payment can (re)open the payment page within the 15 minutes; a
 * payment that came too late, and the card error that ended a payment, are
 * said in the page's language. Renders nothing for an offline order.
 */
export function OrderPaymentNote({ transaction: tx }: { transaction: Pick<Transaction, 'id' | 'role' | 'state' | 'metadata' | 'protectedData'> }) {
  const { t, i18n } = useTranslation('payments');
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const status = tx.protectedData.paymentStatus;
  const issue = paymentIssueOf(tx);
  const failure = paymentFailureCodeOf(tx);

  if (issue === 'paid-after-expiry')
    return (
      <Alert severity="warning" data-testid="order-payment-note" data-note="late" sx={{ mb: 3 }}>
        <Typography sx={{ fontWeight: 500 }}>{t('result.lateConfirm')}</Typography>
        {t('result.lateConfirmRefund')}
      </Alert>
    );
  if (status === 'ONLINE_CANCEL' && failure)
    return (
      <Alert severity="error" data-testid="order-payment-note" data-note="failed" sx={{ mb: 3 }}>
        {i18n.exists(`payments:cardErrors.${failure}`) ? t(`cardErrors.${failure}`) : t('cardErrors.unknown')}
      </Alert>
    );
  if (status !== 'ONLINE_PENDING' || tx.state !== 'pending-payment' || tx.role !== 'customer') return null;

  const pay = async () => {
    setOpening(true);
    setError(null);
    try {
      await payOnline(tx.id);
    } catch (e) {
      setError(e);
      setOpening(false);
    }
  };
  return (
    <Alert
      severity="info"
      data-testid="order-payment-note"
      data-note="pending"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" onClick={() => void pay()} disabled={opening}>
          {opening ? t('placing.redirecting') : t('order.payNow')}
        </Button>
      }
    >
      {t('order.payWithin')}
      {error ? <Typography color="error" role="alert">{t(`errors:${errorCodeOf(error)}`)}</Typography> : null}
    </Alert>
  );
}
