import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { portName } from '../../../shared/ports/ports.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { ListingCard } from '../../listings/components/listing-card.tsx';
import { imageUrl } from '../../listings/components/listing-image.ts';
import { ReviewSummary } from '../../reviews/index.ts';
import { useCurrentUser } from '../../users/index.ts';
import { useOrganization, useOrganizationPorts } from '../api/organizations-api.ts';

/** /organization/:id: profile, port offices and published listings. */
export function OrganizationPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data: me } = useCurrentUser();
  const { data: org, isPending, error } = useOrganization(id);
  const ports = useOrganizationPorts(id);
  if (isPending) return <Loading minHeight="50vh" />;
  if (error)
    return (
      <Page title={t('organizations:page.title')}>
        <ApiErrorAlert error={error} />
      </Page>
    );
  const member = me?.organization.id === org.id;
  const address = [org.address.street, [org.address.postalCode, org.address.city].filter(Boolean).join(' '), org.address.country].filter(Boolean).join(', ');
  return (
    <Page title={org.name} maxWidth="lg">
      {org.mainImage && <Box component="img" src={imageUrl(org.mainImage, 'scaled-large')} alt="" sx={{ width: '100%', maxHeight: 280, objectFit: 'cover', borderRadius: 1, mb: 3 }} />}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mb: 4 }}>
        {org.logo && <Box component="img" src={imageUrl(org.logo, 'square-small')} alt={t('organizations:page.logoAlt', { name: org.name })} sx={{ width: 120, height: 120, objectFit: 'contain' }} />}
        <Box sx={{ flexGrow: 1 }}>
          {org.shortDescription && <Typography variant="subtitle1" sx={{ mb: 1 }}>{org.shortDescription}</Typography>}
          {org.longDescription && <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{org.longDescription}</Typography>}
          <Box sx={{ mb: 1, ml: -1 }}>
            <ReviewSummary scope={{ organization_id: org.id }} title={org.name} />
          </Box>
          {member && (
            <Button component={RouterLink} to={`/organization/${org.id}/settings/profile`} variant="outlined">
              {t('organizations:page.edit')}
            </Button>
          )}
        </Box>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 260 }} component="section" aria-labelledby="org-contact">
          <Typography id="org-contact" variant="h3" component="h2" sx={{ mb: 1 }}>
            {t('organizations:page.contact')}
          </Typography>
          {address && <Typography variant="body2">{address}</Typography>}
          {org.businessId && <Typography variant="body2">{t('organizations:page.businessId', { id: org.businessId })}</Typography>}
          {org.email && <Typography variant="body2"><Link href={`mailto:${org.email}`}>{org.email}</Link></Typography>}
          {org.phone && <Typography variant="body2"><Link href={`tel:${org.phone.replace(/\s/g, '')}`}>{org.phone}</Link></Typography>}
          {org.websiteUrl && (
            <Typography variant="body2">
              <Link href={org.websiteUrl} target="_blank" rel="noopener noreferrer">{org.websiteUrl}</Link>
            </Typography>
          )}
          {org.operatingPorts.length > 0 && <Typography variant="body2" sx={{ mt: 1 }}>{t('organizations:page.ports', { ports: org.operatingPorts.map(portName).join(', ') })}</Typography>}
        </Paper>
      </Stack>
      {ports.data && ports.data.length > 0 && (
        <Box component="section" aria-labelledby="org-offices" sx={{ mb: 4 }}>
          <Typography id="org-offices" variant="h2" sx={{ mb: 2 }}>{t('organizations:page.offices')}</Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {ports.data.map((p) => (
              <Paper key={p.id} variant="outlined" sx={{ p: 2, minWidth: 240 }}>
                <Typography variant="subtitle1">{portName(p.port)}</Typography>
                {p.officeAddress && <Typography variant="body2">{p.officeAddress}</Typography>}
                <Typography variant="body2">{[p.street, [p.zip, p.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</Typography>
                {p.email && <Typography variant="body2">{p.email}</Typography>}
                {p.phone && <Typography variant="body2">{p.phone}</Typography>}
                {!p.hideMap && p.lat != null && p.lon != null && (
                  <Link href={`https://www.openstreetmap.org/?mlat=${p.lat}&mlon=${p.lon}#map=15/${p.lat}/${p.lon}`} target="_blank" rel="noopener noreferrer" variant="body2">
                    {t('organizations:page.showOnMap')}
                  </Link>
                )}
              </Paper>
            ))}
          </Stack>
        </Box>
      )}
      <Box component="section" aria-labelledby="org-listings">
        <Typography id="org-listings" variant="h2" sx={{ mb: 2 }}>{t('organizations:page.listings')}</Typography>
        {org.listings.length === 0 ? (
          <Alert severity="info">{t('organizations:page.noListings')}</Alert>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {org.listings.map((l) => <ListingCard key={l.id} listing={l} />)}
          </Box>
        )}
      </Box>
    </Page>
  );
}
