import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '@harbor/contracts/money-format';
import { formatDate } from '../../../shared/i18n/format.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { useOperatorDecision, useOperatorListings } from '../../listings/api/listings-api.ts';
import { canonicalListingPath } from '../../listings/paths.ts';
import { HeadRow } from '../../../shared/ui/head-row.tsx';

/** The operator console's listing-approval queue: pending listings, approve (publishes) or reject (back to draft). */
export function ListingsApproval() {
  const { t } = useTranslation();
  const { data, isPending, error } = useOperatorListings('pendingApproval');
  const decide = useOperatorDecision();
  if (isPending) return <Loading />;
  if (error) return <ApiErrorAlert error={error} />;
  if (data.data.length === 0) return <Alert severity="info">{t('listings:operator.empty')}</Alert>;
  return (
    <>
      <ApiErrorAlert error={decide.error} />
      <Table size="small" aria-label={t('listings:operator.tableLabel')}>
        <HeadRow
          cells={[
            t('listings:operator.listing'),
            t('listings:operator.organization'),
            t('listings:operator.price'),
            t('listings:operator.updated'),
            t('listings:operator.actions'),
          ]}
        />
        <TableBody>
          {data.data.map((l) => (
            <TableRow key={l.id}>
              <TableCell>
                <Link component={RouterLink} to={canonicalListingPath(l.id)}>
                  {l.title}
                </Link>
              </TableCell>
              <TableCell>{l.organization.name}</TableCell>
              <TableCell>{l.price ? formatMoney(l.price) : '—'}</TableCell>
              <TableCell>{formatDate(l.updatedAt)}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  <Button size="small" variant="contained" disabled={decide.isPending} onClick={() => decide.mutate({ id: l.id, decision: 'approve' })} aria-label={t('listings:operator.approveNamed', { title: l.title })}>
                    {t('listings:operator.approve')}
                  </Button>
                  <Button size="small" color="error" disabled={decide.isPending} onClick={() => decide.mutate({ id: l.id, decision: 'reject' })} aria-label={t('listings:operator.rejectNamed', { title: l.title })}>
                    {t('listings:operator.reject')}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
