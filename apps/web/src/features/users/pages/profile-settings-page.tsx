import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TEXTAREA_MAX } from '@harbor/contracts/constants';
import type { CurrentUser } from '@harbor/contracts';
import { lazyZodResolver, usePreloadResolver } from '../../../shared/forms/lazy-resolver.ts';
import { portOptions } from '../../../shared/ports/ports.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { FormSelectField } from '../../../shared/ui/form-select-field.tsx';
import { FormTextField } from '../../../shared/ui/form-text-field.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { applyServerFieldErrors } from '../../../shared/ui/server-field-errors.ts';
import { TabNav } from '../../../shared/ui/tab-nav.tsx';
import { useCurrentUser } from '../api/use-current-user.ts';
import { useUpdateProfile } from '../api/use-update-profile.ts';

const resolver = lazyZodResolver(() => import('../forms/users-schemas.ts').then((m) => m.profileSchema));
const FIELDS = ['firstName', 'lastName', 'bio', 'defaultPort'] as const;

function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm({
    resolver,
    mode: 'onTouched',
    values: { firstName: user.firstName, lastName: user.lastName, bio: user.bio ?? '', defaultPort: user.defaultPort },
  });
  usePreloadResolver(resolver);
  const bio = form.watch('bio') ?? '';

  const submit = form.handleSubmit((body) =>
    update.mutate(
      { ...body, bio: body.bio?.trim() ? body.bio : null },
      { onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS) },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      {update.isSuccess && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('users:profile.saved')}
        </Alert>
      )}
      <ApiErrorAlert error={update.error} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={form.control} name="firstName" label={t('auth:fields.firstName')} autoComplete="given-name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={form.control} name="lastName" label={t('auth:fields.lastName')} autoComplete="family-name" required />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={form.control}
            name="bio"
            label={t('users:fields.bio')}
            multiline
            minRows={4}
            helperText={t('common:charactersLeft', { count: TEXTAREA_MAX - bio.length })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField control={form.control} name="defaultPort" label={t('auth:fields.defaultPort')} options={portOptions()} required />
        </Grid>
        <Grid size={12}>
          <Button type="submit" variant="contained" disabled={update.isPending || !form.formState.isDirty}>
            {t('common:actions.save')}
          </Button>
        </Grid>
      </Grid>
    </form>
  );
}

/** /profile-settings, one tab of the own-listings area (your listings, profile settings, account settings). */
export function ProfileSettingsPage() {
  const { t } = useTranslation();
  const { data: user, error, isPending } = useCurrentUser();
  const tabs = [
    { id: 'listings', label: t('users:profile.tabs.listings'), to: '/listings' },
    { id: 'profile', label: t('users:profile.tabs.profile'), to: '/profile-settings' },
    { id: 'account', label: t('users:profile.tabs.account'), to: '/account' },
  ];
  return (
    <Page title={t('users:profile.title')}>
      <TabNav tabs={tabs} selected="profile" label={t('users:profile.tabsLabel')} />
      {isPending ? <Loading /> : error || !user ? <ApiErrorAlert error={error} /> : <ProfileForm user={user} />}
    </Page>
  );
}
