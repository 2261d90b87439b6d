import DirectionsBoatIcon from '@mui/icons-material/DirectionsBoat';
import MapIcon from '@mui/icons-material/Map';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { REVIEW_HOURS } from '@harbor/contracts/constants';
import { useSessionStatus } from '../../auth/index.ts';

const CARDS = [
  { key: 'portServices', to: '/port-services', icon: <StorefrontIcon fontSize="large" color="primary" /> },
  { key: 'portCalls', to: '/portcalls', icon: <DirectionsBoatIcon fontSize="large" color="primary" /> },
  { key: 'map', to: '/map', icon: <MapIcon fontSize="large" color="primary" /> },
] as const;

/** Cards to port companies, port calls and the map; the about-us link opens in a new tab as in the original. */
export function LandingPage() {
  const { t } = useTranslation();
  const status = useSessionStatus();
  useEffect(() => {
    document.title = t('common:appName');
  }, [t]);
  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 6, md: 10 } }}>
        <Container maxWidth="lg">
          <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' }, mb: 2 }}>
            {t('site:landing.title')}
          </Typography>
          <Typography sx={{ fontSize: '1.15rem', maxWidth: 720, mb: 4 }}>{t('site:landing.lead')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {status !== 'authenticated' && (
              <Button component={RouterLink} to="/signup" variant="contained" color="secondary" size="large">
                {t('site:landing.signup')}
              </Button>
            )}
            <Link href="/about" target="_blank" rel="noopener" color="inherit" sx={{ alignSelf: 'center' }}>
              {t('site:landing.aboutUs')}
            </Link>
          </Stack>
          {status !== 'authenticated' && (
            <Typography variant="body2" sx={{ mt: 2, opacity: 0.85 }}>
              {t('site:landing.review', { hours: REVIEW_HOURS })}
            </Typography>
          )}
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Grid container spacing={3}>
          {CARDS.map((card) => (
            <Grid key={card.key} size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={card.to} sx={{ height: '100%' }}>
                  <CardContent>
                    {card.icon}
                    <Typography variant="h3" component="h2" sx={{ my: 1 }}>
                      {t(`site:landing.cards.${card.key}.title`)}
                    </Typography>
                    <Typography color="text.secondary">{t(`site:landing.cards.${card.key}.text`)}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </>
  );
}
