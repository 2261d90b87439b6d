import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { Issue, Listing } from '@harbor/contracts';
import {
  DAYS_OF_WEEK,
  DELIVERY_TIME_UNITS,
  LISTING_DELETION_HOURS,
  LISTING_UNITS,
  PHYSICAL_CATEGORIES,
  DIGITAL_CATEGORIES,
  PRODUCT_TYPES,
} from '@harbor/contracts/listing-constants';
import { invalidParamsOf } from '../../../shared/api-client/index.ts';
import { lazyZodResolver, usePreloadResolver } from '../../../shared/forms/lazy-resolver.ts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { portMenuItems } from '../../../shared/ports/port-menu-items.tsx';
import { useSelectedPort } from '../../../shared/ports/selected-port.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import {
  useAddException,
  useAvailabilityExceptions,
  useDeleteException,
  useDeleteListing,
  useOwnListing,
  useSaveListing,
  useTransition,
} from '../api/listings-api.ts';
import { EditorCheckbox, EditorField, EditorSelectField } from '../components/editor-fields.tsx';
import { ImagesEditor } from '../components/images-editor.tsx';
import { PricingTab, StockControl } from '../components/pricing-tab.tsx';
import { WorkingHoursFields } from '../components/working-hours-fields.tsx';
import { bodyForTab, crossFieldIssues, currencyOf, editorDefaults, formFieldOf, TAB_FIELDS, type EditorValues } from '../editor-model.ts';
import { translateIssue } from '../messages.ts';
import {
  EDITOR_TABS,
  editListingPath,
  isEditorTab,
  isPayoutReturnType,
  listingPath,
  NEW_LISTING_ID,
  type EditorTab,
  type PayoutReturnType,
} from '../paths.ts';

const resolver = lazyZodResolver(() => import('../forms/listings-schemas.ts').then((m) => m.editorSchema));

const timezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Helsinki';

/**
 * /l/new, /l/:slug/:id/:type/:tab and /l/:slug/:id/:type/:tab/:returnURLType:
 * the listing editor wizard; the last one is where payout onboarding returns.
 */
export function EditListingPage() {
  const { t } = useTranslation();
  const { id, tab: tabParam, returnURLType } = useParams();
  const isNew = !id || id === NEW_LISTING_ID;
  const { data: listing, isPending, error } = useOwnListing(isNew ? undefined : id);
  if (!isNew && isPending) return <Loading minHeight="50vh" />;
  if (!isEditorTab(tabParam) && !isNew && listing) return <Navigate to={editListingPath(listing, 'details')} replace />;
  if (!isNew && error)
    return (
      <Page title={t('listings:editor.title')}>
        <Alert severity="error">{t('listings:errors.fetchFailed')}</Alert>
        <ApiErrorAlert error={error} />
      </Page>
    );
  const tab: EditorTab = isEditorTab(tabParam) ? tabParam : 'details';
  // Keyed by listing id: the form starts from the saved listing and keeps unsaved input across refetches.
  const payoutReturn = isPayoutReturnType(returnURLType) ? returnURLType : null;
  return <Editor key={listing?.id ?? 'new'} listing={listing ?? null} tab={tab} payoutReturn={payoutReturn} />;
}

/** Back from payout onboarding: says how it went; dismissing drops the return type from the URL. */
function PayoutReturnAlert({ type, onClose }: { type: PayoutReturnType; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert severity={type === 'success' ? 'success' : 'warning'} onClose={onClose} closeText={t('listings:editor.payoutReturn.dismiss')} sx={{ mb: 2 }} data-testid="payout-return">
      {t(`listings:editor.payoutReturn.${type}`)}
    </Alert>
  );
}

