import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { maskToRoles } from '@harbor/contracts/roles';
import type { OperatorUserRow, UserStatus } from '@harbor/contracts';
import { formatDate } from '../../../shared/i18n/format.ts';
import { portName } from '../../../shared/ports/ports.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { useApproveUser } from '../api/use-approve-user.ts';
import { useOperatorUsers } from '../api/use-operator-users.ts';
import { useRejectUser } from '../api/use-reject-user.ts';
import { AccountChip } from './account-chip.tsx';
import { RejectDialog } from './reject-dialog.tsx';
import { HeadRow } from '../../../shared/ui/head-row.tsx';

const ACTIONS = [
  { key: 'approve', variant: 'contained' },
  { key: 'approveLimited', variant: 'outlined' },
  { key: 'reject', variant: 'text' },
] as const;

/** Registrations in one state; pending rows can be approved (fully or as limited user) or rejected. */
export function UsersTable({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const users = useOperatorUsers({ status, page });
  const approve = useApproveUser();
  const reject = useRejectUser();
  const [rejecting, setRejecting] = useState<OperatorUserRow | null>(null);
  const busyId = approve.isPending ? approve.variables?.id : reject.isPending ? reject.variables?.id : undefined;

  if (users.isPending) return <Loading />;
  if (users.error) return <ApiErrorAlert error={users.error} />;
  if (users.data.data.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 4 }} role="status">
        {t(`operator:empty.${status}`)}
      </Typography>
    );

  return (
    <>
      <ApiErrorAlert error={approve.error ?? reject.error} />
      <TableContainer>
        <Table size="small" aria-label={t(`operator:tabs.${status}`)}>
          <HeadRow
            cells={[
              t('operator:columns.name'),
              t('operator:columns.company'),
              t('operator:columns.roles'),
              t('operator:columns.port'),
              t('operator:columns.registered'),
              status !== 'pending' && t('operator:columns.account'),
              status === 'pending' && t('operator:columns.actions'),
            ]}
          />
          <TableBody>
            {users.data.data.map((user) => (
              <TableRow key={user.id} data-email={user.email}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {user.firstName} {user.lastName}
                  </Typography>
                  <Link href={`mailto:${user.email}`} variant="body2">
                    {user.email}
                  </Link>
                  {user.phone && (
                    <Typography variant="body2" color="text.secondary">
                      {user.phone}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{user.companyName}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {user.businessId}
                  </Typography>
                  {user.webAddress && (
                    <Link href={user.webAddress} target="_blank" rel="noopener noreferrer" variant="body2">
                      {user.webAddress}
                    </Link>
                  )}
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                    {maskToRoles(user.roles).map((role) => (
                      <Chip key={role} size="small" label={t(`users:roles.${role}`)} />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell>{portName(user.defaultPort)}</TableCell>
                <TableCell>{formatDate(user.createdAt)}</TableCell>
                {status !== 'pending' && (
                  <TableCell>
                    <AccountChip user={user} />
                  </TableCell>
                )}
                {status === 'pending' && (
                  <TableCell>
                    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1}>
                      {ACTIONS.map((action) => (
                        <Button
                          key={action.key}
                          size="small"
                          variant={action.variant}
                          color={action.key === 'reject' ? 'error' : 'primary'}
                          disabled={busyId === user.id}
                          onClick={() => (action.key === 'reject' ? setRejecting(user) : approve.mutate({ id: user.id, limited: action.key === 'approveLimited' }))}
                          aria-label={t(`operator:actions.${action.key}User`, { email: user.email })}
                        >
                          {t(`operator:actions.${action.key}`)}
                        </Button>
                      ))}
                    </Stack>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pagination page={users.data.meta.page} totalPages={users.data.meta.totalPages} />
      <RejectDialog
        user={rejecting}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => {
          if (!rejecting) return;
          reject.mutate({ id: rejecting.id, reason: reason || undefined }, { onSuccess: () => setRejecting(null) });
        }}
      />
    </>
  );
}
