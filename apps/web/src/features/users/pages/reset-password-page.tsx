import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { lazyZodResolver, usePreloadResolver } from '../../../shared/forms/lazy-resolver.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { NewPasswordField } from '../../../shared/ui/password-field.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { usePasswordReset } from '../api/use-password-reset.ts';

const resolver = lazyZodResolver(() => import('../forms/users-schemas.ts').then((m) => m.newPasswordSchema));

/** /reset-password?t=<token>&e=<email>, the link of the reset e-mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const email = params.get('e') ?? '';
  const reset = usePasswordReset();
  const form = useForm({ resolver, mode: 'onTouched', defaultValues: { newPassword: '' } });
  usePreloadResolver(resolver);

  if (!token || !email) {
    return (
      <Page title={t('users:reset.title')} maxWidth="sm">
        <Alert severity="error">{t('errors:invalid-token')}</Alert>
        <Button component={RouterLink} to="/recover-password" sx={{ mt: 3 }}>
          {t('users:reset.requestNew')}
        </Button>
      </Page>
    );
  }

  if (reset.isSuccess) {
    return (
      <Page title={t('users:reset.doneTitle')} maxWidth="sm">
        <Alert severity="success" role="status">
          {t('users:reset.done')}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" sx={{ mt: 3 }}>
          {t('users:recover.toLogin')}
        </Button>
      </Page>
    );
  }

  return (
    <Page title={t('users:reset.title')} maxWidth="sm">
      <form
        noValidate
        onSubmit={form.handleSubmit(({ newPassword }) => reset.mutate({ email, passwordResetToken: token, newPassword }))}
      >
        <Stack spacing={2}>
          {reset.error ? (
            <>
              <ApiErrorAlert error={reset.error} />
              <Button component={RouterLink} to="/recover-password">
                {t('users:reset.requestNew')}
              </Button>
            </>
          ) : null}
          <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
          <NewPasswordField control={form.control} name="newPassword" label={t('users:fields.newPassword')} />
          <Button type="submit" variant="contained" disabled={reset.isPending}>
            {t('users:reset.submit')}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
