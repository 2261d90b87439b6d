import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMoney } from '@harbor/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { AttachmentLink, UnreadCount } from '../../messages/index.ts';
import { shortId, type OrderRow } from './order-row.ts';
import { StateChip } from './state-chip.tsx';
import { AltAmount } from '../../forex/index.ts';

const COLUMNS = ['id', 'type', 'company', 'item', 'portCall', 'ship', 'quantity', 'price', 'status', 'created', 'payment', 'notes', 'delivery', 'attachments'] as const;

/** Every field of the spec's Order row; the order id links to the order page (keyboard: Tab to it, Enter). */
export function OrdersTable({ rows, unread }: { rows: readonly OrderRow[]; unread?: Readonly<Record<string, number>> }) {
  const { t } = useTranslation('transactions');
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('orders.tableLabel')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c} align={c === 'quantity' || c === 'price' || c === 'delivery' ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                {t(`orders.columns.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover data-testid="order-row" data-id={row.id} data-state={row.state}>
              <TableCell>
                <Link component={RouterLink} to={`/orders/${row.id}`} aria-label={t('orders.open', { id: shortId(row.id) })} sx={{ fontFamily: 'monospace' }}>
                  {shortId(row.id)}
                </Link>
                <UnreadCount count={unread?.[row.id]} />
              </TableCell>
              <TableCell>{t(row.type === 'sale' ? 'roles.saleRow' : 'roles.purchase')}</TableCell>
              <TableCell>{row.company}</TableCell>
              <TableCell>{row.item}</TableCell>
              <TableCell>{row.portCallId ?? ''}</TableCell>
              <TableCell>{row.shipName ?? ''}</TableCell>
              <TableCell align="right">{row.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.price)}
                <AltAmount money={row.price} />
              </TableCell>
              <TableCell>
                <StateChip processAlias={row.processAlias} state={row.state} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`orders.payment.${row.paymentStatus}`)}</TableCell>
              <TableCell sx={{ maxWidth: 240, overflowWrap: 'anywhere' }}>{row.buyerNotes ?? ''}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {row.deliveryCost ? formatMoney(row.deliveryCost) : t('orders.noDeliveryCost')}
                <br />
                <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8em' }}>
                  {t(`orders.methods.${row.deliveryMethod}`)}
                </Box>
              </TableCell>
              <TableCell>
                <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
                  {row.attachments.map((a) => (
                    <AttachmentLink key={a.url} attachment={a} />
                  ))}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
