import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableRow from '@mui/material/TableRow';
import type { Transaction } from '@harbor/contracts';
import { formatMoney } from '@harbor/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { AltAmount } from '../../forex/index.ts';
import { HeadRow } from '../../../shared/ui/head-row.tsx';

/** The line items the caller's side sees (includeFor), reversals marked, and the caller's total. */
export function LineItemsTable({ transaction: tx }: { transaction: Transaction }) {
  const { t } = useTranslation('transactions');
  const side = tx.role === 'provider' ? 'provider' : 'customer';
  const items = tx.lineItems.filter((li) => tx.role === 'operator' || li.includeFor.includes(side));
  const totals = tx.role === 'operator' ? (['payinTotal', 'payoutTotal'] as const) : side === 'provider' ? (['payoutTotal'] as const) : (['payinTotal'] as const);
  return (
    <Table size="small" aria-label={t('lineItems.label')}>
      <HeadRow
        cells={[
          t('lineItems.code'),
          { label: t('lineItems.quantity'), align: 'right' },
          { label: t('lineItems.unitPrice'), align: 'right' },
          { label: t('lineItems.lineTotal'), align: 'right' },
        ]}
      />
      <TableBody>
        {items.map((li, i) => (
          <TableRow key={`${li.code}-${i}`} data-testid="line-item" sx={li.reversal ? { '& td': { color: 'text.secondary' } } : undefined}>
            <TableCell>
              {t(`lineItems.codes.${li.code}`)}
              {li.reversal && ` (${t('lineItems.reversal')})`}
            </TableCell>
            <TableCell align="right">{li.quantity ?? (li.percentage !== null ? `${li.percentage} %` : '')}</TableCell>
            <TableCell align="right">{formatMoney(li.unitPrice)}</TableCell>
            <TableCell align="right">{formatMoney(li.lineTotal)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        {totals.map((key) => (
          <TableRow key={key}>
            <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
              {t(`lineItems.${key}`)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid={key}>
              {formatMoney(tx[key])}
              <AltAmount money={tx[key]} />
            </TableCell>
          </TableRow>
        ))}
      </TableFooter>
    </Table>
  );
}
