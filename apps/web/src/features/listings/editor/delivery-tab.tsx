import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DELIVERY_TIME_UNITS } from '@harbor/contracts/listing-constants';
import { EditorCheckbox, EditorField, EditorSelectField } from '../components/editor-fields.tsx';
import type { EditorControl } from './editor-control.ts';

/** The Delivery tab: who arranges delivery; the seller's times and costs. */
export function DeliveryTab({ control }: { control: EditorControl }) {
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
