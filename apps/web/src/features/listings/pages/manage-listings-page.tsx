import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { useOwnListings } from '../api/listings-api.ts';
import { ListingCard } from '../components/listing-card.tsx';
import { editListingPath } from '../paths.ts';

/** /listings: the caller's listings, 42 per page, each opening the editor. */
export function ManageListingsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const { data, isPending, error } = useOwnListings(page);
  return (
    <Page title={t('listings:manage.title')} maxWidth="xl">
      <Button component={RouterLink} to="/l/new" variant="contained" sx={{ mb: 3 }}>
        {t('listings:manage.new')}
      </Button>
      {isPending ? (
        <Loading />
      ) : error ? (
        <ApiErrorAlert error={error} />
      ) : data.data.length === 0 ? (
        <Alert severity="info">{t('listings:manage.empty')}</Alert>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {data.data.map((listing) => (
              <ListingCard key={listing.id} listing={listing} href={editListingPath(listing, 'details')} />
            ))}
          </Box>
          <Pagination page={data.meta.page} totalPages={data.meta.totalPages} />
        </>
      )}
    </Page>
  );
}
