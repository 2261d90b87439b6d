import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSessionStatus } from '../../auth/index.ts';
import { useSalesNotifications } from '../api/sales-notifications.ts';

/**
 * The top bar's sales notifications: how many sales wait for the seller, as
 * the current-user load fetched them (last transitions, page 1, 100 per
 * page). Opens the inbox (the sales tab). Shown only once that load answered
 * a figure above 0, so anonymous visitors and buyers without sales see
 * nothing. Texts from `common`: the shell loads no feature namespace. The
 * count is a plain styled span, not MUI's Badge, to keep the shell small.
 */
export function SalesBadge() {
  const { t } = useTranslation();
  const { data } = useSalesNotifications();
  // The figure of a signed-out session may still be cached; it is not shown.
  if (useSessionStatus() !== 'authenticated' || !data || data.count === 0) return null;
  const label = t('common:nav.salesNotificationsCount', { count: data.count });
  return (
    <IconButton color="inherit" component={RouterLink} to="/inbox" aria-label={label} title={label} data-testid="sales-badge" sx={{ position: 'relative' }}>
      <StorefrontIcon />
      <Box
        component="span"
        aria-hidden
        data-testid="sales-badge-count"
        sx={{
          position: 'absolute',
          top: 2,
          right: 0,
          minWidth: 18,
          height: 18,
          px: 0.5,
          borderRadius: 9,
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          fontSize: '0.7rem',
          fontWeight: 700,
          lineHeight: '18px',
          textAlign: 'center',
        }}
      >
        {data.count > 99 ? '99+' : data.count}
      </Box>
    </IconButton>
  );
}
