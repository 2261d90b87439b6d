import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { lazyZodResolver, usePreloadResolver } from '../../../shared/forms/lazy-resolver.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { FormTextField } from '../../../shared/ui/form-text-field.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { usePasswordRecovery } from '../api/use-password-recovery.ts';

const resolver = lazyZodResolver(() => import('../forms/users-schemas.ts').then((m) => m.recoveryBodySchema));

/**
 * Password recovery (seller spec section 4): success remembers the submitted
 * e-mail and shows "check your inbox"; "retype e-mail" returns to the form
 * with that address filled in.
 */
export function RecoverPasswordPage() {
  const { t } = useTranslation();
  const recovery = usePasswordRecovery();
  const [submittedEmail, setSubmittedEmail] = useState<string | null>(null);
  const form = useForm({ resolver, mode: 'onTouched', defaultValues: { email: '' } });
  usePreloadResolver(resolver);

  if (submittedEmail) {
    return (
      <Page title={t('users:recover.sentTitle')} maxWidth="sm">
        <Alert severity="success" role="status">
          {t('users:recover.sent', { email: submittedEmail })}
        </Alert>
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Button
            onClick={() => {
              form.reset({ email: submittedEmail });
              setSubmittedEmail(null);
              recovery.reset();
            }}
          >
            {t('users:recover.retype')}
          </Button>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('users:recover.toLogin')}
          </Button>
        </Stack>
      </Page>
    );
  }

  return (
    <Page title={t('users:recover.title')} maxWidth="sm">
      <Typography sx={{ mb: 2 }}>{t('users:recover.intro')}</Typography>
      <form noValidate onSubmit={form.handleSubmit((body) => recovery.mutate(body, { onSuccess: () => setSubmittedEmail(body.email) }))}>
        <Stack spacing={2}>
          <ApiErrorAlert error={recovery.error} />
          <FormTextField control={form.control} name="email" type="email" label={t('auth:fields.email')} autoComplete="email" required />
          <Button type="submit" variant="contained" disabled={recovery.isPending}>
            {t('users:recover.submit')}
          </Button>
        </Stack>
      </form>
      <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 3 }}>
        {t('users:recover.backToLogin')}
      </Link>
    </Page>
  );
}
