import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { LinePrice, Listing } from '@harbor/contracts';
import { TEXTAREA_MAX } from '@harbor/contracts/constants';
import { formatMoney } from '@harbor/contracts/money-format';
import { earliestStart } from '@harbor/contracts/pricing';
import { errorCodeOf, invalidParamsOf } from '../../../shared/api-client/index.ts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { DateTimeField } from '../../../shared/ui/date-field.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { useValidateOrderLine } from '../api/listings-api.ts';
import { translateIssue } from '../messages.ts';
import { geometryCenter } from '../../../shared/map/geometry-center.ts';
import { usePort } from '../../zones/index.ts';
import { cartErrorTexts, LazyCreateCartDialog, setMiniCartOpen, useActiveCart, useAddCartProduct } from '../../carts/index.ts';
import { LazyEnquiryDialog } from '../../messages/enquiry.ts';
import { lazyOverlay } from '../../../shared/ui/lazy-overlay.tsx';
import {
  deliveryMethodsOf,
  initialValues,
  livePrice,
  needsDeliveryLocation,
  NOW_REFRESH_MS,
  orderingBlock,
  orderPanelErrors,
  toLocalInput,
  toOrderLine,
  type OrderPanelValues,
} from '../order-panel-model.ts';
import { AltAmount } from '../../forex/index.ts';

const LocationPickerDialog = lazyOverlay(() => import('./location-picker-dialog.tsx').then((m) => m.LocationPickerDialog));