function Editor({ listing, tab, payoutReturn }: { listing: Listing | null; tab: EditorTab; payoutReturn: PayoutReturnType | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Dismissing the payout note drops only the return type from the path.
  const location = useLocation();
  const port = useSelectedPort();
  const save = useSaveListing();
  const [warnings, setWarnings] = useState<Issue[]>([]);
  const [saved, setSaved] = useState(false);
  const form = useForm<EditorValues>({ mode: 'onTouched', resolver, defaultValues: editorDefaults(listing, port) });
  usePreloadResolver(resolver);
  const title = listing ? t('listings:editor.editTitle', { title: listing.title }) : t('listings:editor.title');
  const formTabs = Object.keys(TAB_FIELDS) as EditorTab[];
  const nextTab = EDITOR_TABS[EDITOR_TABS.indexOf(tab) + 1];

  const onSave = async () => {
    const fields = TAB_FIELDS[tab] ?? [];
    setSaved(false);
    if (!(await form.trigger(fields, { shouldFocus: true }))) return;
    const cross = crossFieldIssues(form.getValues(), currencyOf(listing)).filter((i) => fields.some((f) => i.path === f || i.path.startsWith(`${f}.`)));
    for (const issue of cross) form.setError(issue.path as keyof EditorValues, { message: issue.message }, { shouldFocus: true });
    if (cross.length) return;
    try {
      const answer = await save.mutateAsync({ id: listing?.id ?? null, body: bodyForTab(tab, form.getValues(), listing, timezone()) });
      setWarnings(answer.warnings);
      setSaved(true);
      if (!listing || answer.warnings.length === 0) navigate(editListingPath(answer.data, nextTab ?? tab));
    } catch (err) {
      for (const p of invalidParamsOf(err)) {
        const name = formFieldOf(p.path, form.getValues());
        if (name) form.setError(name as keyof EditorValues, { message: p.message });
      }
    }
  };

  return (
    <Page title={title} maxWidth="lg">
      {payoutReturn && <PayoutReturnAlert type={payoutReturn} onClose={() => navigate(location.pathname.replace(/\/[^/]+\/?$/, ''), { replace: true })} />}
      <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile aria-label={t('listings:editor.tabsLabel')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        {EDITOR_TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`listings:editor.tabs.${value}`)}
            component={RouterLink}
            to={editListingPath(listing, value)}
            disabled={!listing && value !== 'details'}
            id={`editor-tab-${value}`}
            aria-controls="editor-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="editor-panel" aria-labelledby={`editor-tab-${tab}`}>
        {formTabs.includes(tab) && (
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void onSave();
            }}
          >
            <Stack spacing={2} sx={{ maxWidth: 720 }}>
              {tab === 'details' && <DetailsTab control={form.control} />}
              {tab === 'pricing' && <PricingTab control={form.control} listing={listing} />}
              {tab === 'delivery' && <DeliveryTab control={form.control} />}
              {tab === 'features' && <FeaturesTab control={form.control} />}
              {tab === 'disclaimer' && <EditorField control={form.control} name="disclaimer" label={t('listings:editor.fields.disclaimer')} multiline minRows={4} />}
              {tab === 'location' && <LocationTab control={form.control} />}
              {tab === 'availability' && <AvailabilityTab control={form.control} />}
              {warnings.map((w) => (
                <Alert key={w.path + w.message} severity="warning">
                  {translateIssue(t, w.message, w.values)}
                </Alert>
              ))}
              {save.error && invalidParamsOf(save.error).length === 0 && <Alert severity="error">{t('listings:errors.updateFailed')}</Alert>}
              {save.error && invalidParamsOf(save.error).length > 0 && (
                <Alert severity="error">
                  {invalidParamsOf(save.error).map((p) => (
                    <div key={p.path}>{translateIssue(t, p.message)}</div>
                  ))}
                </Alert>
              )}
              {saved && warnings.length > 0 && <Alert severity="success">{t('listings:editor.savedWithWarnings')}</Alert>}
              <Stack direction="row" spacing={2}>
                <Button type="submit" variant="contained" disabled={save.isPending}>
                  {listing ? t('listings:editor.saveAndContinue') : t('listings:editor.createDraft')}
                </Button>
                {saved && warnings.length > 0 && nextTab && (
                  <Button component={RouterLink} to={editListingPath(listing, nextTab)}>
                    {t('listings:editor.next')}
                  </Button>
                )}
              </Stack>
            </Stack>
          </Box>
        )}
        {tab === 'pricing' && listing && <StockControl listing={listing} />}
        {tab === 'images' && listing && <ImagesEditor listing={listing} />}
        {tab === 'availability' && listing && <ExceptionsSection listing={listing} />}
        {tab === 'publish' && listing && <PublishTab listing={listing} />}
        {tab === 'delete' && listing && <DeleteTab listing={listing} />}
      </Box>
    </Page>
  );
}

