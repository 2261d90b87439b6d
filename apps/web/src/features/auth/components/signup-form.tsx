import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import { Controller, useForm } from 'react-hook-form';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RegisterBody, registerBodySchema } from '@harbor/contracts';
import { SIGNUP_ROLES } from '@harbor/contracts/roles';
import type { z } from 'zod';
import { errorCodeOf } from '../../../shared/api-client/index.ts';
import { lazyZodResolver, usePreloadResolver } from '../../../shared/forms/lazy-resolver.ts';
import { translateMessage } from '../../../shared/i18n/messages.ts';
import { portOptions } from '../../../shared/ports/ports.ts';
import { useSelectedPort } from '../../../shared/ports/selected-port.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { FormSelectField } from '../../../shared/ui/form-select-field.tsx';
import { FormTextField } from '../../../shared/ui/form-text-field.tsx';
import { NewPasswordField } from '../../../shared/ui/password-field.tsx';
import { applyServerFieldErrors } from '../../../shared/ui/server-field-errors.ts';
import { useSignup } from '../api/use-signup.ts';

type SignupInput = z.input<typeof registerBodySchema>;

const TEXT_FIELDS = [
  { name: 'firstName', autoComplete: 'given-name', half: true },
  { name: 'lastName', autoComplete: 'family-name', half: true },
  { name: 'email', autoComplete: 'email', type: 'email' },
  { name: 'phone', autoComplete: 'tel', type: 'tel', half: true },
  { name: 'companyName', autoComplete: 'organization', half: true },
  { name: 'businessId', autoComplete: 'off', half: true },
  { name: 'webAddress', autoComplete: 'url', half: true },
] as const;

const ALL_FIELDS: FieldPath<SignupInput>[] = [...TEXT_FIELDS.map((f) => f.name), 'password', 'defaultPort', 'roles'];

const resolver = lazyZodResolver(() => import('../forms/auth-schemas.ts').then((m) => m.registerBodySchema));

/** Every sign-up field of the seller spec; all are required, roles as checkboxes. */
export function SignupForm({ onDone }: { onDone: (body: RegisterBody) => void }) {
  const { t } = useTranslation();
  const port = useSelectedPort();
  const signup = useSignup();
  const form = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      phone: '',
      companyName: '',
      businessId: '',
      webAddress: '',
      defaultPort: port,
      roles: [],
    },
  });
  usePreloadResolver(resolver);

  const submit = form.handleSubmit((body) =>
    signup.mutate(body, {
      onSuccess: () => onDone(body),
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ALL_FIELDS);
        if (errorCodeOf(error) === 'email-taken')
          form.setError('email', { type: 'server', message: 'errors.email-taken' }, { shouldFocus: true });
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <ApiErrorAlert error={signup.error} />
      <Grid container spacing={2}>
        {TEXT_FIELDS.map((field) => (
          <Grid key={field.name} size={{ xs: 12, sm: 'half' in field ? 6 : 12 }}>
            <FormTextField
              control={form.control}
              name={field.name}
              label={t(`auth:fields.${field.name}`)}
              type={'type' in field ? field.type : 'text'}
              autoComplete={field.autoComplete}
              required
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField control={form.control} name="defaultPort" label={t('auth:fields.defaultPort')} options={portOptions()} required />
        </Grid>
        <Grid size={12}>
          <NewPasswordField control={form.control} name="password" label={t('auth:fields.password')} />
        </Grid>
        <Grid size={12}>
          <Controller
            control={form.control}
            name="roles"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)} required>
                <FormLabel component="legend">{t('auth:fields.roles')}</FormLabel>
                <FormGroup row>
                  {SIGNUP_ROLES.map((role) => (
                    <FormControlLabel
                      key={role}
                      label={t(`users:roles.${role}`)}
                      control={
                        <Checkbox
                          name={`roles-${role}`}
                          checked={field.value?.includes(role) ?? false}
                          onBlur={field.onBlur}
                          onChange={(e) => {
                            const others = (field.value ?? []).filter((r) => r !== role);
                            field.onChange(e.target.checked ? [...others, role] : others);
                          }}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                <FormHelperText>
                  {fieldState.error ? translateMessage(t, fieldState.error.message) : t('auth:fields.rolesHint')}
                </FormHelperText>
              </FormControl>
            )}
          />
        </Grid>
        <Grid size={12}>
          <Button type="submit" variant="contained" size="large" disabled={signup.isPending}>
            {signup.isPending ? t('auth:signup.submitting') : t('auth:signup.submit')}
          </Button>
        </Grid>
      </Grid>
    </form>
  );
}
