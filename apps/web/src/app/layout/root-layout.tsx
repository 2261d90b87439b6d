import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LazyFeedbackDialog } from '../../features/users/index.ts';
import { lazyOverlay } from '../../shared/ui/lazy-overlay.tsx';
import { ScrollToHashOrTop } from '../scroll-to-hash-or-top.tsx';
import { CookieConsentBanner } from './cookie-consent-banner.tsx';
import { Footer } from './footer.tsx';
import { LimitedBanner } from './limited-banner.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * Full-screen pages fill the window below the top bar; a footer under them
 * would make the document scroll, and focusing a card would then slide the map
 * under the sticky top bar.
 */
const AccountDrawer = lazyOverlay(() => import('./account-drawer.tsx').then((m) => m.AccountDrawer));
const MobileDrawer = lazyOverlay(() => import('./mobile-drawer.tsx').then((m) => m.MobileDrawer));

const FULL_SCREEN_PATHS = new Set(['/map']);

/** The frame of every page: top bar, banners, drawers, feedback dialog, footer. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [accountOpen, setAccountOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: 2000,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { left: 8, top: 8 },
        }}
      >
        {t('common:skipToContent')}
      </Link>
      <ScrollToHashOrTop />
      <TopBar
        onOpenAccount={() => setAccountOpen(true)}
        onOpenMenu={() => setMenuOpen(true)}
        onPreloadAccount={AccountDrawer.preload}
        onPreloadMenu={MobileDrawer.preload}
      />
      <LimitedBanner />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      {!FULL_SCREEN_PATHS.has(pathname) && <Footer />}
      <CookieConsentBanner />
      <AccountDrawer open={accountOpen} onClose={() => setAccountOpen(false)} onFeedback={() => setFeedbackOpen(true)} />
      <MobileDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
      <LazyFeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </Box>
  );
}
