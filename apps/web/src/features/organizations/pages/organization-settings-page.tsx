import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import type { z } from 'zod';
import type {
  Organization,
  organizationPortBodySchema,
  organizationProfileFieldsSchema,
  OrganizationImageField,
  OrganizationPort,
} from '@harbor/contracts';
import { IMAGE_MAX_BYTES } from '@harbor/contracts/listing-constants';
import { invalidParamsOf } from '../../../shared/api-client/index.ts';
import { lazyZodResolver, usePreloadResolver } from '../../../shared/forms/lazy-resolver.ts';
import { portOptions } from '../../../shared/ports/ports.ts';
import { useSelectedPort } from '../../../shared/ports/selected-port.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { FormTextField } from '../../../shared/ui/form-text-field.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { translateIssue } from '../../listings/messages.ts';
import { useCurrentUser } from '../../users/index.ts';
import { useOrganization, useOrganizationPorts, useSavePort, useSaveProfile } from '../api/organizations-api.ts';
import { geometryCenter } from '../../../shared/map/geometry-center.ts';
import { LazyPointPickerMap } from '../../../shared/map/lazy-point-picker-map.tsx';
import { usePort } from '../../zones/index.ts';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { SelectField } from '../../../shared/ui/select-field.tsx';

const TABS = ['profile', 'ports'] as const;
type SettingsTab = (typeof TABS)[number];
const IMAGE_TYPES = ['image/jpeg', 'image/gif', 'image/png'];
const profileResolver = lazyZodResolver(() => import('../forms/organizations-schemas.ts').then((m) => m.organizationProfileFieldsSchema));
const portResolver = lazyZodResolver(() => import('../forms/organizations-schemas.ts').then((m) => m.organizationPortBodySchema));