type EditorControl = Control<EditorValues>;

function CategoriesField({ control }: { control: EditorControl }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'categories' });
  const productType = useWatch({ control, name: 'productType' });
  const offered = productType === 'digital_service' ? DIGITAL_CATEGORIES : PHYSICAL_CATEGORIES;
  const value = field.value;
  const toggle = (c: (typeof value)[number]) => field.onChange(value.includes(c) ? value.filter((x) => x !== c) : [...value, c]);
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} onBlur={field.onBlur}>
      <FormLabel component="legend">{t('listings:editor.fields.categories')}</FormLabel>
      <FormGroup row>
        {offered.map((c) => (
          <FormControlLabel key={c} control={<Checkbox checked={value.includes(c)} onChange={() => toggle(c)} />} label={t(`listings:categories.${c}`)} />
        ))}
      </FormGroup>
      {fieldState.error && <FormHelperText>{translateIssue(t, fieldState.error.message)}</FormHelperText>}
    </FormControl>
  );
}

function DetailsTab({ control }: { control: EditorControl }) {
  const { t } = useTranslation();
  return (
    <>
      <EditorField control={control} name="title" label={t('listings:editor.fields.title')} required />
      <EditorField control={control} name="description" label={t('listings:editor.fields.description')} multiline minRows={4} required />
      <EditorSelectField
        control={control}
        name="productType"
        label={t('listings:editor.fields.productType')}
        options={PRODUCT_TYPES.map((p) => ({ value: p, label: t(`listings:productTypes.${p}`) }))}
        required
      />
      <CategoriesField control={control} />
      <EditorSelectField control={control} name="unit" label={t('listings:editor.fields.unit')} options={LISTING_UNITS.map((u) => ({ value: u, label: t(`listings:units.${u}`) }))} required />
    </>
  );
}

function DeliveryTab({ control }: { control: EditorControl }) {
  const { t } = useTranslation();
  const arrangedBy = useWatch({ control, name: 'arrangedBy' });
  const units = DELIVERY_TIME_UNITS.map((u) => ({ value: u, label: t(`listings:timeUnits.${u}`) }));
  return (
    <>
      <EditorSelectField
        control={control}
        name="arrangedBy"
        label={t('listings:editor.fields.arrangedBy')}
        options={[
          { value: 'seller', label: t('listings:editor.arrangedBy.seller') },
          { value: 'buyer', label: t('listings:editor.arrangedBy.buyer') },
        ]}
      />
      {arrangedBy === 'seller' && (
        <>
          <Stack direction="row" spacing={1}>
            <EditorField control={control} name="deliveryTime" label={t('listings:editor.fields.deliveryTime')} inputMode="decimal" />
            <EditorSelectField control={control} name="deliveryTimeUnit" label={t('listings:editor.fields.timeUnit')} options={units} />
          </Stack>
          <EditorField control={control} name="costBasic" label={t('listings:editor.fields.costBasic')} inputMode="decimal" />
          <Stack direction="row" spacing={1}>
            <EditorField control={control} name="expeditedTime" label={t('listings:editor.fields.expeditedTime')} inputMode="decimal" />
            <EditorSelectField control={control} name="expeditedTimeUnit" label={t('listings:editor.fields.timeUnit')} options={units} />
          </Stack>
          <EditorField control={control} name="costExpedited" label={t('listings:editor.fields.costExpedited')} inputMode="decimal" />
          <Stack direction="row">
            <EditorCheckbox control={control} name="shipping" label={t('listings:editor.fields.shipping')} />
            <EditorCheckbox control={control} name="pickup" label={t('listings:editor.fields.pickup')} />
          </Stack>
        </>
      )}
      <EditorField control={control} name="deliveryInfo" label={t('listings:editor.fields.deliveryInfo')} multiline minRows={3} />
    </>
  );
}

