import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Transaction } from '@harbor/contracts';
import { formatMoney } from '@harbor/contracts/money-format';
import { HeadRow } from '../../../shared/ui/head-row.tsx';

const party = (p: Transaction['customer']) => [p.displayName, p.organization?.name].filter(Boolean).join(', ');

export interface TransactionsTableProps {
  label: string;
  busy: boolean;
  rows: Transaction[];
  rowTestId: string;
  /** Headers of the columns after the common ones (order, listing, customer, provider, total). */
  extraHeads: string[];
  /** Cells of those columns for one row, in the same order. */
  extraCells: (tx: Transaction) => ReactNode;
}

/** The operator's tables of orders: each row links to the order page, then the view's own columns. */
export function TransactionsTable({ label, busy, rows, rowTestId, extraHeads, extraCells }: TransactionsTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={label} aria-busy={busy}>
        <HeadRow
          cells={[
            t('operator:transactions.order'),
            t('operator:transactions.listing'),
            t('operator:transactions.customer'),
            t('operator:transactions.provider'),
            t('operator:transactions.total'),
            ...extraHeads,
          ]}
        />
        <TableBody>
          {rows.map((tx) => (
            <TableRow key={tx.id} data-testid={rowTestId}>
              <TableCell>
                <Link component={RouterLink} to={`/orders/${tx.id}`} sx={{ fontFamily: 'monospace' }} aria-label={t('operator:transactions.open', { id: tx.id.slice(0, 8) })}>
                  {tx.id.slice(0, 8)}
                </Link>
              </TableCell>
              <TableCell>{tx.listing.title}</TableCell>
              <TableCell>{party(tx.customer)}</TableCell>
              <TableCell>{party(tx.provider)}</TableCell>
              <TableCell>{formatMoney(tx.payinTotal)}</TableCell>
              {extraCells(tx)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
