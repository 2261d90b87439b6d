import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** A row's unread messages: a small figure with the full text for screen readers and on hover. */
export function UnreadCount({ count }: { count: number | undefined }) {
  const { t } = useTranslation('messages');
  if (!count) return null;
  const label = t('unread.badge', { count });
  return (
    <Box
      component="span"
      title={label}
      aria-label={label}
      data-testid="unread-count"
      sx={{ display: 'inline-block', ml: 1, px: 0.75, minWidth: 20, borderRadius: 10, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: '0.75rem', lineHeight: '20px', textAlign: 'center', fontWeight: 600 }}
    >
      {count}
    </Box>
  );
}
