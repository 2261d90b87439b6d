import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { MAIN_PAGES } from './main-pages.tsx';

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
