import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * The top bar's sales notifications button: how many sales wait for the
 * seller; opens the inbox (the sales tab). Loaded by SalesBadge only when
 * there is a figure to show. Texts from `common`: the shell loads no
 * feature namespace. The count is a plain styled span, not MUI's Badge.
 */
export function SalesBadgeButton({ count }: { count: number }) {
  const { t } = useTranslation();
  const label = t('common:nav.salesNotificationsCount', { count });
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
        {count > 99 ? '99+' : count}
      </Box>
    </IconButton>
  );
}
