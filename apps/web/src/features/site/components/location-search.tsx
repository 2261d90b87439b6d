import Autocomplete from '@mui/material/Autocomplete';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCATION_PRESETS } from '@harbor/contracts/constants';
import { locationSearchPath } from '../../../shared/search-url.ts';
import { TextInput } from '../../../shared/ui/text-input.tsx';

type Preset = (typeof LOCATION_PRESETS)[number];

/** The five Finnish city presets; choosing one opens the search page at that place. */
export function LocationSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Autocomplete<Preset>
      id="location-search"
      options={LOCATION_PRESETS}
      getOptionLabel={(preset) => t(`site:locations.${preset.id}`)}
      onChange={(_, preset) => {
        if (preset) void navigate(locationSearchPath(preset));
      }}
      openOnFocus
      renderInput={(params) => <TextInput {...params} label={t('site:notFound.searchLabel')} placeholder={t('site:notFound.searchPlaceholder')} />}
      sx={{ maxWidth: 420 }}
    />
  );
}
