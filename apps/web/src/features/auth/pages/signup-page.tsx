import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { Page } from '../../../shared/ui/page.tsx';
import { SignupConfirmation } from '../components/signup-confirmation.tsx';
import { SignupForm } from '../components/signup-form.tsx';
import type { AuthRedirectState } from '../return-path.ts';

type SignupState = AuthRedirectState & { email?: string };

/** /signup and /confirm are one page with two tabs; the confirm tab opens itself after a successful sign-up. */
export function SignupPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as SignupState;
  const tab = location.pathname === '/confirm' ? 'confirm' : 'signup';
  const returnState: AuthRedirectState = { from: state.from };

  return (
    <Page title={t(`auth:${tab}.title`)}>
      <Tabs value={tab} aria-label={t('auth:signup.tabs')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Tab
          value="signup"
          label={t('auth:signup.tab')}
          id="tab-signup"
          aria-controls="panel-signup"
          component={RouterLink}
          to="/signup"
          state={returnState}
        />
        <Tab value="confirm" label={t('auth:confirm.tab')} id="tab-confirm" aria-controls="panel-confirm" disabled={tab !== 'confirm'} />
      </Tabs>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'signup' ? (
          <SignupForm onDone={(body) => void navigate('/confirm', { state: { ...returnState, email: body.email } satisfies SignupState })} />
        ) : (
          <SignupConfirmation email={state.email} returnState={returnState} />
        )}
      </div>
    </Page>
  );
}
