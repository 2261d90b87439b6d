import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CartProduct } from '@harbor/contracts';
import { formatMoney } from '@harbor/contracts/money-format';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { useRemoveCartProduct, useUpdateCartProduct } from '../api/carts-api.ts';
import { cartErrorTexts } from '../error-text.ts';
import { QuantityStepper } from './quantity-stepper.tsx';
import { AltAmount } from '../../forex/index.ts';

/**
 * One cart line as the mini cart and the cart page show it: the service, its
 * seller and time window, the quantity to change, the server's line total
 * (empty when the listing has no price) and a remove button; the cart page
 * adds its own `actions` (the time window). Placed lines are the cart's
 * record and cannot change.
 */
export function CartLine({ line, onNavigate, actions }: { line: CartProduct; onNavigate?: () => void; actions?: ReactNode }) {
  const { t } = useTranslation();
  const update = useUpdateCartProduct();
  const remove = useRemoveCartProduct();
  const locked = Boolean(line.placed);
  const busy = update.isPending || remove.isPending;
  const errors = [...cartErrorTexts(t, update.error), ...cartErrorTexts(t, remove.error)];
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="cart-line" aria-busy={busy}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Link component={RouterLink} to={`/l/${line.productId}`} onClick={onNavigate} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {line.name}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {line.sellerName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(line.delivery.startTime)} – {formatDateTime(line.delivery.endTime)}
          </Typography>
          {line.rfqRequired && <Typography variant="body2">{t('common:cartMenu.rfq')}</Typography>}
          {!line.orderable && !locked && <Typography variant="body2" color="error">{t('common:cartMenu.notOrderable')}</Typography>}
          {locked && <Typography variant="body2" color="success.main">{t('common:cartMenu.placed')}</Typography>}
        </Box>
        <Typography variant="subtitle2" sx={{ whiteSpace: 'nowrap' }} data-testid="cart-line-total">
          {line.price ? formatMoney({ amount: line.price.total, currency: line.price.currency }) : ''}
          {line.price && <AltAmount money={{ amount: line.price.total, currency: line.price.currency }} />}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ mt: 1, justifyContent: 'space-between', alignItems: 'flex-start' }}>
        {locked ? (
          <Typography variant="body2">{t('common:cartMenu.quantity', { quantity: line.quantity })}</Typography>
        ) : (
          <QuantityStepper
            value={line.quantity}
            min={line.minOrderAmount}
            name={line.name}
            disabled={busy}
            onCommit={(quantity) => update.mutate({ id: line.id, body: { quantity } })}
          />
        )}
        {!locked && actions}
        {!locked && (
          <IconButton aria-label={t('common:cartMenu.remove', { name: line.name })} title={t('common:cartMenu.remove', { name: line.name })} disabled={busy} onClick={() => remove.mutate(line)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {errors.map((text) => (
        <Alert key={text} severity="error" role="alert" sx={{ mt: 1 }}>
          {text}
        </Alert>
      ))}
    </Box>
  );
}
