import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Cart } from '@harbor/contracts';
import { formatMoney } from '@harbor/contracts/money-format';
import { formatDate } from '../../../shared/i18n/format.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { useUpdateCart } from '../api/carts-api.ts';
import { shortCallId } from '../call-id.ts';
import { HeadRow } from '../../../shared/ui/head-row.tsx';

/** The user's carts: name, ship, port call, lines, total, created; open carts can be made the active one. */
export function CartsList({ carts }: { carts: Cart[] }) {
  const { t } = useTranslation('carts');
  const choose = useUpdateCart();
  return (
    <>
      <ApiErrorAlert error={choose.error} />
      <TableContainer>
        <Table size="small" aria-label={t('list.cartsTable')}>
          <HeadRow
            cells={[
              t('list.name'),
              t('list.ship'),
              t('list.portCall'),
              { label: t('list.lines'), align: 'right' },
              { label: t('list.total'), align: 'right' },
              t('list.created'),
              t('list.status'),
            ]}
          />
          <TableBody>
            {carts.map((cart) => (
              <TableRow key={cart.id} data-testid="carts-row" selected={cart.active}>
                <TableCell>
                  <Link component={RouterLink} to={`/single-cart/${cart.id}`}>
                    {cart.name}
                  </Link>
                </TableCell>
                <TableCell>
                  {cart.ship.name}
                  {cart.ship.imo ? ` (IMO ${cart.ship.imo})` : ''}
                </TableCell>
                <TableCell>{cart.portCall ? `${cart.portCall.portName} · ${shortCallId(cart.portCall.callId)}` : ''}</TableCell>
                <TableCell align="right">{cart.products.length}</TableCell>
                <TableCell align="right">{cart.total ? formatMoney(cart.total) : ''}</TableCell>
                <TableCell>{formatDate(cart.created)}</TableCell>
                <TableCell>
                  {cart.cartStatus === 'closed' ? (
                    <Chip size="small" label={t('status.closed')} />
                  ) : cart.active ? (
                    <Chip size="small" color="success" label={t('status.active')} />
                  ) : (
                    <Button size="small" disabled={choose.isPending} onClick={() => choose.mutate({ id: cart.id, body: { active: true } })} aria-label={t('list.makeActiveNamed', { name: cart.name })}>
                      {t('list.makeActive')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
