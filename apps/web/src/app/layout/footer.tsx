import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Company details are static (seller spec, other screens); the texts around them are translated. */
const COMPANY = {
  name: 'Harbor Oy',
  businessId: '3141592-6',
  street: 'Satamakaari 1',
  city: '00980 Helsinki',
  supportEmail: 'support@harbor.test',
};

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ bgcolor: 'grey.100', borderTop: 1, borderColor: 'divider', mt: 'auto', py: 4 }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="subtitle2" component="p">
              {COMPANY.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('common:footer.businessId')}: {COMPANY.businessId}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {COMPANY.street}, {COMPANY.city}
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="p">
              {t('common:footer.support')}
            </Typography>
            <Link href={`mailto:${COMPANY.supportEmail}`} variant="body2">
              {COMPANY.supportEmail}
            </Link>
          </Box>
          <Stack component="nav" aria-label={t('common:footer.label')} spacing={0.5}>
            <Link component={RouterLink} to="/about" variant="body2">
              {t('common:nav.about')}
            </Link>
            <Link component={RouterLink} to="/terms-of-service" variant="body2">
              {t('common:footer.terms')}
            </Link>
            <Link component={RouterLink} to="/privacy-policy" variant="body2">
              {t('common:footer.privacy')}
            </Link>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
