import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Transaction } from '@harbor/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiRequestError } from '../../../shared/api-client/index.ts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { AttachmentsPanel, MessageThread } from '../../messages/index.ts';
import { OrderPaymentNote } from '../../payments/index.ts';
import { useTransaction } from '../api/transactions-api.ts';
import { LineItemsTable } from '../components/line-items-table.tsx';
import { shortId } from '../components/order-row.ts';
import { QuoteSummary } from '../components/quote-summary.tsx';
import { StateChip } from '../components/state-chip.tsx';
import { TransitionHistory } from '../components/transition-history.tsx';
import { WorkflowActions } from '../components/workflow-actions.tsx';

/** /orders/:id (and /sale/:id): the order with its state, workflow, price and history, for whichever side the caller is. */
export function OrderPage() {
  const { t } = useTranslation('transactions');
  const { id } = useParams();
  const { data: tx, isPending, error } = useTransaction(id);
  const title = t('order.title', { id: shortId(id ?? '') });
  if (isPending) return <Page title={title}><Loading /></Page>;
  if (error || !tx) {
    const missing = isApiRequestError(error) && (error.status === 404 || error.status === 403);
    return (
      <Page title={title}>
        <Alert severity="error" role="alert">
          {t(missing ? 'order.notFound' : 'order.loadFailed')}
        </Alert>
        <BackLink sale={false} />
      </Page>
    );
  }
  return <OrderView tx={tx} title={title} />;
}

function BackLink({ sale }: { sale: boolean }) {
  const { t } = useTranslation('transactions');
  return (
    <Link component={RouterLink} to={sale ? '/orders?only=sale' : '/orders'} sx={{ display: 'inline-block', mt: 2 }}>
      {t('order.back')}
    </Link>
  );
}

function OrderView({ tx, title }: { tx: Transaction; title: string }) {
  const { t } = useTranslation('transactions');
  const sale = tx.role === 'provider';
  const other = sale ? tx.customer : tx.provider;
  const pd = tx.protectedData;
  const address = pd.deliveryAddress ? [pd.deliveryAddress.street, pd.deliveryAddress.postalCode, pd.deliveryAddress.city].filter(Boolean).join(', ') : '';
  const details: [string, ReactNode][] = [
    [t('order.quantity'), `${tx.quantity}`],
    [t('order.ship'), pd.shipName ?? ''],
    [t('order.portCall'), [pd.portCallId, pd.portName].filter(Boolean).join(' · ')],
    [t('order.cart'), pd.cartName ?? ''],
    [t('order.deliveryWindow'), `${formatDateTime(tx.booking.displayStart)} – ${formatDateTime(tx.booking.displayEnd)}`],
    [t('order.deliveryAddress'), address],
    [t('order.payment'), t(`orders.payment.${pd.paymentStatus}`)],
    [t('order.createdBy'), tx.customer.displayName],
    [t('order.created'), formatDateTime(tx.createdAt)],
  ];
  return (
    <Page title={title} maxWidth="lg">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
        <StateChip processAlias={tx.processAlias} state={tx.state} size="medium" />
        <Typography>
          {t(sale ? 'order.sale' : 'order.purchase', { company: other.organization?.name ?? other.displayName })}
          {': '}
          {tx.listing.deleted ? (
            tx.listing.title
          ) : (
            <Link component={RouterLink} to={`/l/${tx.listing.id}`}>
              {tx.listing.title}
            </Link>
          )}
        </Typography>
      </Box>
      <OrderPaymentNote transaction={tx} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
              {t('order.details')}
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
              {details
                .filter(([, value]) => value !== '')
                .map(([label, value]) => (
                  <Box key={label} sx={{ display: 'contents' }}>
                    <Typography component="dt" color="text.secondary">
                      {label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {value}
                    </Typography>
                  </Box>
                ))}
            </Box>
            {pd.deliveryNotes && (
              <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{pd.deliveryNotes}</Typography>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {t('order.lineItemsTitle')}
            </Typography>
            <LineItemsTable transaction={tx} />
          </Paper>
          <MessageThread transactionId={tx.id} role={tx.role} />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          {pd.validUntil && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
                {t('order.quote')}
              </Typography>
              <QuoteSummary transaction={tx} />
            </Paper>
          )}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
              {t('order.actionsLabel')}
            </Typography>
            <WorkflowActions transaction={tx} />
          </Paper>
          <AttachmentsPanel transactionId={tx.id} userId={tx.role === 'customer' ? tx.customer.id : tx.role === 'provider' ? tx.provider.id : null} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('order.historyTitle')}
            </Typography>
            <TransitionHistory transaction={tx} />
          </Paper>
        </Box>
      </Box>
      <BackLink sale={sale} />
    </Page>
  );
}
