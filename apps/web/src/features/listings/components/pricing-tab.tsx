import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useState } from 'react';
import { useController, useFieldArray, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Listing } from '@harbor/contracts';
import { PRICING_TYPES } from '@harbor/contracts/listing-constants';
import { fetchOwnListing, isStockOutOfSync, listingKeys, useSetStock } from '../api/listings-api.ts';
import { discountCheck, type EditorValues } from '../editor-model.ts';
import { translateIssue } from '../messages.ts';
import { EditorField, EditorSelectField } from './editor-fields.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';

type EditorControl = Control<EditorValues>;

/** FIXED or RFQ (seller spec section 3); RFQ makes the listing's rfqRequired true. */
function PricingTypeField({ control }: { control: EditorControl }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'pricingType' });
  return (
    <FormControl>
      <FormLabel id="pricing-type-label">{t('listings:editor.fields.pricingType')}</FormLabel>
      <RadioGroup aria-labelledby="pricing-type-label" name={field.name} value={field.value} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur}>
        {PRICING_TYPES.map((type) => (
          <FormControlLabel key={type} value={type} control={<Radio />} label={t(`listings:editor.pricingTypes.${type}`)} />
        ))}
      </RadioGroup>
      <FormHelperText>{t(`listings:editor.pricingTypeHelp.${field.value}`)}</FormHelperText>
    </FormControl>
  );
}

export function PricingTab({ control, listing }: { control: EditorControl; listing: Listing | null }) {
  const { t } = useTranslation();
  const currency = listing?.price?.currency ?? 'EUR';
  const tiers = useFieldArray({ control, name: 'tiers' });
  const [price, discountType, tierValues] = useWatch({ control, name: ['price', 'discountType', 'tiers'] });
  const { warnings, errors } = discountCheck({ price, discountType, tiers: tierValues }, currency);
  return (
    <>
      <PricingTypeField control={control} />
      <EditorField control={control} name="price" label={t('listings:editor.fields.price', { currency })} required inputMode="decimal" />
      <EditorField control={control} name="setupFee" label={t('listings:editor.fields.setupFee', { currency })} inputMode="decimal" />
      <EditorField control={control} name="minOrderAmount" label={t('listings:editor.fields.minOrderAmount')} required inputMode="decimal" />
      <EditorSelectField
        control={control}
        name="discountType"
        label={t('listings:editor.fields.discountType')}
        options={[
          { value: '', label: t('listings:editor.noDiscount') },
          { value: 'PERCENT', label: t('listings:discountTypes.PERCENT') },
          { value: 'FIXED_AMOUNT', label: t('listings:discountTypes.FIXED_AMOUNT', { currency }) },
        ]}
      />
      {discountType && (
        <Box>
          <Typography variant="subtitle2">{t('listings:editor.tiers')}</Typography>
          {tiers.fields.map((f, i) => (
            <Stack key={f.id} direction="row" spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
              <EditorField control={control} name={`tiers.${i}.orderMin`} label={t('listings:editor.fields.orderMin')} inputMode="decimal" />
              <EditorField
                control={control}
                name={`tiers.${i}.amount`}
                label={discountType === 'PERCENT' ? t('listings:editor.fields.discountPercent') : t('listings:editor.fields.discountAmount', { currency })}
                inputMode="decimal"
              />
              <IconButton onClick={() => tiers.remove(i)} aria-label={t('listings:editor.removeTier', { index: i + 1 })}>
                <DeleteOutline />
              </IconButton>
            </Stack>
          ))}
          <Button onClick={() => tiers.append({ orderMin: '', amount: '' })} sx={{ mt: 1 }}>
            {t('listings:editor.addTier')}
          </Button>
          {errors.map((w) => (
            <Alert key={w.path + w.message} severity="error" sx={{ mt: 1 }}>
              {translateIssue(t, w.message, w.values)}
            </Alert>
          ))}
          {warnings.map((w) => (
            <Alert key={w.path + w.message} severity="warning" sx={{ mt: 1 }}>
              {translateIssue(t, w.message, w.values)}
            </Alert>
          ))}
        </Box>
      )}
    </>
  );
}

/** Stock by compare-and-set: a stale total answers "Stock out of sync"; refresh and retry. */
export function StockControl({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setStock = useSetStock(listing.id);
  const [value, setValue] = useState(listing.currentStock == null ? '' : String(listing.currentStock));
  const [oldTotal, setOldTotal] = useState<number | null>(listing.currentStock);
  const invalid = !/^\d+$/.test(value);
  const outOfSync = isStockOutOfSync(setStock.error);
  const submit = () => {
    if (invalid) return;
    setStock.mutate({ oldTotal, newTotal: Number(value) }, { onSuccess: (r) => setOldTotal(r.currentStock) });
  };
  const refresh = async () => {
    const fresh = await fetchOwnListing(listing.id);
    setOldTotal(fresh.currentStock);
    setStock.reset();
    queryClient.setQueryData(listingKeys.own(listing.id), fresh);
  };
  return (
    <Box component="section" aria-labelledby="stock-title" sx={{ mt: 4, maxWidth: 720 }}>
      <Typography id="stock-title" variant="h3" component="h2" sx={{ mb: 1 }}>
        {t('listings:editor.stock.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('listings:editor.stock.current', { stock: oldTotal ?? '—' })}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextInput
          label={t('listings:editor.fields.stock')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={invalid && value !== ''}
          helperText={invalid && value !== '' ? t('listings:validation.stockMin') : undefined}
          inputMode="numeric"
        />
        <Button variant="outlined" onClick={submit} disabled={invalid || setStock.isPending} sx={{ mt: 1 }}>
          {t('listings:editor.stock.update')}
        </Button>
      </Stack>
      {setStock.isSuccess && <Alert severity="success" sx={{ mt: 1 }}>{t('listings:editor.stock.updated', { stock: setStock.data.currentStock })}</Alert>}
      {outOfSync && (
        <Alert
          severity="warning"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" onClick={() => void refresh()}>
              {t('listings:editor.stock.refresh')}
            </Button>
          }
        >
          {t('listings:editor.stock.outOfSync')}
        </Alert>
      )}
      {setStock.error && !outOfSync && <Alert severity="error" sx={{ mt: 1 }}>{t('listings:errors.stockUpdateFailed')}</Alert>}
    </Box>
  );
}
