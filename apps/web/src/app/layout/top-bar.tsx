import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import WbSunnyIcon from '@mui/icons-material/WbSunny';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { returnStateFor, useSessionStatus } from '../../features/auth/index.ts';
import { CartMenu } from '../../features/carts/top-bar.ts';
import { SalesBadge } from '../../features/transactions/top-bar.ts';
import { useCurrentUser, useMailLanguageSync } from '../../features/users/index.ts';
import { useIsMobile } from '../../shared/hooks/use-is-mobile.ts';
import { KeywordSearch } from './keyword-search.tsx';
import { MAIN_PAGES } from './main-pages.tsx';
import { PortPicker } from './port-picker.tsx';

/** Port picker, keyword search, cart menu, weather link and the account drawer button; a menu button opens the left drawer on mobile. */
export function TopBar({
  onOpenAccount,
  onOpenMenu,
  onPreloadAccount,
  onPreloadMenu,
}: {
  onOpenAccount: () => void;
  onOpenMenu: () => void;
  /** Fetch the drawer's code on hover or focus, so the click opens it at once. */
  onPreloadAccount: () => void;
  onPreloadMenu: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const mobile = useIsMobile();
  const status = useSessionStatus();
  const { data: user } = useCurrentUser();
  // The language picked with the flags is the one the user's e-mails are written in.
  useMailLanguageSync();
  const initials = user ? `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() : '';
  const authState = returnStateFor(location);

  return (
    <AppBar position="sticky" component="header" color="primary">
      <Toolbar sx={{ gap: 1.5 }}>
        {/* The page drawer is the mobile menu; it also serves widths where the page links below do not fit. */}
        <IconButton
          edge="start"
          color="inherit"
          aria-label={t('common:nav.open')}
          onClick={onOpenMenu}
          onPointerEnter={onPreloadMenu}
          onFocus={onPreloadMenu}
          sx={{ display: mobile ? 'inline-flex' : { xs: 'inline-flex', lg: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Link
          component={RouterLink}
          to="/"
          color="inherit"
          underline="none"
          sx={{ fontWeight: 700, fontSize: '1.25rem', mr: 1, whiteSpace: 'nowrap' }}
        >
          {t('common:appName')}
        </Link>
        {!mobile && (
          <>
            <PortPicker />
            <KeywordSearch />
            <Box component="nav" aria-label={t('common:nav.label')} sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5 }}>
              {MAIN_PAGES.filter((p) => ['map', 'portCalls', 'portServices'].includes(p.key)).map((page) => (
                <Button key={page.key} color="inherit" component={RouterLink} to={page.to}>
                  {t(`common:nav.${page.key}`)}
                </Button>
              ))}
            </Box>
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <CartMenu />
        <SalesBadge />
        {/* A native title, not MUI's Tooltip: its popper engine is not worth loading on every page for two hints. */}
        <IconButton color="inherit" component={RouterLink} to="/weather" aria-label={t('common:nav.weather')} title={t('common:nav.weather')}>
          <WbSunnyIcon />
        </IconButton>
        {status === 'anonymous' && !mobile && (
          <>
            <Button color="inherit" component={RouterLink} to="/login" state={authState}>
              {t('common:account.login')}
            </Button>
            <Button variant="outlined" color="inherit" component={RouterLink} to="/signup" state={authState}>
              {t('common:account.signup')}
            </Button>
          </>
        )}
        <IconButton
          color="inherit"
          edge="end"
          aria-label={t('common:account.menu')}
          title={t('common:account.menu')}
          aria-haspopup="dialog"
          onClick={onOpenAccount}
          onPointerEnter={onPreloadAccount}
          onFocus={onPreloadAccount}
        >
          {initials ? (
            <Avatar sx={{ width: 32, height: 32, bgcolor: 'secondary.main', fontSize: '0.9rem' }}>{initials}</Avatar>
          ) : (
            <AccountCircleIcon />
          )}
        </IconButton>
      </Toolbar>
      {mobile && (
        <Toolbar sx={{ gap: 1, pb: 1 }}>
          <PortPicker />
          <KeywordSearch />
        </Toolbar>
      )}
    </AppBar>
  );
}
