import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShipSearchResult } from '@harbor/contracts';
import { SHIP_SEARCH_MIN_CHARS } from '@harbor/contracts/vessel-constants';
import { useShipInfo, useShipSearch } from '../../vessels/index.ts';

/** The debounce of the live searches (tracking.md section 9). */
const DEBOUNCE_MS = 500;

/** The cart's ship: name and IMO from the registry; the MMSI only while picking, to find the ship's current port call. */
export interface ShipValue {
  name: string;
  imo: number | null;
  mmsi: number | null;
}

interface Option {
  name: string;
  mmsi: number | null;
}

interface Props {
  value: ShipValue | null;
  onChange: (ship: ShipValue | null) => void;
  /** IMO as typed (kept apart from the value until it is 7 digits). */
  imoText: string;
  onImoText: (text: string) => void;
  nameError?: string;
  imoError?: string;
}

/**
 * A ship from the live ships search (GET /v1/ships/info/search) by name or
 * MMSI; its IMO then comes from the registry (GET /v1/ships/info) and can be
 * corrected, since small craft and ships missing from the registry have none.
 */
export function ShipPicker({ value, onChange, imoText, onImoText, nameError, imoError }: Props) {
  const { t } = useTranslation('carts');
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(input.trim().length >= SHIP_SEARCH_MIN_CHARS ? input.trim() : ''), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const search = useShipSearch(query);
  const info = useShipInfo(value?.mmsi ?? null);

  // The registry's IMO for the picked ship fills the IMO field once it answers.
  const registryImo = info.data && info.data.mmsi === value?.mmsi ? info.data.imo : undefined;
  useEffect(() => {
    if (registryImo !== undefined) onImoText(registryImo === null ? '' : String(registryImo));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the registry answers for a newly picked ship
  }, [registryImo, value?.mmsi]);

  const options = useMemo<Option[]>(() => (search.data?.results ?? []).map((r: ShipSearchResult) => ({ name: r.name ?? String(r.mmsi), mmsi: r.mmsi })), [search.data]);
  const selected = useMemo<Option | null>(() => (value ? { name: value.name, mmsi: value.mmsi } : null), [value]);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Autocomplete
        sx={{ flex: 2 }}
        options={options}
        value={selected}
        loading={search.isFetching}
        filterOptions={(list) => list}
        getOptionLabel={(o) => o.name}
        getOptionKey={(o) => `${o.mmsi ?? 'x'}-${o.name}`}
        renderOption={(props, o) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              {o.name} {o.mmsi ? `(MMSI ${o.mmsi})` : ''}
            </li>
          );
        }}
        isOptionEqualToValue={(a, b) => a.mmsi === b.mmsi && a.name === b.name}
        onInputChange={(_e, text, reason) => reason === 'input' && setInput(text)}
        onChange={(_e, o) => {
          onChange(o ? { name: o.name, mmsi: o.mmsi, imo: null } : null);
          if (o) onImoText('');
        }}
        openText={t('ship.open')}
        closeText={t('ship.close')}
        clearText={t('ship.clear')}
        loadingText={t('common:loading')}
        noOptionsText={query ? t('ship.noResults') : t('ship.typeMore', { min: SHIP_SEARCH_MIN_CHARS })}
        renderInput={(params) => (
          <TextField {...params} label={t('ship.label')} required error={Boolean(nameError)} helperText={nameError ?? t('ship.help')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'ship-search' } }} />
        )}
      />
      <TextField
        sx={{ flex: 1 }}
        label={t('ship.imo')}
        value={imoText}
        onChange={(e) => onImoText(e.target.value.replace(/\D/g, '').slice(0, 7))}
        error={Boolean(imoError)}
        helperText={imoError ?? (info.isFetching ? t('common:loading') : t('ship.imoHelp'))}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'ship-imo' } }}
      />
    </Stack>
  );
}
