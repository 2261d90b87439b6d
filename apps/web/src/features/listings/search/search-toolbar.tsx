import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ListingSort, ServiceCategory } from '@harbor/contracts';
import { LISTING_SORTS, PRICE_FILTER, SERVICE_CATEGORIES } from '@harbor/contracts/listing-constants';
import { BASE_CURRENCY } from '@harbor/contracts/money-format';
import { portOptions } from '../../../shared/ports/ports.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { withFilters, type SearchFilters } from '../search-params.ts';
import { SelectField } from '../../../shared/ui/select-field.tsx';

/**
 * The search page's filter form and the results line with the sort select;
 * both variants share it. `extra` sits beside the sort (the map variant's
 * list/map toggle on mobile).
 */
export function SearchToolbar({ filters, totalItems, extra }: { filters: SearchFilters; totalItems: number | undefined; extra?: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [keywords, setKeywords] = useState(filters.keywords);
  const [port, setPort] = useState(filters.port);
  const [categories, setCategories] = useState<ServiceCategory[]>(filters.categories);
  const [price, setPrice] = useState<[number, number]>(filters.price ?? [PRICE_FILTER.min, PRICE_FILTER.max]);
  const [start, setStart] = useState(filters.dates?.[0] ?? '');
  const [end, setEnd] = useState(filters.dates?.[1] ?? '');
  const [sort, setSort] = useState<ListingSort>(filters.sort);
  const datesInvalid = Boolean(start && end && end < start);
  const datesIncomplete = Boolean(start) !== Boolean(end);

  const apply = (event?: FormEvent, override: Partial<{ sort: ListingSort }> = {}) => {
    event?.preventDefault();
    if (datesInvalid || datesIncomplete) return;
    setParams(withFilters(params, { keywords, port, categories, price, dates: start && end ? [start, end] : null, sort: override.sort ?? sort }));
  };

  return (
    <>
      <Box component="form" onSubmit={apply} role="search" aria-label={t('listings:search.filters')} sx={{ mb: 3 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { md: 'flex-start' } }}>
          <TextInput label={t('listings:search.keywords')} value={keywords} onChange={(e) => setKeywords(e.target.value)} sx={{ minWidth: 220 }} />
          <SelectField id="search-port" label={t('listings:search.port')} value={port} onChange={(e) => setPort(e.target.value)} displayEmpty
            options={[{ value: '', label: t('listings:search.anyPort') }, ...portOptions()]}
            sx={{ minWidth: 200 }}
          />
          <SelectField<string[]>
            id="search-categories"
            label={t('listings:search.categories')}
            multiple
            value={categories}
            onChange={(e) => setCategories(typeof e.target.value === 'string' ? [] : (e.target.value as ServiceCategory[]))}
            renderValue={(selected) => (selected.length ? selected.map((c) => t(`listings:categories.${c}`)).join(', ') : t('listings:categories.all'))}
            sx={{ minWidth: 240, maxWidth: 360 }}
          >
            {SERVICE_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                <Checkbox checked={categories.includes(c)} size="small" />
                <ListItemText primary={t(`listings:categories.${c}`)} />
              </MenuItem>
            ))}
          </SelectField>
          <Box sx={{ minWidth: 240, px: 1 }}>
            <Typography id="search-price-label" variant="body2">
              {t('listings:search.price', { min: price[0], max: price[1], currency: BASE_CURRENCY })}
            </Typography>
            <Slider
              value={price}
              min={PRICE_FILTER.min}
              max={PRICE_FILTER.max}
              step={PRICE_FILTER.step}
              onChange={(_, value) => Array.isArray(value) && setPrice([value[0]!, value[1]!])}
              getAriaLabel={(i) => t(i === 0 ? 'listings:search.priceMin' : 'listings:search.priceMax')}
              valueLabelDisplay="auto"
              disableSwap
            />
          </Box>
          <DateField label={t('listings:search.startDate')} value={start} onChange={setStart} />
          <DateField
            label={t('listings:search.endDate')}
            value={end}
            onChange={setEnd}
            error={datesInvalid || datesIncomplete}
            helperText={datesInvalid ? t('listings:validation.endBeforeStart') : datesIncomplete ? t('listings:validation.dateRange') : undefined}
          />
          <Button type="submit" variant="contained" sx={{ alignSelf: 'center' }}>
            {t('listings:search.apply')}
          </Button>
        </Stack>
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography role="status" aria-live="polite">
          {totalItems !== undefined ? t('listings:search.results', { count: totalItems }) : ''}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {extra}
          <SelectField
            id="search-sort"
            size="small"
            label={t('listings:search.sort')}
            value={sort}
            onChange={(e) => {
              const value = e.target.value as ListingSort;
              setSort(value);
              apply(undefined, { sort: value });
            }}
            sx={{ minWidth: 200 }}
          >
            {LISTING_SORTS.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`listings:sort.${s}`)}
              </MenuItem>
            ))}
          </SelectField>
        </Stack>
      </Stack>
    </>
  );
}
