import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import CloseIcon from '@mui/icons-material/Close';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Listing, PaginationMeta } from '@harbor/contracts';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { ListingCard } from '../components/listing-card.tsx';
import { LazyListingsMap } from './lazy-listings-map.tsx';
import { listingMarkers } from './map-markers.ts';

export type MobileView = 'list' | 'map';

/** On narrow screens the list and the map take turns. */
export function MobileViewToggle({ value, onChange }: { value: MobileView; onChange(view: MobileView): void }) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup exclusive size="small" value={value} onChange={(_, v: MobileView | null) => v && onChange(v)} aria-label={t('listings:search.map.view')}>
      <ToggleButton value="list">{t('listings:search.map.showList')}</ToggleButton>
      <ToggleButton value="map">{t('listings:search.map.showMap')}</ToggleButton>
    </ToggleButtonGroup>
  );
}

interface Props {
  listings: Listing[];
  meta: PaginationMeta;
  fetching: boolean;
  /** [west, south, east, north] from a location search: the map frames it instead of the markers. */
  bounds: [number, number, number, number] | null;
  mobile: boolean;
  mobileView: MobileView;
  onMobileViewChange(view: MobileView): void;
}

/** The map variant's body: the result cards on the left, a map with one marker per located listing on the right. */
export function SearchMapResults({ listings, meta, fetching, bounds, mobile, mobileView, onMobileViewChange }: Props) {
  const { t } = useTranslation();
  const markers = useMemo(() => listingMarkers(listings), [listings]);
  const [picked, setPicked] = useState<string | null>(null);
  // A selection from an earlier page or search simply lapses.
  const selectedId = listings.some((l) => l.id === picked) ? picked : null;
  const cards = useRef(new Map<string, HTMLElement>());
  const showList = !mobile || mobileView === 'list';
  const showMap = !mobile || mobileView === 'map';

  useEffect(() => {
    if (selectedId && showList) cards.current.get(selectedId)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId, showList]);

  const unlocated = listings.length - markers.length;
  const selected = listings.find((l) => l.id === selectedId);

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: mobile ? '1fr' : 'minmax(0, 1fr) minmax(0, 1fr)', gap: 3, alignItems: 'start' }}>
      {showList && (
        <Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, opacity: fetching ? 0.6 : 1 }} data-testid="search-results">
            {listings.map((listing, i) => (
              <Box
                key={listing.id}
                ref={(el: HTMLElement | null) => void (el ? cards.current.set(listing.id, el) : cards.current.delete(listing.id))}
                data-testid="search-result"
                data-selected={listing.id === selectedId}
                aria-current={listing.id === selectedId ? 'true' : undefined}
                sx={{ position: 'relative', borderRadius: 1, transition: 'box-shadow 150ms', boxShadow: (th) => (listing.id === selectedId ? `0 0 0 3px ${th.palette.primary.main}` : 'none') }}
              >
                <ListingCard listing={listing} />
                <Box aria-hidden sx={badgeSx}>{i + 1}</Box>
                {listing.geolocation && (
                  <IconButton
                    size="small"
                    aria-label={t('listings:search.map.showOnMap')}
                    onClick={() => {
                      setPicked(listing.id);
                      if (mobile) onMobileViewChange('map');
                    }}
                    sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
                  >
                    <PlaceOutlinedIcon fontSize="small" />
                  </IconButton>
                )}
              </Box>
            ))}
          </Box>
          {unlocated > 0 && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('listings:search.map.noLocation', { count: unlocated })}
            </Alert>
          )}
          <Pagination page={meta.page} totalPages={meta.totalPages} />
        </Box>
      )}
      {showMap && (
        // Sticky beside the list on wide screens: the map stays in view while the cards scroll.
        <Box sx={{ position: mobile ? 'relative' : 'sticky', top: mobile ? undefined : 80, height: mobile ? '65vh' : 'calc(100vh - 112px)', minHeight: 360, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          <LazyListingsMap markers={markers} selectedId={selectedId} onSelect={setPicked} bounds={bounds} label={t('listings:search.map.label')} />
          {mobile && selected && (
            <Box sx={{ position: 'absolute', left: 8, bottom: 8, zIndex: 2 }} data-testid="map-selected-card">
              <ListingCard listing={selected} />
              <IconButton size="small" aria-label={t('listings:search.map.close')} onClick={() => setPicked(null)} sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

const badgeSx = {
  position: 'absolute',
  top: 8,
  left: 8,
  minWidth: 26,
  height: 26,
  px: 0.5,
  borderRadius: 13,
  display: 'grid',
  placeItems: 'center',
  bgcolor: 'primary.main',
  color: 'primary.contrastText',
  fontSize: 13,
  fontWeight: 700,
  pointerEvents: 'none',
} as const;
