import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useVerifyEmail } from '../api/use-verify-email.ts';

/** /verify-email?t=<token>: verifies on arrival (the page loads its data before display). */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // StrictMode runs effects twice in development; a token must be spent once.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ verificationToken: token });
  }, [token, mutate]);

  return (
    <Page title={t('users:verify.title')} maxWidth="sm">
      {!token ? (
        <Alert severity="error">{t('errors:invalid-token')}</Alert>
      ) : verify.isSuccess ? (
        <Alert severity="success" role="status">
          {t('users:verify.done', { email: verify.data.email })}
        </Alert>
      ) : verify.isError ? (
        <ApiErrorAlert error={verify.error} />
      ) : (
        <Loading />
      )}
      <Button component={RouterLink} to="/account/contact-details" sx={{ mt: 3 }}>
        {t('users:verify.toContactDetails')}
      </Button>
    </Page>
  );
}
