import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Transaction } from '@harbor/contracts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { useOperatorTransactions } from '../api/use-operator-transactions.ts';
import { useResolveDispute, type DisputeOutcome } from '../api/use-resolve-dispute.ts';
import { ResolveDisputeDialog } from './resolve-dispute-dialog.tsx';
import { TransactionsTable } from './transactions-table.tsx';

/**
 * Open disputes: every disputed order, newest first, with the buyer's reason,
 * a link to the order (its thread and attachments) and the two ways to close
 * it: complete or cancel, each with a comment both parties see.
 */
export function OpenDisputes() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useOperatorTransactions('disputed', page);
  const resolve = useResolveDispute();
  const [target, setTarget] = useState<{ tx: Transaction; outcome: DisputeOutcome } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function open(tx: Transaction, outcome: DisputeOutcome) {
    resolve.reset();
    setDone(null);
    setTarget({ tx, outcome });
  }

  if (list.isPending) return <Loading />;
  if (list.error) return <ApiErrorAlert error={list.error} />;
  return (
    <Box>
      {done && (
        <Typography role="status" color="success.main" sx={{ mb: 2 }}>
          {done}
        </Typography>
      )}
      {list.data.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4 }} role="status">
          {t('operator:disputes.empty')}
        </Typography>
      ) : (
        <>
          <TransactionsTable
            label={t('operator:tabs.disputes')}
            busy={list.isFetching}
            rows={list.data.data}
            rowTestId="dispute-row"
            extraHeads={[t('operator:disputes.reason'), t('operator:disputes.since'), t('operator:disputes.actions')]}
            extraCells={(tx) => (
              <>
                <TableCell sx={{ whiteSpace: 'pre-wrap', maxWidth: 360 }}>{tx.protectedData.reason ?? '—'}</TableCell>
                <TableCell>{formatDateTime(tx.lastTransitionedAt)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Button size="small" variant="outlined" onClick={() => open(tx, 'complete')}>
                      {t('operator:disputes.complete.action')}
                    </Button>
                    <Button size="small" variant="outlined" color="error" onClick={() => open(tx, 'cancel')}>
                      {t('operator:disputes.cancel.action')}
                    </Button>
                  </Stack>
                </TableCell>
              </>
            )}
          />
          <Pagination page={list.data.meta.page} totalPages={list.data.meta.totalPages} />
        </>
      )}
      <ResolveDisputeDialog
        open={target !== null}
        outcome={target?.outcome ?? 'complete'}
        orderLabel={target ? `${target.tx.id.slice(0, 8)} (${target.tx.listing.title})` : ''}
        busy={resolve.isPending}
        error={resolve.error}
        onCancel={() => setTarget(null)}
        onConfirm={(comment) => {
          if (!target) return;
          const { tx, outcome } = target;
          resolve.mutate(
            { id: tx.id, outcome, comment },
            {
              onSuccess: () => {
                setTarget(null);
                setDone(t(`operator:disputes.${outcome}.done`, { order: tx.id.slice(0, 8) }));
              },
            },
          );
        }}
      />
    </Box>
  );
}
