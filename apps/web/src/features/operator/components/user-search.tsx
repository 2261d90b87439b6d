import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { OperatorUserRow } from '@harbor/contracts';
import { formatDate } from '../../../shared/i18n/format.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { SelectField } from '../../../shared/ui/select-field.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { useModerateUser, type ModerationAction } from '../api/use-moderate-user.ts';
import { useOperatorUsers } from '../api/use-operator-users.ts';
import { AccountChip } from './account-chip.tsx';
import { LazyModerationDialog } from './lazy-moderation-dialog.tsx';
import { HeadRow } from '../../../shared/ui/head-row.tsx';

const ACCOUNT_FILTERS = ['', 'active', 'banned', 'deleted'] as const;
const SEARCH_DEBOUNCE_MS = 300;

/** The actions a row offers: nothing for a deleted account, unban for a banned one, ban otherwise; delete for any live one. */
function actionsFor(user: OperatorUserRow, selfId: string): ModerationAction[] {
  if (user.deleted || user.id === selfId) return [];
  return user.banned ? ['unban', 'delete'] : ['ban', 'delete'];
}

/**
 * The users section: search by name, e-mail or organization (`?q=`, typed text
 * debounced), filter by account state (`?account=`), page through (`?page=`),
 * and ban, unban or delete with a confirmation. Filters live in the URL, so a
 * search can be reloaded and linked.
 */
export function UserSearch({ selfId }: { selfId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const account = ACCOUNT_FILTERS.find((a) => a === params.get('account')) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const users = useOperatorUsers({ q, account: account || undefined, page });
  const moderate = useModerateUser();
  const [pending, setPending] = useState<{ user: OperatorUserRow; action: ModerationAction } | null>(null);

  // The typed text reaches the URL (and the server) once typing pauses; a new search starts at page 1.
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (text.trim()) next.set('q', text.trim());
        else next.delete('q');
        next.delete('page');
        return next;
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  function setAccount(value: string) {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set('account', value);
      else next.delete('account');
      next.delete('page');
      return next;
    });
  }

  function open(user: OperatorUserRow, action: ModerationAction) {
    moderate.reset();
    setPending({ user, action });
  }

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextInput
          id="operator-user-search"
          label={t('operator:users.search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          type="search"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <SelectField
          id="operator-account-filter"
          label={t('operator:users.accountFilter')}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          displayEmpty
          sx={{ minWidth: 200 }}
          options={ACCOUNT_FILTERS.map((a) => ({ value: a, label: t(a ? `operator:account.${a}` : 'operator:users.allAccounts') }))}
        />
      </Stack>
      <UsersResult users={users} onAction={open} selfId={selfId} />
      <LazyModerationDialog
        open={pending !== null}
        user={pending?.user ?? null}
        action={pending?.action ?? 'ban'}
        busy={moderate.isPending}
        error={moderate.error}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => {
          if (!pending) return;
          moderate.mutate({ id: pending.user.id, action: pending.action, reason: reason || undefined }, { onSuccess: () => setPending(null) });
        }}
      />
    </Box>
  );
}

function UsersResult({
  users,
  onAction,
  selfId,
}: {
  users: ReturnType<typeof useOperatorUsers>;
  onAction: (user: OperatorUserRow, action: ModerationAction) => void;
  selfId: string;
}) {
  const { t } = useTranslation();
  if (users.isPending) return <Loading />;
  if (users.error) return <ApiErrorAlert error={users.error} />;
  const { data, meta } = users.data;
  if (data.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 4 }} role="status">
        {t('operator:users.empty')}
      </Typography>
    );
  return (
    <>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
        {t('operator:users.count', { count: meta.totalItems })}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('operator:tabs.users')} aria-busy={users.isFetching}>
          <HeadRow
            cells={[
              t('operator:columns.name'),
              t('operator:columns.company'),
              t('operator:columns.account'),
              t('operator:columns.registered'),
              t('operator:columns.actions'),
            ]}
          />
          <TableBody>
            {data.map((user) => (
              <TableRow key={user.id} data-email={user.email} data-testid="operator-user-row">
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {user.deleted ? t('operator:account.deletedUser') : `${user.firstName} ${user.lastName}`}
                  </Typography>
                  {!user.deleted && (
                    <Typography variant="body2" color="text.secondary">
                      {user.email}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{user.companyName}</TableCell>
                <TableCell>
                  <AccountChip user={user} />
                </TableCell>
                <TableCell>{formatDate(user.createdAt)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    {actionsFor(user, selfId).map((action) => (
                      <Button
                        key={action}
                        size="small"
                        variant={action === 'delete' ? 'text' : 'outlined'}
                        color={action === 'unban' ? 'primary' : 'error'}
                        onClick={() => onAction(user, action)}
                        onMouseEnter={LazyModerationDialog.preload}
                        onFocus={LazyModerationDialog.preload}
                        aria-label={t(`operator:moderation.${action}.named`, { email: user.email })}
                      >
                        {t(`operator:moderation.${action}.button`)}
                      </Button>
                    ))}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pagination page={meta.page} totalPages={meta.totalPages} />
    </>
  );
}
