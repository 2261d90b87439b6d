import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_PORTS, type PortOption } from '../../../shared/ports/ports.ts';
import { usePortSearch } from '../api/use-port-search.ts';

/** Search debounce (tracking.md section 9). */
const DEBOUNCE_MS = 500;

/** How the port search shows a port: "Rauma (FIRAU)", or just the code when that is all there is. */
export const portOptionLabel = (p: PortOption) => (p.name === p.code ? p.code : `${p.name} (${p.code})`);

interface Props {
  value: string;
  onChange: (code: string) => void;
}

/** The main ports at hand; any other port by name or locode through the zones search (MUI's Autocomplete). */
export function PortSearchField({ value, onChange }: Props) {
  const { t } = useTranslation('port-calls');
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(input), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const search = usePortSearch(query);
  const options = useMemo(() => {
    const found = search.data ?? [];
    const seen = new Set(found.map((p) => p.code));
    return [...found, ...MAIN_PORTS.filter((p) => !seen.has(p.code))];
  }, [search.data]);
  // Stable while the value and options stand: a new object on every render made the Autocomplete reset the typed text.
  const selected: PortOption = useMemo(() => options.find((p) => p.code === value) ?? { code: value, name: value }, [options, value]);
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 280 }}
      options={options}
      value={selected}
      loading={search.isFetching}
      openText={t('searchList.open')}
      closeText={t('searchList.close')}
      loadingText={t('common:loading')}
      noOptionsText={t('searchList.noOptions')}
      getOptionLabel={portOptionLabel}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      filterOptions={(list, state) => {
        const q = state.inputValue.trim().toLowerCase();
        return q ? list.filter((p) => p.name.toLowerCase().includes(q) || p.code.toLowerCase().includes(q)) : list;
      }}
      onInputChange={(_e, text, reason) => reason === 'input' && setInput(text)}
      onChange={(_e, p) => p && onChange(p.code)}
      disableClearable
      renderInput={(params) => <TextField {...params} label={t('port')} placeholder={t('searchPort')} />}
    />
  );
}
