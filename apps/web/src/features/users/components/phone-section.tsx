import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@harbor/contracts/text-format';
import type { CurrentUser } from '@harbor/contracts';
import { lazyZodResolver, usePreloadResolver } from '../../../shared/forms/lazy-resolver.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { FormTextField } from '../../../shared/ui/form-text-field.tsx';
import { applyServerFieldErrors } from '../../../shared/ui/server-field-errors.ts';
import { useUpdateProfile } from '../api/use-update-profile.ts';

/** The phone number is required here as at sign-up: the same field rule, shown grouped 3-2-7. */
const resolver = lazyZodResolver(() => import('../forms/users-schemas.ts').then((m) => m.phoneSchema));

export function PhoneSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm({
    resolver,
    mode: 'onTouched',
    values: { phoneNumber: user.phoneNumber ? formatPhone(user.phoneNumber) : '' },
  });
  usePreloadResolver(resolver);

  const submit = form.handleSubmit((body) =>
    update.mutate(body, { onError: (error) => applyServerFieldErrors(error, form.setError, ['phoneNumber']) }),
  );

  return (
    <Box component="section" id="phone" aria-labelledby="phone-heading">
      <Typography variant="h3" component="h2" id="phone-heading" sx={{ mb: 2 }}>
        {t('users:contact.phoneHeading')}
      </Typography>
      <form noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {update.isSuccess && (
            <Alert severity="success" role="status">
              {t('users:contact.phoneSaved')}
            </Alert>
          )}
          <ApiErrorAlert error={update.error} />
          <FormTextField control={form.control} name="phoneNumber" type="tel" label={t('auth:fields.phone')} autoComplete="tel" required />
          <div>
            <Button type="submit" variant="contained" disabled={update.isPending || !form.formState.isDirty}>
              {t('users:contact.savePhone')}
            </Button>
          </div>
        </Stack>
      </form>
    </Box>
  );
}
