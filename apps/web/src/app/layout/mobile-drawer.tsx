import DirectionsBoatIcon from '@mui/icons-material/DirectionsBoat';
import HomeIcon from '@mui/icons-material/Home';
import InfoIcon from '@mui/icons-material/Info';
import MapIcon from '@mui/icons-material/Map';
import SearchIcon from '@mui/icons-material/Search';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WbSunnyIcon from '@mui/icons-material/WbSunny';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

/** The main pages, shared by the mobile left drawer and the desktop top-bar links. */
export const MAIN_PAGES = [
  { key: 'home', to: '/', icon: <HomeIcon /> },
  { key: 'map', to: '/map', icon: <MapIcon /> },
  { key: 'portCalls', to: '/portcalls', icon: <DirectionsBoatIcon /> },
  { key: 'portServices', to: '/port-services', icon: <StorefrontIcon /> },
  { key: 'search', to: '/s', icon: <SearchIcon /> },
  { key: 'weather', to: '/weather', icon: <WbSunnyIcon /> },
  { key: 'about', to: '/about', icon: <InfoIcon /> },
] as const;

/** Left drawer of pages: the menu below the mobile breakpoint, and wherever the top-bar page links are hidden. */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Drawer anchor="left" open={open} onClose={onClose}>
      <Box component="nav" aria-label={t('common:nav.label')} sx={{ width: 'calc(100vw - 48px)', maxWidth: 320 }}>
        <List>
          {MAIN_PAGES.map((page) => (
            <ListItemButton
              key={page.key}
              component={RouterLink}
              to={page.to}
              selected={pathname === page.to}
              aria-current={pathname === page.to ? 'page' : undefined}
              onClick={onClose}
            >
              <ListItemIcon>{page.icon}</ListItemIcon>
              <ListItemText primary={t(`common:nav.${page.key}`)} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
