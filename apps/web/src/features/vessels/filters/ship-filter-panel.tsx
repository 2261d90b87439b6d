import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HARBOR_SHIP_TYPES, navigationStatusKey } from '@harbor/contracts/vessel-constants';
import { SHIP_COLORS } from '../ship-colors.ts';
import { ALL_SHIPS, FILTER_NAVIGATION_STATUSES, isFiltering, toggled, type MapFilterChoice } from './map-filter.ts';

interface ShipFilterPanelProps {
  value: MapFilterChoice;
  onChange(next: MapFilterChoice): void;
}

/** The map's ship filter: the 12 categories and the navigation statuses (loaded when first opened). */
export default function ShipFilterPanel({ value, onChange }: ShipFilterPanelProps) {
  const { t } = useTranslation('map');
  const row = (key: string, label: React.ReactNode, checked: boolean, onToggle: () => void, testId: string) => (
    <FormControlLabel
      key={key}
      sx={{ m: 0, '& .MuiFormControlLabel-label': { fontSize: 13 } }}
      control={<Checkbox size="small" sx={{ p: 0.25, mr: 0.5 }} checked={checked} onChange={onToggle} slotProps={{ input: { 'data-testid': testId } as never }} />}
      label={label}
    />
  );
  return (
    <Paper elevation={3} id="map-filter" role="region" aria-label={t('map:filter.title')} sx={{ p: 1.25, maxHeight: '60vh', overflow: 'auto', width: 260 }} data-testid="ship-filter">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h2">
          {t('map:filter.title')}
        </Typography>
        <Button size="small" disabled={!isFiltering(value)} onClick={() => onChange(ALL_SHIPS)}>
          {t('map:filter.showAll')}
        </Button>
      </Box>
      <Typography variant="caption" component="h3" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('map:filter.categories')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        {HARBOR_SHIP_TYPES.map((type) =>
          row(
            type,
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
              <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: SHIP_COLORS[type], border: '1px solid rgba(0,0,0,0.3)' }} />
              {t(`vessels:harborShipType.${type}`)}
            </Box>,
            value.harborShipTypes.includes(type),
            () => onChange({ ...value, harborShipTypes: toggled(value.harborShipTypes, type, HARBOR_SHIP_TYPES) }),
            `filter-type-${type}`,
          ),
        )}
      </Box>
      <Typography variant="caption" component="h3" color="text.secondary" sx={{ mt: 1 }}>
        {t('map:filter.statuses')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        {FILTER_NAVIGATION_STATUSES.map((code) =>
          row(
            String(code),
            t(`vessels:navigationStatus.${navigationStatusKey(code)}`),
            value.navigationStatuses.includes(code),
            () => onChange({ ...value, navigationStatuses: toggled(value.navigationStatuses, code, FILTER_NAVIGATION_STATUSES) }),
            `filter-status-${code}`,
          ),
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('map:filter.remembered')}
      </Typography>
    </Paper>
  );
}
