import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLimitedOnly } from '@harbor/contracts/roles';
import { useLogout } from '../../features/auth/index.ts';
import { useCurrentUser } from '../../features/users/index.ts';

/** For a user whose only scope is `limited`, on every page except the search page /s (tracking.md section 6). */
export function LimitedBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  if (!user || !isLimitedOnly(user.scopes) || pathname === '/s') return null;
  return (
    <Alert
      severity="warning"
      square
      role="status"
      action={
        <Button color="inherit" size="small" onClick={() => logout.mutate()} disabled={logout.isPending}>
          {t('common:account.logout')}
        </Button>
      }
    >
      {t('common:limitedBanner', { name: `${user.firstName} ${user.lastName}`.trim() })}
    </Alert>
  );
}
