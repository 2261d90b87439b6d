import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api-client/index.ts';
import { lazyZodResolver, usePreloadResolver } from '../../../shared/forms/lazy-resolver.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { NewPasswordField, PasswordField } from '../../../shared/ui/password-field.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { applyServerFieldErrors } from '../../../shared/ui/server-field-errors.ts';
import { useChangePassword } from '../api/use-change-password.ts';

const resolver = lazyZodResolver(() => import('../forms/users-schemas.ts').then((m) => m.changePasswordBodySchema));

/** /account/change-password: current and new password; a wrong current password marks that field. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  usePreloadResolver(resolver);

  const submit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (errorCodeOf(error) === 'password-incorrect')
          form.setError('currentPassword', { type: 'server', message: 'errors.password-incorrect' }, { shouldFocus: true });
        else applyServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword']);
      },
    }),
  );

  return (
    <Page title={t('users:password.title')} bare>
      <form noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {change.isSuccess && (
            <Alert severity="success" role="status">
              {t('users:password.changed')}
            </Alert>
          )}
          {change.error && errorCodeOf(change.error) !== 'password-incorrect' ? <ApiErrorAlert error={change.error} /> : null}
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <PasswordField control={form.control} name="currentPassword" label={t('users:fields.currentPassword')} autoComplete="current-password" required />
          <NewPasswordField control={form.control} name="newPassword" label={t('users:fields.newPassword')} />
          <div>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {t('users:password.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Page>
  );
}
