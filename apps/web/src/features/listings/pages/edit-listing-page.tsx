import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { Issue, Listing } from '@harbor/contracts';
import { invalidParamsOf } from '../../../shared/api-client/index.ts';
import { lazyZodResolver, usePreloadResolver } from '../../../shared/forms/lazy-resolver.ts';
import { useSelectedPort } from '../../../shared/ports/selected-port.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useOwnListing, useSaveListing } from '../api/listings-api.ts';
import { DetailsTab } from '../editor/details-tab.tsx';
import {
  AvailabilityTab,
  DeleteTab,
  DeliveryTab,
  DisclaimerTab,
  ExceptionsSection,
  FeaturesTab,
  ImagesEditor,
  LocationTab,
  preloadEditorTabs,
  PricingTab,
  PublishTab,
  StockControl,
} from '../editor/lazy-tabs.ts';
import { bodyForTab, crossFieldIssues, currencyOf, editorDefaults, formFieldOf, TAB_FIELDS, type EditorValues } from '../editor-model.ts';
import { translateIssue } from '../messages.ts';
import {
  EDITOR_TABS,
  editListingPath,
  isEditorTab,
  isPayoutReturnType,
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
  // Only the Details tab's code comes with the page; the others load in the background once it shows.
  useEffect(preloadEditorTabs, []);
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
              {/* One boundary per lazy part, each with one tab at a time: the form's buttons stay while a tab loads. */}
              <Suspense fallback={<Loading minHeight={120} />}>
                {tab === 'details' && <DetailsTab control={form.control} />}
                {tab === 'pricing' && <PricingTab control={form.control} listing={listing} />}
                {tab === 'delivery' && <DeliveryTab control={form.control} />}
                {tab === 'features' && <FeaturesTab control={form.control} />}
                {tab === 'disclaimer' && <DisclaimerTab control={form.control} />}
                {tab === 'location' && <LocationTab control={form.control} />}
                {tab === 'availability' && <AvailabilityTab control={form.control} />}
              </Suspense>
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
        <Suspense fallback={<Loading minHeight={120} />}>
          {tab === 'pricing' && listing && <StockControl listing={listing} />}
          {tab === 'images' && listing && <ImagesEditor listing={listing} />}
          {tab === 'availability' && listing && <ExceptionsSection listing={listing} />}
          {tab === 'publish' && listing && <PublishTab listing={listing} />}
          {tab === 'delete' && listing && <DeleteTab listing={listing} />}
        </Suspense>
      </Box>
    </Page>
  );
}
