import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Cart } from '@harbor/contracts';
import { shortCallId } from '../call-id.ts';

/** Ship (name and IMO) and port call of a cart, as a description list. */
export function CartSummary({ cart }: { cart: Pick<Cart, 'ship' | 'portCall'> }) {
  const { t } = useTranslation('carts');
  const rows: [string, string, string][] = [
    [t('summary.ship'), cart.ship.name, 'cart-ship'],
    [t('summary.imo'), cart.ship.imo ? String(cart.ship.imo) : t('summary.noImo'), 'cart-imo'],
    [t('summary.portCall'), cart.portCall ? `${cart.portCall.portName} · ${shortCallId(cart.portCall.callId)}` : t('summary.noPortCall'), 'cart-port-call-summary'],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map(([label, value, testId]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
