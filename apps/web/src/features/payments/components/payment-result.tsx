import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { paymentIssueOf, usePaymentTransaction } from '../api/payment-transaction.ts';

/** The query the hosted payment page adds on its way back (contracts PAYMENT_RESULT_QUERY). */
const QUERY = { transactionId: 'transactionId', error: 'error' } as const;

type Outcome = 'confirmed' | 'pending' | 'late' | 'cancelled' | 'unknown';

/**
 * What the buyer is told after the hosted payment page (buyer spec sections 2
 * and 8). The server's record decides, not the URL: a payment that came after
 * the 15-minute window says 'Payment has been made but we were unable to
 * confirm the booking' whichever page the browser landed on, and the card
 * error from the query is shown in the page's language.
 */
export function PaymentResult({ variant }: { variant: 'successful' | 'cancel' }) {
  const { t, i18n } = useTranslation('payments');
  const [params] = useSearchParams();
  const transactionId = params.get(QUERY.transactionId);
  const errorCode = params.get(QUERY.error);
  const tx = usePaymentTransaction(transactionId);
  const status = tx.data?.protectedData.paymentStatus;
  const issue = paymentIssueOf(tx.data);

  let outcome: Outcome = 'unknown';
  if (issue === 'paid-after-expiry') outcome = 'late';
  else if (status === 'ONLINE_CONFIRM') outcome = 'confirmed';
  else if (status === 'ONLINE_PENDING') outcome = variant === 'successful' ? 'pending' : 'cancelled';
  else if (status === 'ONLINE_CANCEL') outcome = 'cancelled';
  else if (!transactionId) outcome = variant === 'successful' ? 'pending' : 'cancelled';

  const success = outcome === 'confirmed' || outcome === 'pending' || (outcome === 'unknown' && variant === 'successful');
  const title = t(success ? 'result.successTitle' : 'result.cancelTitle');
  const cardError = errorCode && i18n.exists(`payments:cardErrors.${errorCode}`) ? t(`cardErrors.${errorCode}`) : errorCode ? t('cardErrors.unknown') : null;

  return (
    <Page title={title}>
      <Stack spacing={2} data-testid="payment-result" data-outcome={outcome}>
        {transactionId && tx.isPending ? <Loading /> : null}
        {cardError && outcome !== 'confirmed' && outcome !== 'late' && (
          <Alert severity="error" role="alert" data-testid="card-error">
            {cardError}
          </Alert>
        )}
        {outcome === 'late' && (
          <Alert severity="warning" role="alert">
            <Typography sx={{ fontWeight: 500 }}>{t('result.lateConfirm')}</Typography>
            {t('result.lateConfirmRefund')}
          </Alert>
        )}
        {outcome === 'confirmed' && <Alert severity="success">{t('result.successText')}</Alert>}
        {outcome === 'pending' && <Alert severity="info">{t('result.pendingText')}</Alert>}
        {outcome === 'cancelled' && <Typography>{cardError || variant === 'cancel' ? t('result.cancelText') : t('result.expired')}</Typography>}
        {tx.error ? <Alert severity="error">{t(`errors:not-found`)}</Alert> : null}
        {status && (
          <Typography color="text.secondary" data-testid="payment-status" data-status={status}>
            {t('result.paymentStatus', { status: t(`transactions:orders.payment.${status}`) })}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          {transactionId && (
            <Link component={RouterLink} to={`/orders/${encodeURIComponent(transactionId)}`}>
              {t('result.viewOrder')}
            </Link>
          )}
          <Link component={RouterLink} to="/orders">
            {t('result.toOrders')}
          </Link>
          {!success && (
            <Link component={RouterLink} to="/carts">
              {t('result.toCarts')}
            </Link>
          )}
        </Box>
      </Stack>
    </Page>
  );
}
