import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { TabNav } from '../../../shared/ui/tab-nav.tsx';

const TABS = [
  { id: 'contact-details', to: '/account/contact-details' },
  { id: 'change-password', to: '/account/change-password' },
  { id: 'payments', to: '/account/payments' },
  { id: 'payment-methods', to: '/account/payment-methods' },
] as const;

/** Account settings: side tabs (top tabs on mobile) beside the chosen settings page. */
export function AccountLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mobile = useIsMobile();
  const selected = TABS.find((tab) => pathname.startsWith(tab.to))?.id ?? '';
  const tabs = TABS.map((tab) => ({ ...tab, label: t(`users:account.tabs.${tab.id}`) }));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'flex', flexDirection: mobile ? 'column' : 'row', gap: mobile ? 0 : 4 }}>
        <Box sx={{ flexShrink: 0, width: mobile ? '100%' : 220 }}>
          <TabNav tabs={tabs} selected={selected} label={t('users:account.tabsLabel')} orientation={mobile ? 'horizontal' : 'vertical'} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, maxWidth: 720 }}>
          <Outlet />
        </Box>
      </Box>
    </Container>
  );
}
