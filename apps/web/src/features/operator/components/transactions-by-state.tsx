import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PROCESSES, TRANSACTION_STATES, type TransactionState } from '@harbor/contracts/processes';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { SelectField } from '../../../shared/ui/select-field.tsx';
import { StateChip } from '../../transactions/index.ts';
import { useOperatorTransactions } from '../api/use-operator-transactions.ts';
import { TransactionsTable } from './transactions-table.tsx';

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
          <TransactionsTable
            label={t('operator:tabs.transactions')}
            busy={list.isFetching}
            rows={list.data.data}
            rowTestId="operator-transaction-row"
            extraHeads={[t('operator:transactions.stateColumn'), t('operator:transactions.updated')]}
            extraCells={(tx) => (
              <>
                <TableCell>
                  <StateChip processAlias={tx.processAlias} state={tx.state} />
                </TableCell>
                <TableCell>{formatDateTime(tx.lastTransitionedAt)}</TableCell>
              </>
            )}
          />
          <Pagination page={list.data.meta.page} totalPages={list.data.meta.totalPages} />
        </>
      )}
    </Box>
  );
}
