import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { useListingSearch } from '../api/listings-api.ts';
import { ListingCard } from '../components/listing-card.tsx';
import { MobileViewToggle, SearchMapResults, type MobileView } from '../search/search-map-results.tsx';
import { SearchToolbar } from '../search/search-toolbar.tsx';
import { useSearchPageVariant } from '../search/use-search-page-variant.ts';
import { apiQuery, readBounds, readFilters } from '../search-params.ts';

/** /s: filters, results and pagination as a card grid, or as a list beside a map (SEARCH_PAGE_VARIANT). */
export function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const filters = readFilters(params);
  const variant = useSearchPageVariant();
  const mobile = useIsMobile();
  const [mobileView, setMobileView] = useState<MobileView>('list');
  const { data, isPending, error, isFetching } = useListingSearch(apiQuery(filters));
  const withMap = variant === 'map';

  return (
    <Page title={t('listings:search.title')} maxWidth="xl">
      {filters.address && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {withMap ? t('listings:search.map.near', { address: filters.address }) : t('listings:search.near', { address: filters.address })}
        </Alert>
      )}
      <SearchToolbar
        filters={filters}
        totalItems={data?.meta.totalItems}
        extra={withMap && mobile ? <MobileViewToggle value={mobileView} onChange={setMobileView} /> : undefined}
      />
      {isPending || !variant ? (
        <Loading />
      ) : error ? (
        <ApiErrorAlert error={error} />
      ) : data.data.length === 0 ? (
        <Alert severity="info">{t('listings:search.empty')}</Alert>
      ) : withMap ? (
        <SearchMapResults
          listings={data.data}
          meta={data.meta}
          fetching={isFetching}
          bounds={readBounds(params)}
          mobile={mobile}
          mobileView={mobileView}
          onMobileViewChange={setMobileView}
        />
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, opacity: isFetching ? 0.6 : 1 }} data-testid="search-results">
            {data.data.map((listing) => (
              <ListingCard key={listing.id} listing={listing} />
            ))}
          </Box>
          <Pagination page={data.meta.page} totalPages={data.meta.totalPages} />
        </>
      )}
    </Page>
  );
}
