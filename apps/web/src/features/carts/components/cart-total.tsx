import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Cart } from '@harbor/contracts';
import { VAT_PERCENT, formatMoney } from '@harbor/contracts/money-format';
import { AltAmount } from '../../forex/index.ts';

/** The cart's total of unplaced lines as the server summed it (0 % VAT); empty when a line has no price (buyer spec section 8). */
export function CartTotal({ cart }: { cart: Pick<Cart, 'total'> }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography variant="subtitle1">{t('common:cartMenu.total', { percent: VAT_PERCENT })}</Typography>
      <Typography variant="h6" component="p" data-testid="cart-total">
        {cart.total ? formatMoney(cart.total) : ''}
        {/* The EUR total is the sum; the other currency converts that sum once, never a sum of converted lines. */}
        {cart.total && <AltAmount money={cart.total} />}
      </Typography>
    </Stack>
  );
}