/** /organization/:id/settings/:tab: the profile editor and the port-specific info editor (members only). */
export function OrganizationSettingsPage() {
  const { t } = useTranslation();
  const { id, tab: tabParam } = useParams();
  const { data: me, isPending: mePending } = useCurrentUser();
  const { data: org, isPending, error } = useOrganization(id);
  if (!TABS.includes(tabParam as SettingsTab)) return <Navigate to={`/organization/${id}/settings/profile`} replace />;
  const tab = tabParam as SettingsTab;
  if (isPending || mePending) return <Loading minHeight="50vh" />;
  if (error) return <Page title={t('organizations:settings.title')}><ApiErrorAlert error={error} /></Page>;
  if (me?.organization.id !== org.id)
    return (
      <Page title={t('organizations:settings.title')}>
        <Alert severity="error">{t('organizations:errors.notMember')}</Alert>
      </Page>
    );
  return (
    <Page title={t('organizations:settings.title')} maxWidth="md">
      <Tabs value={tab} aria-label={t('organizations:settings.tabsLabel')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        {TABS.map((v) => (
          <Tab key={v} value={v} label={t(`organizations:settings.tabs.${v}`)} component={RouterLink} to={`/organization/${org.id}/settings/${v}`} />
        ))}
      </Tabs>
      {tab === 'profile' ? <ProfileForm org={org} /> : <PortsForm org={org} />}
    </Page>
  );
}

type ProfileIn = z.input<typeof organizationProfileFieldsSchema>;
type ProfileOut = z.output<typeof organizationProfileFieldsSchema>;

function ProfileForm({ org }: { org: Organization }) {
  const { t } = useTranslation();
  const save = useSaveProfile(org.id);
  const [files, setFiles] = useState<Partial<Record<OrganizationImageField, File>>>({});
  const [fileError, setFileError] = useState<Partial<Record<OrganizationImageField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const form = useForm<ProfileIn, unknown, ProfileOut>({
    mode: 'onTouched',
    resolver: profileResolver,
    defaultValues: {
      name: org.name,
      businessId: org.businessId ?? '',
      shortDescription: org.shortDescription ?? '',
      longDescription: org.longDescription ?? '',
      street: org.address.street ?? '',
      postalCode: org.address.postalCode ?? '',
      city: org.address.city ?? '',
      country: org.address.country ?? '',
      email: org.email ?? '',
      phone: org.phone ?? '',
      websiteUrl: org.websiteUrl ?? '',
    },
  });
  usePreloadResolver(profileResolver);
  const logoMissing = !org.logo && !files.logoImage;

  const pickFile = (field: OrganizationImageField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const problem = !IMAGE_TYPES.includes(file.type) ? 'images:errors.unsupportedType' : file.size > IMAGE_MAX_BYTES ? 'images:errors.overLimit' : undefined;
    setFileError((x) => ({ ...x, [field]: problem }));
    if (!problem) setFiles((x) => ({ ...x, [field]: file }));
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setSubmitted(true);
    if (logoMissing) return;
    const body = new FormData();
    for (const [k, v] of Object.entries(values)) body.append(k, v == null ? '' : String(v));
    // The logo travels always when newly picked; icon and main image only if changed.
    for (const [k, f] of Object.entries(files)) if (f) body.append(k, f);
    await save.mutateAsync(body).catch(() => undefined);
  });

  const fileRow = (field: OrganizationImageField, current: boolean) => (
    <Box>
      <Button variant="outlined" component="label">
        {t(`organizations:settings.images.${field}`)}
        <input hidden type="file" accept="image/jpeg,image/gif,image/png" onChange={pickFile(field)} data-testid={`org-${field}`} />
      </Button>{' '}
      <Typography component="span" variant="body2">
        {files[field]?.name ?? (current ? t('organizations:settings.images.current') : t('organizations:settings.images.none'))}
      </Typography>
      {fileError[field] && <Typography color="error" variant="body2">{t(fileError[field])}</Typography>}
      {field === 'logoImage' && submitted && logoMissing && <Typography color="error" variant="body2">{t('organizations:validation.logoRequired')}</Typography>}
    </Box>
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack spacing={2}>
        <FormTextField control={form.control} name="name" label={t('organizations:settings.fields.name')} required />
        <FormTextField control={form.control} name="businessId" label={t('organizations:settings.fields.businessId')} required />
        <FormTextField control={form.control} name="shortDescription" label={t('organizations:settings.fields.shortDescription')} required />
        <FormTextField control={form.control} name="longDescription" label={t('organizations:settings.fields.longDescription')} multiline minRows={4} required />
        <FormTextField control={form.control} name="street" label={t('organizations:settings.fields.street')} required />
        <Stack direction="row" spacing={1}>
          <FormTextField control={form.control} name="postalCode" label={t('organizations:settings.fields.postalCode')} required />
          <FormTextField control={form.control} name="city" label={t('organizations:settings.fields.city')} required />
        </Stack>
        <FormTextField control={form.control} name="country" label={t('organizations:settings.fields.country')} required />
        <FormTextField control={form.control} name="email" label={t('organizations:settings.fields.email')} type="email" required />
        <FormTextField control={form.control} name="phone" label={t('organizations:settings.fields.phone')} type="tel" required />
        <FormTextField control={form.control} name="websiteUrl" label={t('organizations:settings.fields.websiteUrl')} />
        {fileRow('logoImage', Boolean(org.logo))}
        {fileRow('iconImage', Boolean(org.miniIcon))}
        {fileRow('mainImage', Boolean(org.mainImage))}
        {save.isSuccess && <Alert severity="success">{t('organizations:settings.saved')}</Alert>}
        {save.error && (
          <Alert severity="error">
            {t('organizations:errors.saveFailed')}
            {invalidParamsOf(save.error).map((p) => <div key={p.path}>{translateIssue(t, p.message)}</div>)}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('organizations:settings.save')}
        </Button>
      </Stack>
    </Box>
  );
}

type PortIn = z.input<typeof organizationPortBodySchema>;
type PortOut = z.output<typeof organizationPortBodySchema>;

function portDefaults(port: string, existing: OrganizationPort | undefined): PortIn {
  return {
    port,
    city: existing?.city ?? '',
    street: existing?.street ?? '',
    zip: existing?.zip ?? '',
    email: existing?.email ?? undefined,
    phone: existing?.phone ?? undefined,
    lat: existing?.lat ?? null,
    lon: existing?.lon ?? null,
    hideMap: existing?.hideMap ?? false,
    officeAddress: existing?.officeAddress ?? '',
  };
}

function PortsForm({ org }: { org: Organization }) {
  const { t } = useTranslation();
  const selected = useSelectedPort();
  const { data: ports, isPending, error } = useOrganizationPorts(org.id);
  const [port, setPort] = useState(selected);
  if (isPending) return <Loading />;
  if (error) return <ApiErrorAlert error={error} />;
  const existing = ports.find((p) => p.port === port);
  // The main ports, then any other port the organization already has details for.
  const main = portOptions();
  const options = [...main, ...ports.filter((p) => !main.some((o) => o.value === p.port)).map((p) => ({ value: p.port, label: p.port }))];
  return (
    <Stack spacing={2}>
      <SelectField label={t('listings:search.port')} value={port} onChange={(e) => setPort(e.target.value)} options={options} sx={{ maxWidth: 320 }} />
      <PortForm key={port} org={org} port={port} existing={existing} />
    </Stack>
  );
}

function PortForm({ org, port, existing }: { org: Organization; port: string; existing: OrganizationPort | undefined }) {
  const { t } = useTranslation();
  const save = useSavePort(org.id);
  const form = useForm<PortIn, unknown, PortOut>({ mode: 'onTouched', resolver: portResolver, defaultValues: portDefaults(port, existing) });
  usePreloadResolver(portResolver);
  const [lat, lon, hideMap] = useWatch({ control: form.control, name: ['lat', 'lon', 'hideMap'] });
  // Until the office is placed, the map shows the port this information belongs to.
  const portArea = usePort(port);
  const onSubmit = form.handleSubmit(async (body) => {
    await save.mutateAsync({ portId: existing?.id ?? null, body: { ...body, email: body.email || null, phone: body.phone || null } }).catch(() => undefined);
  });
  const coord = (name: 'lat' | 'lon', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={label}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
          onBlur={field.onBlur}
          type="number"
          slotProps={{ htmlInput: { step: 'any' } }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? t('validation:invalid') : undefined}
        />
      )}
    />
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack spacing={2}>
        <FormTextField control={form.control} name="officeAddress" label={t('organizations:settings.port.officeAddress')} />
        <FormTextField control={form.control} name="street" label={t('organizations:settings.fields.street')} />
        <Stack direction="row" spacing={1}>
          <FormTextField control={form.control} name="zip" label={t('organizations:settings.fields.postalCode')} />
          <FormTextField control={form.control} name="city" label={t('organizations:settings.fields.city')} />
        </Stack>
        <FormTextField control={form.control} name="email" label={t('organizations:settings.fields.email')} type="email" />
        <FormTextField control={form.control} name="phone" label={t('organizations:settings.fields.phone')} type="tel" />
        <Typography variant="subtitle2">{t('organizations:settings.port.location')}</Typography>
        <Typography variant="body2" color="text.secondary">{t('organizations:settings.port.mapHelp')}</Typography>
        <LazyPointPickerMap
          lat={lat ?? null}
          lon={lon ?? null}
          label={t('organizations:settings.port.location')}
          near={geometryCenter(portArea.data?.geometry)}
          onPick={(la, lo) => {
            form.setValue('lat', la, { shouldDirty: true, shouldValidate: true });
            form.setValue('lon', lo, { shouldDirty: true, shouldValidate: true });
          }}
        />
        <Stack direction="row" spacing={1}>
          {coord('lat', t('listings:order.lat'))}
          {coord('lon', t('listings:order.lng'))}
        </Stack>
        <FormControlLabel
          control={<Checkbox checked={Boolean(hideMap)} onChange={(e) => form.setValue('hideMap', e.target.checked, { shouldDirty: true })} />}
          label={t('organizations:settings.port.hideMap')}
        />
        {save.isSuccess && <Alert severity="success">{t('organizations:settings.saved')}</Alert>}
        <ApiErrorAlert error={save.error} />
        <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('organizations:settings.save')}
        </Button>
      </Stack>
    </Box>
  );
}
