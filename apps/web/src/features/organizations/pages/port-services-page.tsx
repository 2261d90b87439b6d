import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Listing } from '@harbor/contracts';
import { ALL_CATEGORIES, MAX_PER_PAGE, SERVICE_CATEGORIES } from '@harbor/contracts/listing-constants';
import { formatMoney } from '@harbor/contracts/money-format';
import { portOptions } from '../../../shared/ports/ports.ts';
import { setSelectedPort, useSelectedPort } from '../../../shared/ports/selected-port.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useSessionStatus } from '../../auth/index.ts';
import { useListingSearch } from '../../listings/api/listings-api.ts';
import { ListingCard } from '../../listings/components/listing-card.tsx';
import { listingPath } from '../../listings/paths.ts';
import { SelectField } from '../../../shared/ui/select-field.tsx';

/** Listings grouped per category, plus the All group. */
export function groupByCategory(listings: Listing[]): Map<string, Listing[]> {
  const groups = new Map<string, Listing[]>([[ALL_CATEGORIES, listings]]);
  for (const c of SERVICE_CATEGORIES) {
    const inCategory = listings.filter((l) => l.publicData.categories?.includes(c));
    if (inCategory.length) groups.set(c, inCategory);
  }
  return groups;
}

/** /port-services: the chosen port's services as cards or a list, per category plus All. */
export function PortServicesPage() {
  const { t } = useTranslation();
  const port = useSelectedPort();
  const signedIn = useSessionStatus() === 'authenticated';
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<'cards' | 'list'>('cards');
  const { data, isPending, error } = useListingSearch(new URLSearchParams({ pub_port: port, perPage: String(MAX_PER_PAGE), sort: 'newest' }).toString());
  const groups = data ? groupByCategory(data.data) : new Map<string, Listing[]>();
  const requested = params.get('category') ?? ALL_CATEGORIES;
  const category = groups.has(requested) ? requested : ALL_CATEGORIES;
  const shown = groups.get(category) ?? [];
  return (
    <Page title={t('organizations:portServices.title')} maxWidth="xl">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <SelectField id="port-services-port" label={t('listings:search.port')} value={port} onChange={(e) => setSelectedPort(e.target.value)} options={portOptions()} sx={{ minWidth: 220 }} />
        <ToggleButtonGroup exclusive value={view} onChange={(_, v: 'cards' | 'list' | null) => v && setView(v)} aria-label={t('organizations:portServices.view')} size="small">
          <ToggleButton value="cards">{t('organizations:portServices.cards')}</ToggleButton>
          <ToggleButton value="list">{t('organizations:portServices.list')}</ToggleButton>
        </ToggleButtonGroup>
        {signedIn && (
          <Link component={RouterLink} to="/port-companies">
            {t('organizations:portServices.companies')}
          </Link>
        )}
      </Stack>
      {isPending ? (
        <Loading />
      ) : error ? (
        <ApiErrorAlert error={error} />
      ) : (
        <>
          <Tabs value={category} onChange={(_, v: string) => setParams(v === ALL_CATEGORIES ? {} : { category: v })} variant="scrollable" allowScrollButtonsMobile aria-label={t('listings:search.categories')} sx={{ mb: 2 }}>
            {[...groups.entries()].map(([c, list]) => (
              <Tab key={c} value={c} label={`${t(`listings:categories.${c}`)} (${list.length})`} />
            ))}
          </Tabs>
          {shown.length === 0 ? (
            <Alert severity="info">{t('organizations:portServices.empty')}</Alert>
          ) : view === 'cards' ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              {shown.map((l) => <ListingCard key={l.id} listing={l} />)}
            </Box>
          ) : (
            <List>
              {shown.map((l) => (
                <ListItemButton key={l.id} component={RouterLink} to={listingPath(l)}>
                  <ListItemText primary={l.title} secondary={`${l.organization.name} · ${l.price ? formatMoney(l.price) : t('listings:card.noPrice')}`} />
                </ListItemButton>
              ))}
            </List>
          )}
        </>
      )}
    </Page>
  );
}
