import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AuditEntry } from '@harbor/contracts';
import { AUDIT_ACTIONS, type AuditAction } from '@harbor/contracts/audit-constants';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { SelectField } from '../../../shared/ui/select-field.tsx';
import { canonicalListingPath } from '../../listings/paths.ts';
import { useAudit } from '../api/use-audit.ts';
import { HeadRow } from '../../../shared/ui/head-row.tsx';

/** The action's i18n key (a dot would split the key). */
const actionKey = (action: AuditAction) => `operator:audit.actions.${action.replace('.', '_')}`;

function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  if (entry.targetType === 'transaction')
    return (
      <Link component={RouterLink} to={`/orders/${entry.targetId}`} sx={{ fontFamily: 'monospace' }}>
        {t('operator:audit.order', { id: entry.targetId.slice(0, 8) })}
      </Link>
    );
  if (entry.targetType === 'listing')
    return (
      <Link component={RouterLink} to={canonicalListingPath(entry.targetId)}>
        {entry.targetLabel ?? entry.targetId.slice(0, 8)}
      </Link>
    );
  // A user's label is cleared when the account is deleted.
  return <>{entry.targetLabel ?? t('operator:account.deletedUser')}</>;
}

/** Who did what to whom, when and why: every operator action, newest first, filterable by action (`?action=`). */
export function AuditList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const action = AUDIT_ACTIONS.find((a) => a === params.get('action'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const audit = useAudit(action, page);

  function choose(value: string) {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set('action', value);
      else next.delete('action');
      next.delete('page');
      return next;
    });
  }

  return (
    <Box>
      <SelectField
        id="operator-audit-filter"
        label={t('operator:audit.action')}
        value={action ?? ''}
        onChange={(e) => choose(e.target.value)}
        displayEmpty
        sx={{ minWidth: 260, mb: 2 }}
        options={[{ value: '', label: t('operator:audit.allActions') }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(actionKey(a)) }))]}
      />
      {audit.isPending ? (
        <Loading />
      ) : audit.error ? (
        <ApiErrorAlert error={audit.error} />
      ) : audit.data.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4 }} role="status">
          {t('operator:audit.empty')}
        </Typography>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t('operator:tabs.audit')} aria-busy={audit.isFetching}>
              <HeadRow
                cells={[t('operator:audit.when'), t('operator:audit.who'), t('operator:audit.action'), t('operator:audit.target'), t('operator:audit.reason')]}
              />
              <TableBody>
                {audit.data.data.map((entry) => (
                  <TableRow key={entry.id} data-testid="audit-row" data-action={entry.action}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</TableCell>
                    <TableCell>{entry.actor ? entry.actor.email || entry.actor.displayName : t('operator:audit.unknownActor')}</TableCell>
                    <TableCell>{t(actionKey(entry.action))}</TableCell>
                    <TableCell>
                      <Target entry={entry} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-wrap', maxWidth: 360 }}>{entry.reason ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pagination page={audit.data.meta.page} totalPages={audit.data.meta.totalPages} />
        </>
      )}
    </Box>
  );
}
