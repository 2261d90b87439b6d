import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BusinessIcon from '@mui/icons-material/Business';
import FeedbackIcon from '@mui/icons-material/Feedback';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import ViewListIcon from '@mui/icons-material/ViewList';
import WbSunnyIcon from '@mui/icons-material/WbSunny';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Scope } from '@harbor/contracts';
import { returnStateFor, useLogout, useSessionStatus } from '../../features/auth/index.ts';
import { useCurrentUser } from '../../features/users/index.ts';
import { LanguageFlags } from './language-flags.tsx';

// Loaded when the drawer opens: the select stays out of every page's initial JS (the listing page is near its budget).
const CurrencyMenu = lazy(() => import('../../features/forex/components/currency-menu.tsx'));

interface Entry {
  key: string;
  icon: ReactElement;
  to?: string;
  onClick?: () => void;
}

/** Entries of the buyer spec section 2 account drawer, plus account settings and the operator console for operators. */
export function AccountDrawer({ open, onClose, onFeedback }: { open: boolean; onClose: () => void; onFeedback: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const status = useSessionStatus();
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const signedIn = status === 'authenticated';

  const entries: (Entry | 'divider')[] = signedIn
    ? [
        { key: 'accountSettings', to: '/account', icon: <SettingsIcon /> },
        { key: 'profileSettings', to: '/profile-settings', icon: <PersonIcon /> },
        'divider',
        { key: 'carts', to: '/carts', icon: <ShoppingCartIcon /> },
        { key: 'orders', to: '/orders', icon: <ReceiptLongIcon /> },
        { key: 'subscriptions', to: '/subscriptions', icon: <AutorenewIcon /> },
        ...(user ? [{ key: 'organizationProfile', to: `/organization/${user.organization.id}/settings/profile`, icon: <BusinessIcon /> }] : []),
        { key: 'organizationListings', to: '/listings', icon: <ViewListIcon /> },
        { key: 'reporting', to: '/reporting', icon: <AssessmentIcon /> },
        { key: 'weather', to: '/weather', icon: <WbSunnyIcon /> },
        ...(user?.scopes.includes(Scope.operator) ? [{ key: 'operator', to: '/operator', icon: <AdminPanelSettingsIcon /> }] : []),
        { key: 'feedback', onClick: onFeedback, icon: <FeedbackIcon /> },
      ]
    : [
        { key: 'signup', to: '/signup', icon: <PersonAddIcon /> },
        { key: 'login', to: '/login', icon: <LoginIcon /> },
        'divider',
        { key: 'weather', to: '/weather', icon: <WbSunnyIcon /> },
        { key: 'feedback', onClick: onFeedback, icon: <FeedbackIcon /> },
      ];

  // Sign-up and login links remember the current page, like the auth guard does.
  const authState = returnStateFor(location);

  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box component="nav" aria-label={t('common:account.menu')} sx={{ width: { xs: 'calc(100vw - 48px)', sm: 320 } }}>
        <Box sx={{ p: 2 }}>
          {signedIn && user ? (
            <>
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                {user.firstName} {user.lastName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {user.email}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {user.organization.name}
              </Typography>
            </>
          ) : (
            <Typography variant="subtitle1" component="p">
              {t('common:account.welcome')}
            </Typography>
          )}
        </Box>
        <Divider />
        <List>
          {entries.map((entry, i) =>
            entry === 'divider' ? (
              <Divider key={`d${i}`} component="li" />
            ) : (
              <ListItemButton
                key={entry.key}
                {...(entry.to
                  ? { component: RouterLink, to: entry.to, state: entry.key === 'signup' || entry.key === 'login' ? authState : undefined }
                  : {})}
                onClick={() => {
                  entry.onClick?.();
                  onClose();
                }}
              >
                <ListItemIcon>{entry.icon}</ListItemIcon>
                <ListItemText primary={t(`common:account.${entry.key}`)} />
              </ListItemButton>
            ),
          )}
        </List>
        <Divider />
        <Box sx={{ p: 2 }}>
          <Typography variant="overline" component="p">
            {t('common:language.choose')}
          </Typography>
          <LanguageFlags />
        </Box>
        <Box sx={{ px: 2, pb: 2 }}>
          <Suspense fallback={null}>
            <CurrencyMenu />
          </Suspense>
        </Box>
        {signedIn && (
          <>
            <Divider />
            <List>
              <ListItemButton
                disabled={logout.isPending}
                onClick={() => {
                  onClose();
                  logout.mutate();
                }}
              >
                <ListItemIcon>
                  <LogoutIcon />
                </ListItemIcon>
                <ListItemText primary={t('common:account.logout')} />
              </ListItemButton>
            </List>
          </>
        )}
      </Box>
    </Drawer>
  );
}
