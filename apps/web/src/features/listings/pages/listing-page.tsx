import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import type { Listing } from '@harbor/contracts';
import { errorCodeOf } from '../../../shared/api-client/index.ts';
import { portName } from '../../../shared/ports/ports.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { useSessionStatus } from '../../auth/index.ts';
import { ReviewSummary } from '../../reviews/index.ts';
import { useListing } from '../api/listings-api.ts';
import { DEFAULT_IMAGE, imageUrl } from '../components/listing-image.ts';
import { OrderPanel } from '../components/order-panel.tsx';
import { WorkingHoursTable } from '../components/working-hours-table.tsx';
import { canonicalListingPath } from '../paths.ts';

// Below the fold: the alternatives' cards load after the page (the listing route is near its 250 KB initial-JS goal).
const Alternatives = lazy(() => import('../components/listing-alternatives.tsx').then((m) => ({ default: m.Alternatives })));

function Gallery({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const image = listing.images[index];
  return (
    <Box>
      <Box
        component="img"
        src={imageUrl(image, 'scaled-medium')}
        alt={t('listings:page.imageAlt', { title: listing.title, index: index + 1 })}
        onError={(e: React.SyntheticEvent<HTMLImageElement>) => {
          if (e.currentTarget.src !== DEFAULT_IMAGE) e.currentTarget.src = DEFAULT_IMAGE;
        }}
        sx={{ width: '100%', maxHeight: 420, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' }}
      />
      {listing.images.length > 1 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          {listing.images.map((img, i) => (
            <Button key={img.id} onClick={() => setIndex(i)} aria-pressed={i === index} aria-label={t('listings:page.showImage', { index: i + 1 })} sx={{ p: 0, minWidth: 0 }}>
              <Box component="img" src={imageUrl(img, 'square-small')} alt="" sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1, outline: i === index ? 2 : 0 }} />
            </Button>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function SellerCard({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="seller-title">
      <Typography id="seller-title" variant="h3" component="h2" sx={{ mb: 1 }}>
        {t('listings:page.seller')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {listing.organization.logo && <Box component="img" src={imageUrl(listing.organization.logo, 'square-small')} alt="" sx={{ width: 56, height: 56, objectFit: 'contain' }} />}
        <Box>
          <Link component={RouterLink} to={`/organization/${listing.organization.id}`}>
            {listing.organization.name}
          </Link>
          <Typography variant="body2">
            <Link component={RouterLink} to={`/u/${listing.author.id}`}>
              {listing.author.displayName}
            </Link>
          </Typography>
        </Box>
      </Stack>
      <Box sx={{ mt: 1 }}>
        <ReviewSummary scope={{ listing_id: listing.id, type: 'ofProvider' }} />
      </Box>
    </Paper>
  );
}

/** The listing body; shared by /l/:slug/:id, /l/:id and the own-listing variant. */
export function ListingView({ listing, signedIn }: { listing: Listing; signedIn: boolean }) {
  const { t } = useTranslation();
  const p = listing.publicData;
  useEffect(() => {
    document.title = `${listing.title} | ${t('common:appName')}`;
  }, [listing.title, t]);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: { xs: 3, md: 5 } }}>
      {listing.state !== 'published' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('listings:page.stateNote', { state: t(`listings:states.${listing.state}`) })}
        </Alert>
      )}
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Gallery listing={listing} />
          <Typography variant="h1" sx={{ mt: 3, mb: 1 }}>
            {listing.title}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
            {p.categories?.map((c) => <Chip key={c} label={t(`listings:categories.${c}`)} size="small" />)}
            {p.port && <Chip label={portName(p.port)} size="small" variant="outlined" />}
          </Stack>
          <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
            {t('listings:page.description')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', mb: 3 }}>{listing.description}</Typography>
          {p.serviceDocumentationLink && (
            <Typography sx={{ mb: 2 }}>
              <Link href={p.serviceDocumentationLink} target="_blank" rel="noopener noreferrer">
                {t('listings:page.documentation')}
              </Link>
            </Typography>
          )}
          {p.workingHours && <WorkingHoursTable hours={p.workingHours} />}
          {p.disclaimer && (
            <Box component="section" sx={{ mb: 2 }}>
              <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
                {t('listings:page.disclaimer')}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                {p.disclaimer}
              </Typography>
            </Box>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            <OrderPanel listing={listing} signedIn={signedIn} />
            <SellerCard listing={listing} />
          </Stack>
        </Grid>
      </Grid>
      <Suspense fallback={null}>
        <Alternatives id={listing.id} />
      </Suspense>
    </Box>
  );
}

/** /l/:slug/:id and /l/:id. */
export function ListingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const status = useSessionStatus();
  const signedIn = status === 'authenticated';
  const { data, isPending, error } = useListing(status === 'unknown' ? undefined : id, signedIn);
  if (isPending) return <Loading minHeight="50vh" />;
  if (error)
    return (
      <Box sx={{ maxWidth: 800, mx: 'auto', p: 4 }}>
        {errorCodeOf(error) === 'transaction-listing-not-found' || errorCodeOf(error) === 'not-found' ? (
          <Alert severity="warning">{t('listings:page.notFound')}</Alert>
        ) : (
          <ApiErrorAlert error={error} />
        )}
      </Box>
    );
  return <ListingView listing={data} signedIn={signedIn} />;
}

/** /l/:slug/:id/:variant: a four-part listing path is canonicalised to /l/{id}. */
export function ListingVariantRedirect() {
  const { id } = useParams();
  return <Navigate to={canonicalListingPath(id ?? '')} replace />;
}
