import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@harbor/contracts';
import { errorCodeOf } from '../../../shared/api-client/index.ts';
import { lazyZodResolver, usePreloadResolver } from '../../../shared/forms/lazy-resolver.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { FormTextField } from '../../../shared/ui/form-text-field.tsx';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { useChangeEmail } from '../api/use-change-email.ts';
import { useSendVerificationEmail } from '../api/use-send-verification-email.ts';

const resolver = lazyZodResolver(() => import('../forms/users-schemas.ts').then((m) => m.changeEmailBodySchema));

/** The e-mail address: verification state, resend, and a change that needs the current password. */
export function EmailSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const change = useChangeEmail();
  const resend = useSendVerificationEmail();
  const form = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: { email: '', currentPassword: '' },
  });
  usePreloadResolver(resolver);

  const submit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => form.reset({ email: '', currentPassword: '' }),
      onError: (error) => {
        const code = errorCodeOf(error);
        if (code === 'password-incorrect') form.setError('currentPassword', { type: 'server', message: 'errors.password-incorrect' });
        if (code === 'email-taken') form.setError('email', { type: 'server', message: 'errors.email-taken' });
      },
    }),
  );

  return (
    <Box component="section" id="email" aria-labelledby="email-heading" sx={{ mb: 5 }}>
      <Typography variant="h3" component="h2" id="email-heading" sx={{ mb: 2 }}>
        {t('users:contact.emailHeading')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography data-testid="current-email">{user.email}</Typography>
        <Chip
          size="small"
          color={user.emailVerified ? 'success' : 'warning'}
          label={t(user.emailVerified ? 'users:contact.verified' : 'users:contact.unverified')}
        />
      </Stack>
      {!user.emailVerified && (
        <Box sx={{ mb: 3 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('users:contact.verifyHint')}
          </Typography>
          <Button variant="outlined" onClick={resend.send} disabled={resend.isPending}>
            {t('users:contact.resend')}
          </Button>
          {resend.isSuccess && (
            <Alert severity="success" role="status" sx={{ mt: 2 }}>
              {t('users:contact.resent')}
            </Alert>
          )}
          <ApiErrorAlert error={resend.error} />
        </Box>
      )}
      <form noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h3">
            {t('users:contact.changeEmail')}
          </Typography>
          {change.isSuccess && (
            <Alert severity="success" role="status">
              {t('users:contact.emailChanged', { email: change.data.email })}
            </Alert>
          )}
          {change.error && !['password-incorrect', 'email-taken'].includes(errorCodeOf(change.error)) ? (
            <ApiErrorAlert error={change.error} />
          ) : null}
          <FormTextField control={form.control} name="email" type="email" label={t('users:fields.newEmail')} autoComplete="email" required />
          <PasswordField
            control={form.control}
            name="currentPassword"
            label={t('users:fields.currentPassword')}
            autoComplete="current-password"
            required
          />
          <div>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {t('users:contact.saveEmail')}
            </Button>
          </div>
        </Stack>
      </form>
    </Box>
  );
}
