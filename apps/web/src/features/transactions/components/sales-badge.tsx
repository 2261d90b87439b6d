import StorefrontIcon from '@mui/icons-material/Storefront';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSessionStatus } from '../../auth/index.ts';
import { useSalesNotifications } from '../api/transactions-api.ts';

/**
 * The top bar's sales notifications: how many sales wait for the seller, as
 * the current-user load fetched them (last transitions, page 1, 100 per
 * page). Opens the inbox (the sales tab). Shown only once that load answered,
 * so anonymous visitors and buyers without sales see nothing. Texts from
 * `common`: the shell loads no feature namespace.
 */
export function SalesBadge() {
  const { t } = useTranslation();
  const { data } = useSalesNotifications();
  // The figure of a signed-out session may still be cached; it is not shown.
  if (useSessionStatus() !== 'authenticated' || !data || data.count === 0) return null;
  const label = t('common:nav.salesNotificationsCount', { count: data.count });
  return (
    <IconButton color="inherit" component={RouterLink} to="/inbox" aria-label={label} title={label} data-testid="sales-badge">
      <Badge badgeContent={data.count} max={99} color="secondary">
        <StorefrontIcon />
      </Badge>
    </IconButton>
  );
}
