import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DIGITAL_CATEGORIES, LISTING_UNITS, PHYSICAL_CATEGORIES, PRODUCT_TYPES } from '@harbor/contracts/listing-constants';
import { EditorField, EditorSelectField } from '../components/editor-fields.tsx';
import { translateIssue } from '../messages.ts';
import type { EditorControl } from './editor-control.ts';

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

/** The Details tab, the editor's default: part of the page's first chunk, the other tabs load lazily. */
export function DetailsTab({ control }: { control: EditorControl }) {
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