function FeaturesTab({ control }: { control: EditorControl }) {
  const { t } = useTranslation();
  return (
    <>
      <EditorField control={control} name="serviceDocumentationLink" label={t('listings:editor.fields.serviceDocumentationLink')} type="url" />
      <EditorCheckbox control={control} name="allowSubscription" label={t('listings:editor.fields.allowSubscription')} />
      <EditorCheckbox control={control} name="allowOnlinePayment" label={t('listings:editor.fields.allowOnlinePayment')} />
      <EditorField
        control={control}
        name="availabilityDate"
        type="datetime-local"
        label={t('listings:editor.fields.availabilityDate')}
        helperText={t('listings:editor.availabilityDateHelp')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}

function LocationTab({ control }: { control: EditorControl }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'port' });
  return (
    <>
      <TextField
        select
        label={t('listings:editor.fields.port')}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={Boolean(fieldState.error)}
        helperText={fieldState.error ? translateIssue(t, fieldState.error.message) : undefined}
        required
      >
        {portMenuItems()}
      </TextField>
      <Typography variant="body2" color="text.secondary">
        {t('listings:editor.locationHelp')}
      </Typography>
      <Stack direction="row" spacing={1}>
        <EditorField control={control} name="lat" label={t('listings:order.lat')} inputMode="decimal" />
        <EditorField control={control} name="lng" label={t('listings:order.lng')} inputMode="decimal" />
      </Stack>
    </>
  );
}

