import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Transaction } from '@harbor/contracts';
import { formatMoney } from '@harbor/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/i18n/format.ts';

/** A quote as the buyer weighs it (the customer quote dialog and the order page): price, delivery charge, total, validity, message. */
export function QuoteSummary({ transaction: tx }: { transaction: Transaction }) {
  const { t } = useTranslation('transactions');
  const quoted = tx.lineItems.find((li) => li.code === 'line-item/negotiated-total' && !li.reversal);
  const charge = tx.protectedData.negotiatedDeliveryCharge;
  const validUntil = tx.protectedData.validUntil;
  const expired = validUntil !== null && Date.parse(validUntil) <= Date.now();
  const row = (label: string, value: string) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography component="span">{label}</Typography>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box data-testid="quote-summary" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {quoted && row(t('dialogs.customerQuote.price'), formatMoney(quoted.lineTotal))}
      {charge && row(t('dialogs.customerQuote.deliveryCharge'), formatMoney(charge))}
      {row(t('dialogs.customerQuote.total'), formatMoney(tx.role === 'provider' ? tx.payoutTotal : tx.payinTotal))}
      {validUntil && (
        <Typography color={expired ? 'error' : 'text.secondary'} variant="body2">
          {expired ? t('dialogs.customerQuote.expired') : t('dialogs.customerQuote.validUntil', { date: formatDate(validUntil) })}
        </Typography>
      )}
    </Box>
  );
}