/** "now", refreshed every 60 s so the earliest start moves with the clock. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), NOW_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function PriceRows({ price, rfq }: { price: LinePrice; rfq: boolean }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney({ amount, currency: price.currency });
  const rows: [string, string][] = [
    [t('listings:order.price.base', { quantity: price.quantity, unit: money(price.unit) }), money(price.base)],
    ...(price.discountAmount ? ([[t('listings:order.price.discount'), `−${money(price.discountAmount)}`]] as [string, string][]) : []),
    ...(price.setupFee ? ([[t('listings:order.price.setupFee'), money(price.setupFee)]] as [string, string][]) : []),
    ...(price.deliveryCost ? ([[t('listings:order.price.delivery'), money(price.deliveryCost)]] as [string, string][]) : []),
    [t('listings:order.price.vat', { percent: price.taxPercent }), money(price.taxAmount)],
  ];
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {rows.map(([label, value]) => (
        <Stack key={label} direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography component="dt" variant="body2">{label}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>{value}</Typography>
        </Stack>
      ))}
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
        <Typography component="dt" variant="subtitle1">{t(rfq ? 'listings:order.price.indicativeTotal' : 'listings:order.price.total')}</Typography>
        <Typography component="dd" variant="subtitle1" sx={{ m: 0 }} data-testid="order-total">{money(price.total)}<AltAmount money={{ amount: price.total, currency: price.currency }} /></Typography>
      </Stack>
    </Box>
  );
}

/** The listing page's order panel (buyer spec section 5 Order panel). */
export function OrderPanel({ listing, signedIn }: { listing: Listing; signedIn: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const now = useNow();
  const [values, setValues] = useState<OrderPanelValues>(() => initialValues(listing, Date.now()));
  const [touched, setTouched] = useState<Partial<Record<keyof OrderPanelValues, boolean>>>({});
  const validate = useValidateOrderLine(listing.id);
  // With an active cart the line goes straight into it (the server validates it as the panel does); without one it is
  // validated first, and the buyer is offered a new cart that then receives it.
  const { active: activeCart, buyer } = useActiveCart();
  const add = useAddCartProduct();
  const [creatingCart, setCreatingCart] = useState(false);
  const [picking, setPicking] = useState(false);
  const [enquiring, setEnquiring] = useState(false);
  const block = orderingBlock(listing, signedIn, now);
  const disabled = block !== null;
  const withAddress = needsDeliveryLocation(listing);
  const methods = deliveryMethodsOf(listing);
  const errors = useMemo(() => orderPanelErrors(listing, values, now), [listing, values, now]);
  const price = livePrice(listing, values);
  const earliest = earliestStart(now, listing.publicData.delivery, values.deliveryMethod);

  const set = (field: keyof OrderPanelValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    validate.reset();
    add.reset();
  };
  const touch = (field: keyof OrderPanelValues) => () => setTouched((x) => ({ ...x, [field]: true }));
  const errorOf = (field: keyof OrderPanelValues) => (touched[field] && errors[field] ? translateIssue(t, errors[field].message, errors[field].values) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ quantity: true, startTime: true, endTime: true, deliveryMethod: true, street: true });
    if (disabled || Object.keys(errors).length) return;
    const line = toOrderLine(values, withAddress);
    if (activeCart) add.mutate({ ...line, cartId: activeCart.id, listingId: listing.id });
    else validate.mutate(line);
  };
  // An enquiry is about the line as filled in: the same checks as adding it, then the message dialog.
  const enquire = () => {
    setTouched({ quantity: true, startTime: true, endTime: true, deliveryMethod: true, street: true });
    if (!disabled && !Object.keys(errors).length) setEnquiring(true);
  };
  const addToNewCart = (cartId: string) => add.mutate({ ...toOrderLine(values, withAddress), cartId, listingId: listing.id });
  const serverIssues = validate.error ? invalidParamsOf(validate.error) : [];
  const availabilityDate = listing.publicData.availabilityDate;
  // RFQ: the listed price is indicative; the seller's quote sets the price (the server answers rfqRequired too).
  const rfq = listing.publicData.rfqRequired === true;
  // The delivery map opens over the listing's port until a point is picked.
  const portArea = usePort(picking ? (listing.publicData.port ?? null) : null);
  const portCenter = geometryCenter(portArea.data?.geometry);

  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="order-panel-title">
      <Typography id="order-panel-title" variant="h3" component="h2" sx={{ mb: 1 }}>
        {listing.price ? formatMoney(listing.price) : t('listings:card.noPrice')}
        {listing.publicData.unit ? ` / ${t(`listings:units.${listing.publicData.unit}`)}` : ''}
        {listing.price && <AltAmount money={listing.price} />}
      </Typography>
      {rfq && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="order-rfq">
          {t('listings:order.rfq')}
        </Alert>
      )}
      {block === 'signIn' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('listings:order.signInToOrder')}{' '}
          <RouterLink to="/login" state={{ from: location }}>{t('listings:order.logIn')}</RouterLink>
        </Alert>
      )}
      {block === 'notYet' && availabilityDate && (
        <Alert severity="info" sx={{ mb: 2 }}>{t('listings:order.notYet', { date: formatDateTime(availabilityDate) })}</Alert>
      )}
      {block === 'inactive' && <Alert severity="warning" sx={{ mb: 2 }}>{t('listings:order.orderingDisabled')}</Alert>}
      <Box component="form" noValidate onSubmit={submit} aria-label={t('listings:order.title')}>
        <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack spacing={2}>
            {methods.length > 1 && (
              <FormControl>
                <FormLabel id="delivery-method-label">{t('listings:order.deliveryMethod')}</FormLabel>
                <RadioGroup row aria-labelledby="delivery-method-label" value={values.deliveryMethod} onChange={(e) => set('deliveryMethod')(e.target.value)}>
                  {methods.map((m) => (
                    <FormControlLabel key={m} value={m} control={<Radio />} label={t(`listings:order.methods.${m}`)} disabled={disabled} />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
            <DateTimeField
              label={t('listings:order.startTime')}
              value={values.startTime}
              onChange={set('startTime')}
              onBlur={touch('startTime')}
              error={Boolean(errorOf('startTime'))}
              helperText={errorOf('startTime') ?? t('listings:order.earliest', { time: formatDateTime(earliest) })}
              min={toLocalInput(earliest)}
              disabled={disabled}
              required
            />
            <DateTimeField
              label={t('listings:order.endTime')}
              value={values.endTime}
              onChange={set('endTime')}
              onBlur={touch('endTime')}
              error={Boolean(errorOf('endTime'))}
              helperText={errorOf('endTime')}
              min={values.startTime || undefined}
              disabled={disabled}
              required
            />
            <TextInput
              type="number"
              label={t('listings:order.quantity')}
              value={values.quantity}
              onChange={(e) => set('quantity')(e.target.value)}
              onBlur={touch('quantity')}
              error={Boolean(errorOf('quantity'))}
              helperText={errorOf('quantity') ?? t('listings:order.minOrder', { min: listing.publicData.minOrderAmount ?? 0 })}
              slotProps={{ htmlInput: { min: listing.publicData.minOrderAmount ?? 0, step: 'any' } }}
              disabled={disabled}
              required
            />
            {withAddress && (
              <>
                <Typography variant="subtitle2">{t('listings:order.deliveryLocation')}</Typography>
                <TextInput
                  label={t('listings:order.street')}
                  value={values.street}
                  onChange={(e) => set('street')(e.target.value)}
                  onBlur={touch('street')}
                  error={Boolean(errorOf('street'))}
                  helperText={errorOf('street')}
                  disabled={disabled}
                />
                <Stack direction="row" spacing={1}>
                  <TextInput label={t('listings:order.postalCode')} value={values.postalCode} onChange={(e) => set('postalCode')(e.target.value)} disabled={disabled} />
                  <TextInput label={t('listings:order.city')} value={values.city} onChange={(e) => set('city')(e.target.value)} disabled={disabled} />
                </Stack>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography variant="body2" color="text.secondary">{t('listings:order.orCoordinates')}</Typography>
                  <Button size="small" onClick={() => setPicking(true)} onMouseEnter={LocationPickerDialog.preload} onFocus={LocationPickerDialog.preload} disabled={disabled}>
                    {t('listings:order.pickOnMap')}
                  </Button>
                </Stack>
                <Stack direction="row" spacing={1}>
                  <TextInput type="number" label={t('listings:order.lat')} value={values.lat} onChange={(e) => set('lat')(e.target.value)} onBlur={touch('street')} disabled={disabled} slotProps={{ htmlInput: { min: -90, max: 90, step: 'any' } }} />
                  <TextInput type="number" label={t('listings:order.lng')} value={values.lng} onChange={(e) => set('lng')(e.target.value)} onBlur={touch('street')} disabled={disabled} slotProps={{ htmlInput: { min: -180, max: 180, step: 'any' } }} />
                </Stack>
              </>
            )}
            <TextInput
              label={t('listings:order.notes')}
              value={values.notes}
              onChange={(e) => set('notes')(e.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: TEXTAREA_MAX } }}
              disabled={disabled}
            />
            <Divider />
            {price ? <PriceRows price={price} rfq={rfq} /> : <Typography variant="body2">{t('listings:order.priceUnavailable')}</Typography>}
            <Button type="submit" variant="contained" disabled={disabled || validate.isPending || add.isPending}>
              {t('listings:order.addToCart')}
            </Button>
            {buyer && !rfq && !disabled && (
              <Button variant="outlined" onClick={enquire} onMouseEnter={LazyEnquiryDialog.preload} onFocus={LazyEnquiryDialog.preload}>
                {t('listings:order.askSeller')}
              </Button>
            )}
            {activeCart && !disabled && (
              <Typography variant="body2" color="text.secondary" data-testid="order-cart">
                {t('carts:order.addingTo', { name: activeCart.name })}
              </Typography>
            )}
          </Stack>
        </fieldset>
      </Box>
      {picking && (
        <LocationPickerDialog
          open
          initial={values.lat && values.lng ? { lat: Number(values.lat), lng: Number(values.lng) } : null}
          near={portCenter}
          onClose={() => setPicking(false)}
          onPick={(p) => {
            setValues((v) => ({ ...v, lat: String(p.lat), lng: String(p.lng) }));
            setTouched((x) => ({ ...x, street: true }));
            validate.reset();
          }}
        />
      )}
      {validate.isSuccess && !add.isSuccess && (
        <Alert severity="success" sx={{ mt: 2 }} role="status" data-testid="order-validated">
          <Typography variant="subtitle2">{t('listings:order.validated')}</Typography>
          <Typography variant="body2">
            {t(validate.data.rfqRequired ? 'listings:order.rfqValidatedTotal' : 'listings:order.validatedTotal', {
              total: formatMoney({ amount: validate.data.price.total, currency: validate.data.price.currency }),
            })}
          </Typography>
          {/* Carts are a buyer's: other organizations get the checked price only. */}
          {buyer && (
            <>
              <Typography variant="body2">{t('carts:order.noActiveCart')}</Typography>
              <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setCreatingCart(true)} onMouseEnter={LazyCreateCartDialog.preload} onFocus={LazyCreateCartDialog.preload}>
                {t('carts:order.createCart')}
              </Button>
            </>
          )}
        </Alert>
      )}
      {add.isSuccess && (
        <Alert severity="success" sx={{ mt: 2 }} role="status" data-testid="order-added">
          <Typography variant="body2">{t('carts:order.added', { name: (add.data as { name?: string } | undefined)?.name ?? activeCart?.name ?? '' })}</Typography>
          <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setMiniCartOpen(true)}>
            {t('carts:order.showCart')}
          </Button>
        </Alert>
      )}
      {add.error && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="order-add-error">
          {cartErrorTexts(t, add.error).map((text) => (
            <div key={text}>{text}</div>
          ))}
        </Alert>
      )}
      <LazyEnquiryDialog open={enquiring} onClose={() => setEnquiring(false)} listingId={listing.id} line={toOrderLine(values, withAddress)} />
      <LazyCreateCartDialog open={creatingCart} onClose={() => setCreatingCart(false)} onCreated={(cart) => addToNewCart(cart.id)} />
      {validate.error && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {serverIssues.length
            ? serverIssues.map((i) => <div key={i.path}>{translateIssue(t, i.message, (i as { values?: Record<string, string> }).values)}</div>)
            : typeof (validate.error as { meta?: { reason?: unknown } }).meta?.reason === 'string'
              ? translateIssue(t, String((validate.error as { meta?: { reason?: unknown } }).meta?.reason))
              : t(`errors:${errorCodeOf(validate.error)}`)}
        </Alert>
      )}
    </Paper>
  );
}
