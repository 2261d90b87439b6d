import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatMoney } from '@harbor/contracts/money-format';
import { PROCESSES, TRANSACTION_STATES, type TransactionState } from '@harbor/contracts/processes';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { SelectField } from '../../../shared/ui/select-field.tsx';
import { StateChip } from '../../transactions/index.ts';
import { useOperatorTransactions } from '../api/use-operator-transactions.ts';

/** A state's text from whichever process graph has it (the order graph first; a few states are RFQ-only). */
function stateLabel(state: TransactionState): string {
  return PROCESSES['harbor-order-simple'].states[state]?.label ?? PROCESSES['harbor-rfq-simple'].states[state]?.label ?? state;
}

/** Every transaction of the marketplace by state (`?state=`), newest first, each linking to its order page. */
export function TransactionsByState() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = TRANSACTION_STATES.find((s) => s === params.get('state'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useOperatorTransactions(state, page);

  function choose(value: string) {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set('state', value);
      else next.delete('state');
      next.delete('page');
      return next;
    });
  }

  return (
    <Box>
      <SelectField
        id="operator-state-filter"
        label={t('operator:transactions.state')}
        value={state ?? ''}
        onChange={(e) => choose(e.target.value)}
        displayEmpty
        sx={{ minWidth: 260, mb: 2 }}
        options={[{ value: '', label: t('operator:transactions.allStates') }, ...TRANSACTION_STATES.map((s) => ({ value: s, label: t(`transactions:${stateLabel(s)}`) }))]}
      />
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <ApiErrorAlert error={list.error} />
      ) : list.data.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4 }} role="status">
          {t('operator:transactions.empty')}
        </Typography>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t('operator:tabs.transactions')} aria-busy={list.isFetching}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('operator:transactions.order')}</TableCell>
                  <TableCell>{t('operator:transactions.listing')}</TableCell>
                  <TableCell>{t('operator:transactions.customer')}</TableCell>
                  <TableCell>{t('operator:transactions.provider')}</TableCell>
                  <TableCell>{t('operator:transactions.total')}</TableCell>
                  <TableCell>{t('operator:transactions.stateColumn')}</TableCell>
                  <TableCell>{t('operator:transactions.updated')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.data.map((tx) => (
                  <TableRow key={tx.id} data-testid="operator-transaction-row">
                    <TableCell>
                      <Link component={RouterLink} to={`/orders/${tx.id}`} sx={{ fontFamily: 'monospace' }} aria-label={t('operator:transactions.open', { id: tx.id.slice(0, 8) })}>
                        {tx.id.slice(0, 8)}
                      </Link>
                    </TableCell>
                    <TableCell>{tx.listing.title}</TableCell>
                    <TableCell>{[tx.customer.displayName, tx.customer.organization?.name].filter(Boolean).join(', ')}</TableCell>
                    <TableCell>{[tx.provider.displayName, tx.provider.organization?.name].filter(Boolean).join(', ')}</TableCell>
                    <TableCell>{formatMoney(tx.payinTotal)}</TableCell>
                    <TableCell>
                      <StateChip processAlias={tx.processAlias} state={tx.state} />
                    </TableCell>
                    <TableCell>{formatDateTime(tx.lastTransitionedAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pagination page={list.data.meta.page} totalPages={list.data.meta.totalPages} />
        </>
      )}
    </Box>
  );
}
