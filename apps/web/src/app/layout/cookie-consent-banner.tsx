import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { acceptCookies, hasCookieConsent } from './cookie-consent.ts';

export function CookieConsentBanner() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(hasCookieConsent);
  if (accepted) return null;
  return (
    <Paper
      component="section"
      aria-label={t('common:cookies.label')}
      elevation={6}
      square
      // Under drawers and dialogs (they must stay usable), above the page.
      sx={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.drawer - 1, p: 2 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, maxWidth: 1200, mx: 'auto' }}>
        <Typography variant="body2" sx={{ flex: 1 }}>
          {t('common:cookies.text')}{' '}
          <Link component={RouterLink} to="/privacy-policy">
            {t('common:cookies.more')}
          </Link>
        </Typography>
        <Button
          variant="contained"
          onClick={() => {
            acceptCookies();
            setAccepted(true);
          }}
        >
          {t('common:cookies.accept')}
        </Button>
      </Stack>
    </Paper>
  );
}