function AvailabilityTab({ control }: { control: EditorControl }) {
  const { t } = useTranslation();
  return (
    <>
      <Stack direction="row" spacing={1}>
        <EditorField control={control} name="availableFrom" type="date" label={t('listings:editor.fields.availableFrom')} slotProps={{ inputLabel: { shrink: true } }} required />
        <EditorField control={control} name="availableTo" type="date" label={t('listings:editor.fields.availableTo')} slotProps={{ inputLabel: { shrink: true } }} required />
      </Stack>
      <Typography variant="subtitle2">{t('listings:editor.plan')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {DAYS_OF_WEEK.map((day, i) => (
          <EditorField key={day} control={control} name={`seats.${i}`} label={t(`listings:days.${day}`)} inputMode="numeric" sx={{ width: 90 }} fullWidth={false} />
        ))}
      </Stack>
      <WorkingHoursFields control={control} />
    </>
  );
}

function ExceptionsSection({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useAvailabilityExceptions(listing.id);
  const add = useAddException(listing.id);
  const remove = useDeleteException(listing.id);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [seats, setSeats] = useState('0');
  const endBeforeStart = Boolean(start && end && end <= start);
  const submit = () => {
    if (!start || !end || endBeforeStart) return;
    add.mutate({ start: new Date(start).toISOString(), end: new Date(end).toISOString(), seats: Number(seats) || 0 }, { onSuccess: () => (setStart(''), setEnd('')) });
  };
  return (
    <Box component="section" aria-labelledby="exceptions-title" sx={{ mt: 4, maxWidth: 720 }}>
      <Typography id="exceptions-title" variant="h3" component="h2">
        {t('listings:editor.exceptions.title')}
      </Typography>
      {isPending ? (
        <Loading minHeight={60} />
      ) : error ? (
        <ApiErrorAlert error={error} />
      ) : data.length === 0 ? (
        <Typography variant="body2" sx={{ my: 1 }}>
          {t('listings:editor.exceptions.none')}
        </Typography>
      ) : (
        <List dense>
          {data.map((x) => (
            <ListItem
              key={x.id}
              secondaryAction={
                <IconButton edge="end" aria-label={t('listings:editor.exceptions.remove')} onClick={() => remove.mutate(x.id)}>
                  <DeleteOutline />
                </IconButton>
              }
            >
              <ListItemText primary={`${formatDateTime(x.start)} – ${formatDateTime(x.end)}`} secondary={t('listings:editor.exceptions.seats', { seats: x.seats })} />
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <TextInput type="datetime-local" label={t('listings:editor.exceptions.start')} value={start} onChange={(e) => setStart(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextInput
          type="datetime-local"
          label={t('listings:editor.exceptions.end')}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          error={endBeforeStart}
          helperText={endBeforeStart ? t('listings:validation.endBeforeStart') : undefined}
        />
        <TextInput label={t('listings:editor.exceptions.seatsLabel')} value={seats} onChange={(e) => setSeats(e.target.value.replace(/\D/g, ''))} inputMode="numeric" sx={{ width: 120 }} />
        <Button variant="outlined" onClick={submit} disabled={!start || !end || endBeforeStart || add.isPending}>
          {t('listings:editor.exceptions.add')}
        </Button>
      </Stack>
      <ApiErrorAlert error={add.error ?? remove.error} />
    </Box>
  );
}

function PublishTab({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const transition = useTransition();
  const issues = invalidParamsOf(transition.error);
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography>{t('listings:editor.publish.state', { state: t(`listings:states.${listing.state}`) })}</Typography>
      {listing.state === 'draft' && (
        <>
          <Typography variant="body2">{t('listings:editor.publish.help')}</Typography>
          <Button variant="contained" onClick={() => transition.mutate({ id: listing.id, name: 'publish' })} disabled={transition.isPending} sx={{ alignSelf: 'flex-start' }}>
            {t('listings:editor.publish.publish')}
          </Button>
        </>
      )}
      {listing.state === 'pendingApproval' && <Alert severity="info">{t('listings:editor.publish.pending')}</Alert>}
      {listing.state === 'published' && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Link component={RouterLink} to={listingPath(listing)}>
            {t('listings:editor.publish.view')}
          </Link>
          <Button variant="outlined" onClick={() => transition.mutate({ id: listing.id, name: 'close' })} disabled={transition.isPending}>
            {t('listings:editor.publish.close')}
          </Button>
        </Stack>
      )}
      {listing.state === 'closed' && (
        <Button variant="outlined" onClick={() => transition.mutate({ id: listing.id, name: 'open' })} disabled={transition.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('listings:editor.publish.open')}
        </Button>
      )}
      {transition.error && (
        <Alert severity="error">
          {t('listings:errors.publishFailed')}
          {issues.map((p) => (
            <div key={p.path}>{translateIssue(t, p.message)}</div>
          ))}
        </Alert>
      )}
    </Stack>
  );
}

function DeleteTab({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const remove = useDeleteListing();
  const [confirming, setConfirming] = useState(false);
  if (remove.isSuccess || listing.deletionRequested)
    return (
      <Alert severity="info">
        {t('listings:errors.deleteRequested', { hours: LISTING_DELETION_HOURS })}{' '}
        <Link component={RouterLink} to="/listings">
          {t('listings:manage.back')}
        </Link>
      </Alert>
    );
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography>{t('listings:editor.delete.help', { hours: LISTING_DELETION_HOURS })}</Typography>
      {!confirming ? (
        <Button color="error" variant="outlined" onClick={() => setConfirming(true)} sx={{ alignSelf: 'flex-start' }}>
          {t('listings:editor.delete.delete')}
        </Button>
      ) : (
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" onClick={() => setConfirming(false)}>
                {t('listings:editor.delete.cancel')}
              </Button>
              <Button color="error" variant="contained" onClick={() => remove.mutate(listing)} disabled={remove.isPending}>
                {t('listings:editor.delete.confirm')}
              </Button>
            </Stack>
          }
        >
          {t('listings:editor.delete.areYouSure', { title: listing.title })}
        </Alert>
      )}
      <ApiErrorAlert error={remove.error} />
    </Stack>
  );
}
