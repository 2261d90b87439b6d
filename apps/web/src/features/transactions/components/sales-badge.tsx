import StorefrontIcon from '@mui/icons-material/Storefront';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CountDot } from '../../../shared/ui/count-dot.tsx';

/**
 * The top bar's sales notifications button: how many sales wait for the
 * seller; opens the inbox (the sales tab). Loaded by SalesBadge only when
 * there is a figure to show. Texts from `common`: the shell loads no
 * feature namespace.
 */
export function SalesBadgeButton({ count }: { count: number }) {
  const { t } = useTranslation();
  const label = t('common:nav.salesNotificationsCount', { count });
  return (
    <IconButton color="inherit" component={RouterLink} to="/inbox" aria-label={label} title={label} data-testid="sales-badge" sx={{ position: 'relative' }}>
      <StorefrontIcon />
      <CountDot count={count} testId="sales-badge-count" />
    </IconButton>
  );
}
