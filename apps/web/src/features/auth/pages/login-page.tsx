import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { IDENTITY_PROVIDER } from '@harbor/contracts/constants';
import { lazyZodResolver, usePreloadResolver } from '../../../shared/forms/lazy-resolver.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { FormTextField } from '../../../shared/ui/form-text-field.tsx';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useLogin } from '../api/use-login.ts';
import { returnPathFrom } from '../return-path.ts';
import { useSessionStatus } from '../use-session-status.ts';

const resolver = lazyZodResolver(() => import('../forms/auth-schemas.ts').then((m) => m.loginBodySchema));

/** The SPA's own sign-in (JSON login); server errors such as pending approval show translated. */
export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const status = useSessionStatus();
  const login = useLogin();
  const form = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  usePreloadResolver(resolver);

  const returnPath = returnPathFrom(location.state);
  // Signed in (now or already): back to where the guard caught the visitor.
  if (status === 'authenticated') return <Navigate to={returnPath} replace />;

  return (
    <Page title={t('auth:login.title')} maxWidth="sm">
      <form noValidate onSubmit={form.handleSubmit((body) => login.mutate(body))} aria-describedby="login-error">
        <Stack spacing={2}>
          <ApiErrorAlert error={login.error} id="login-error" />
          <FormTextField control={form.control} name="email" type="email" label={t('auth:fields.email')} autoComplete="email" required />
          <PasswordField control={form.control} name="password" label={t('auth:fields.password')} autoComplete="current-password" required />
          <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
            {login.isPending ? t('auth:login.submitting') : t('auth:login.submit')}
          </Button>
        </Stack>
      </form>
      <Stack spacing={1} sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/recover-password">
          {t('auth:login.forgot')}
        </Link>
        <Typography>
          {t('auth:login.noAccount')}{' '}
          <Link component={RouterLink} to="/signup" state={location.state}>
            {t('auth:login.signupLink')}
          </Link>
        </Typography>
        <Link href={`/api/auth/${IDENTITY_PROVIDER}?return_to=${encodeURIComponent(returnPath)}`} variant="body2">
          {t('auth:login.hosted')}
        </Link>
      </Stack>
    </Page>
  );
}
