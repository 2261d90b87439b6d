import AddIcon from '@mui/icons-material/Add';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LayersIcon from '@mui/icons-material/Layers';
import LightModeIcon from '@mui/icons-material/LightMode';
import FilterListIcon from '@mui/icons-material/FilterList';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HARBOR_SHIP_TYPES } from '@harbor/contracts/vessel-constants';
import { BASE_STYLES, isStyleAvailable, type BaseStyleId, type MapConfig, type MapTheme } from '../../../shared/map/map-config.ts';
import { useServerBasemap } from '../../../shared/map/use-server-basemap.ts';
import { isFiltering, type MapFilterChoice } from '../filters/map-filter.ts';
import { SHIP_COLORS } from '../ship-colors.ts';

// Checkboxes and the lists load when the panel first opens (the map route's initial JS stays small).
const ShipFilterPanel = lazy(() => import('../filters/ship-filter-panel.tsx'));

interface MapControlsProps {
  config: MapConfig;
  styleId: BaseStyleId;
  theme: MapTheme;
  onStyle(id: BaseStyleId): void;
  onTheme(theme: MapTheme): void;
  onZoomIn(): void;
  onZoomOut(): void;
  onLocate(): void;
  filter: MapFilterChoice;
  onFilter(next: MapFilterChoice): void;
}

/** Right-hand control column: zoom, locate/recenter, style switcher, theme, legend. */
export function MapControls({ config, styleId, theme, onStyle, onTheme, onZoomIn, onZoomOut, onLocate, filter, onFilter }: MapControlsProps) {
  const { t } = useTranslation('map');
  const [styleAnchor, setStyleAnchor] = useState<HTMLElement | null>(null);
  const [legendOpen, setLegendOpen] = useState(true);
  const [filterOpen, setFilterOpen] = useState(false);
  const filtering = isFiltering(filter);
  const serverBasemap = useServerBasemap(config.streetStyleUrl === null);

  const button = (label: string, icon: React.ReactNode, onClick: (e: React.MouseEvent<HTMLElement>) => void, extra: Record<string, unknown> = {}) => (
    <Tooltip title={label} placement="left">
      <IconButton aria-label={label} onClick={onClick} size="small" {...extra}>
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Stack spacing={1} sx={{ position: 'absolute', top: 12, right: 12, zIndex: 2, alignItems: 'flex-end' }}>
      <Paper elevation={3} sx={{ display: 'flex', flexDirection: 'column', p: 0.5 }}>
        {button(t('map:controls.zoomIn'), <AddIcon />, onZoomIn)}
        {button(t('map:controls.zoomOut'), <RemoveIcon />, onZoomOut)}
        {button(t('map:controls.locate'), <MyLocationIcon />, onLocate)}
        {button(t('map:controls.style'), <LayersIcon />, (e) => setStyleAnchor(e.currentTarget), { 'aria-haspopup': 'menu', 'aria-expanded': Boolean(styleAnchor) })}
        {button(
          theme === 'dark' ? t('map:controls.lightTheme') : t('map:controls.darkTheme'),
          theme === 'dark' ? <LightModeIcon /> : <DarkModeIcon />,
          () => onTheme(theme === 'dark' ? 'light' : 'dark'),
        )}
        {button(t('map:controls.legend'), <ListIcon />, () => setLegendOpen((v) => !v), { 'aria-pressed': legendOpen, 'aria-controls': 'map-legend' })}
        {button(filtering ? t('map:filter.buttonActive') : t('map:filter.button'), <FilterListIcon />, () => setFilterOpen((v) => !v), {
          'aria-pressed': filterOpen,
          'aria-controls': 'map-filter',
          color: filtering ? 'primary' : 'default',
          'data-testid': 'filter-button',
        })}
      </Paper>
      {filterOpen && (
        <Suspense fallback={null}>
          <ShipFilterPanel value={filter} onChange={onFilter} />
        </Suspense>
      )}
      <Menu anchorEl={styleAnchor} open={Boolean(styleAnchor)} onClose={() => setStyleAnchor(null)} slotProps={{ list: { 'aria-label': t('map:controls.style') } }}>
        {(['sea', 'land'] as const).map((group) => (
          <Fragment key={group}>
            <ListSubheader>{t(`map:styleGroups.${group}`)}</ListSubheader>
            {BASE_STYLES.filter((s) => s.group === group).map((s) => {
              const available = isStyleAvailable(s.id, { ...config, serverBasemap });
              const item = (
                <MenuItem
                  key={s.id}
                  selected={s.id === styleId}
                  disabled={!available}
                  onClick={() => {
                    onStyle(s.id);
                    setStyleAnchor(null);
                  }}
                >
                  {t(`map:styles.${s.id}`)}
                </MenuItem>
              );
              // A disabled item gets no pointer events: the tooltip sits on a wrapper.
              return available ? (
                item
              ) : (
                <Tooltip key={s.id} title={t(`map:styleUnavailableReason.${s.id}`)} placement="left">
                  <Box component="span" sx={{ display: 'block' }} data-testid={`style-${s.id}-unavailable`}>
                    {item}
                    {/* The reason in the item itself too: a tooltip is not seen on touch screens. */}
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, pb: 0.5, mt: -0.5, maxWidth: 260, whiteSpace: 'normal' }}>
                      {t(`map:styleUnavailableReason.${s.id}`)}
                    </Typography>
                  </Box>
                </Tooltip>
              );
            })}
          </Fragment>
        ))}
      </Menu>
      {legendOpen && !filterOpen && (
        <Paper elevation={3} id="map-legend" role="region" aria-label={t('map:legend')} sx={{ p: 1.25, maxHeight: '50vh', overflow: 'auto' }}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
            {t('map:legend')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {HARBOR_SHIP_TYPES.map((type) => (
              <Box component="li" key={type} sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: 13, lineHeight: 1.7 }}>
                <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: SHIP_COLORS[type], border: '1px solid rgba(0,0,0,0.3)' }} />
                {t(`vessels:harborShipType.${type}`)}
              </Box>
            ))}
          </Box>
        </Paper>
      )}
    </Stack>
  );
}
